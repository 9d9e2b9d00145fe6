import { Hono } from 'hono';
import { SpeechRequestSchema } from '@contract/text-requests';
import { transcriptionRequestSchema } from '@contract/upload-forms';
import type { AppContext, AppEnv } from '../../context';
import { json } from '../../http';
import { validForm, validJson } from '../../middleware/validate';
import {
  MAX_AUDIO_UPLOAD_BYTES,
  receiveAudioUpload,
  type AudioFile,
} from '../../services/text/audio/audio-upload';
import { speak } from '../../services/text/audio/speech';
import { transcribe } from '../../services/text/audio/transcription';

/** POST /v1/audio/speech, /v1/audio/transcriptions and /v1/audio/translations. */
export function audioRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/v1/audio/speech', validJson(SpeechRequestSchema), async (c) => {
    const { audio, headers } = await speak(c.req.valid('json'), c.req.raw.signal);
    return c.body(audio, 200, headers);
  });

  const limit = Math.min(MAX_AUDIO_UPLOAD_BYTES, ctx.config.maxUploadBytes);
  for (const kind of ['transcription', 'translation'] as const) {
    const form = validForm(transcriptionRequestSchema<AudioFile>(kind), (c) =>
      receiveAudioUpload(c.req.raw, limit, ctx.log),
    );
    app.post(`/v1/audio/${kind}s`, form, async (c) => {
      const transcript = await transcribe(kind, c.req.valid('form'));
      if ('json' in transcript) return json(c, transcript.json);
      const type = transcript.contentType;
      return c.text(transcript.text, 200, type ? { 'Content-Type': type } : undefined);
    });
  }
  return app;
}
