import { z } from 'zod';
import { UploadAssetFieldsSchema } from './asset-schemas';
import { isRecord } from './is-record';
import { TEXT_MODELS } from './models';
import { TranscriptionParamsSchema } from './text-requests';
import { modelField } from './text-schema-kit';

// The multipart forms the server reads, in full zod: only the server judges them, at its one
// validation edge (server/middleware/validate.ts's validForm), so the browser never loads this file.

/** What the server's multipart reading says of the `file` part: enough to refuse an absent or empty one. */
export interface UploadedFileMeta {
  name: string;
  size: number;
}

interface Refusal {
  message: string;
  code?: string;
}

/**
 * The `file` part of a form: absent is refused with `missing`, a file of no bytes with `empty`.
 * `F` is the server's own record of the stored part, passed through to the service.
 */
export function uploadedFile<F extends UploadedFileMeta>(missing: Refusal, empty: Refusal = missing) {
  return z.custom<F>().superRefine((value, ctx) => {
    const present = isRecord(value) && typeof value.size === 'number';
    const refusal = !present ? missing : value.size === 0 ? empty : undefined;
    if (refusal) {
      ctx.addIssue({
        code: 'custom',
        message: refusal.message,
        ...(refusal.code ? { params: { code: refusal.code } } : {}),
      });
    }
  });
}

/**
 * POST /v1/assets/uploads as multipart: the file first (without one nothing else matters), then
 * the fields of UploadAssetFieldsSchema.
 */
export function assetUploadFormSchema<F extends UploadedFileMeta>() {
  return z.object({
    file: uploadedFile<F>(
      { message: 'multipart field `file` is required', code: 'missing_file' },
      { message: 'The uploaded file is empty: choose a file with content.', code: 'empty_file' },
    ),
    ...UploadAssetFieldsSchema.shape,
  });
}

const AUDIO_FILE =
  'file is required: attach the audio (mp3, wav, m4a, ogg, webm, flac…) as the multipart part "file".';
const GRANULARITIES = ['word', 'segment'] as const;
const GRANULARITY = `timestamp_granularities must be "word", "segment" or both.`;

/**
 * POST /v1/audio/transcriptions and /translations: the form's fields and its file, in the order
 * they are judged (model, the options, then the file). `timestamp_granularities[]`, as the official
 * clients repeat it, arrives as a list; one plain value counts as a list of one.
 */
export function transcriptionRequestSchema<F extends UploadedFileMeta>(
  kind: 'transcription' | 'translation',
) {
  return z.looseObject({
    model: modelField(TEXT_MODELS.transcription, `POST /v1/audio/${kind}s`),
    ...TranscriptionParamsSchema.shape,
    timestamp_granularities: z.preprocess(
      (v) => (typeof v === 'string' ? [v] : v),
      z.array(z.enum(GRANULARITIES, { error: GRANULARITY }), { error: GRANULARITY }).optional(),
    ),
    file: uploadedFile<F>({ message: AUDIO_FILE }),
  });
}
