import { z } from 'zod';
import { callbackUrlProblem } from './callback-url-rules';

/**
 * The `callback_url` schema for the server. The pure rules live in callback-url-rules.ts, free of full
 * zod, so that the dashboard can check a URL as it is typed (decisions 001, 006).
 */
export * from './callback-url-rules';

/** A `callback_url` field: trimmed, checked with `callbackUrlProblem` (without secrets). */
export const CallbackUrlSchema = z
  .string({ error: 'callback_url must be a string: an absolute http(s) URL' })
  .trim()
  .superRefine((url, ctx) => {
    const problem = callbackUrlProblem(url);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
