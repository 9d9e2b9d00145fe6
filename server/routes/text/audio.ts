import { Hono } from 'hono';
import { SpeechRequestSchema } from '@contract/text-requests';
import type { AppContext, AppEnv } from '../../context';
import { json } from '../../http';
import { validJson } from '../../middleware/validate';
import { MAX_AUDIO_UPLOAD_BYTES, receiveAudioUpload } from '../../services/text/audio/audio-upload';
import { speak } from '../../services/text/audio/speech';
import { transcribe } from '../../services/text/audio/transcription';

/** POST /v1/audio/speech, /v1/audio/transcriptions and /v1/audio/translations. */
export function audioRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/v1/audio/speech', validJson(SpeechRequestSchema), async (c) => {
    const { audio, headers } = await speak(c.req.valid('json'), c.req.raw.signal);
    return c.body(audio, 200, headers);
  });

  for (const kind of ['transcription', 'translation'] as const) {
    app.post(`/v1/audio/${kind}s`, async (c) => {
      const limit = Math.min(MAX_AUDIO_UPLOAD_BYTES, ctx.config.maxUploadBytes);
      const upload = await receiveAudioUpload(c.req.raw, limit);
      try {
        const transcript = await transcribe(kind, upload);
        if ('json' in transcript) return json(c, transcript.json);
        const type = transcript.contentType;
        return c.text(transcript.text, 200, type ? { 'Content-Type': type } : undefined);
      } finally {
        await upload.cleanup();
      }
    });
  }
  return app;
}
