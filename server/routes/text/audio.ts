import { Hono } from 'hono';
import { TEXT_MODELS } from '@contract/models';
import type { AppContext, AppEnv } from '../../context';
import { ApiError, badRequest } from '../../errors';
import { json, readJson } from '../../http';
import { MAX_AUDIO_UPLOAD_BYTES, receiveAudioUpload } from '../../services/text/audio-upload';
import { checkModel, requireBody } from '../../services/text/params';
import { synthesizeSpeech } from '../../services/text/speech';
import { parseOrThrow } from '../../validation';
import {
  MAX_SPEECH_CHARS,
  SPEECH_VOICES,
  SpeechParamsSchema,
  TranscriptionParamsSchema,
} from '@contract/text-requests';
import {
  audioDuration,
  placeholderText,
  segmentsFor,
  toSrt,
  toVtt,
  wordsFor,
} from '../../services/text/transcription';

/** POST /v1/audio/speech, /v1/audio/transcriptions and /v1/audio/translations. */
export function audioRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/v1/audio/speech', async (c) => {
    const body = requireBody(await readJson(c));
    const model = checkModel(body.model, TEXT_MODELS.speech, 'POST /v1/audio/speech');
    if (body.voice === undefined || body.voice === null) {
      throw badRequest(
        `voice is required: one of ${SPEECH_VOICES.join(', ')}.`,
        'voice',
        'missing_required_parameter',
      );
    }
    const params = parseOrThrow(SpeechParamsSchema, body);
    const input = params.input;
    if (!input || input.trim() === '') {
      throw badRequest(
        `input is required: the text to speak (up to ${MAX_SPEECH_CHARS} characters).`,
        'input',
      );
    }
    const voice = params.voice ?? 'alloy';
    const format = params.response_format ?? 'mp3';
    const speed = params.speed ?? undefined;
    const result = await synthesizeSpeech({
      text: input,
      voice,
      speed,
      format,
      hd: model === 'tts-1-hd',
      signal: c.req.raw.signal,
    });
    return c.body(new Uint8Array(result.audio), 200, {
      'Content-Type': result.contentType,
      'Content-Length': String(result.audio.length),
      'Content-Disposition': `inline; filename="speech.${format}"`,
      'X-Speech-Language': result.language,
    });
  });

  for (const kind of ['transcription', 'translation'] as const) {
    const endpoint = `/v1/audio/${kind}s`;
    app.post(endpoint, async (c) => {
      const upload = await receiveAudioUpload(
        c.req.raw,
        Math.min(MAX_AUDIO_UPLOAD_BYTES, ctx.config.maxUploadBytes),
      );
      try {
        const field = (name: string) => upload.fields[name]?.[0];
        checkModel(field('model'), TEXT_MODELS.transcription, `POST ${endpoint}`);
        const params = parseOrThrow(TranscriptionParamsSchema, {
          response_format: field('response_format'),
          temperature: field('temperature'),
          language: field('language'),
        });
        const format = params.response_format ?? 'json';
        const language = params.language;
        if (!upload.file || upload.file.size === 0) {
          throw badRequest(
            'file is required: attach the audio (mp3, wav, m4a, ogg, webm, flac…) as the multipart part "file".',
            'file',
          );
        }
        const duration = await audioDuration(upload.file.path);
        if (duration === undefined) {
          throw new ApiError(
            400,
            `file "${upload.file.name.slice(0, 100)}" is not audio that can be decoded: send mp3, wav, m4a, ogg, webm or flac.`,
            {
              code: 'invalid_file_format',
              param: 'file',
            },
          );
        }
        const text = placeholderText(kind, duration, upload.file.name);
        const segments = segmentsFor(duration, kind);
        const usage = { type: 'duration', seconds: Math.ceil(duration) };
        switch (format) {
          case 'text':
            return c.text(`${text}\n`);
          case 'srt':
            return c.text(toSrt(segments), 200, { 'Content-Type': 'application/x-subrip; charset=utf-8' });
          case 'vtt':
            return c.text(toVtt(segments), 200, { 'Content-Type': 'text/vtt; charset=utf-8' });
          case 'verbose_json': {
            const granularities = [
              ...(upload.fields['timestamp_granularities[]'] ?? []),
              ...(upload.fields.timestamp_granularities ?? []),
            ];
            return json(c, {
              task: kind === 'translation' ? 'translate' : 'transcribe',
              language: kind === 'translation' ? 'english' : (language ?? 'unknown'),
              duration,
              text,
              segments,
              ...(granularities.includes('word') ? { words: wordsFor(text, duration) } : {}),
              usage,
            });
          }
          default:
            return json(c, { text, usage });
        }
      } finally {
        await upload.cleanup();
      }
    });
  }
  return app;
}
