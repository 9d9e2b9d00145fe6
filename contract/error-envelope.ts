import { z } from 'zod';

/**
 * The local server's error envelope (LOCAL_API.md, Identity, errors, tracing). Full zod, for the
 * server and tests only: the dashboard reads errors with `parseApiError` (errors.ts), which needs no
 * zod, so that this schema never reaches the browser bundle.
 */
export const ErrorEnvelopeSchema = z.object({
  error: z.object({
    message: z.string(),
    type: z.string(),
    code: z.string().nullable().optional(),
    param: z.string().nullable().optional(),
  }),
  request_id: z.string().optional(),
  trace_id: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;
