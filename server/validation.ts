import { z } from 'zod';
import { issuePath } from '@contract/issue-path';
import { shown } from '@contract/quoted';
import { ApiError } from './errors';

/**
 * The first problem of a failed parse as a 400 whose message names the field, with `param` set.
 * Takes the error of a full zod or a `zod/mini` schema alike (both are `$ZodError`s).
 */
export function apiErrorFromZod(error: z.core.$ZodError, status = 400): ApiError {
  const issue = error.issues[0];
  if (!issue) return new ApiError(status, 'Request is invalid.', { code: 'invalid_parameter' });
  // A record's keys are the caller's, so a name on the path can be 1 MB: each is cut like any
  // echoed value, and the path, a few names of the schema's, stays whole.
  const param = issuePath(issue.path.map((part) => (typeof part === 'string' ? shown(part) : part)));
  if (!param && issue.code === 'invalid_type') {
    return new ApiError(status, 'The request body must be a JSON object with the fields of this endpoint.', {
      code: 'invalid_parameter',
    });
  }
  const generic = issue.message.startsWith('Invalid') || issue.message.startsWith('Expected');
  const message =
    param && (generic || !issue.message.includes(param.split(/[.[]/)[0]!))
      ? `${param}: ${issue.message}`
      : issue.message;
  return new ApiError(status, message, { code: codeOf(issue), ...(param ? { param } : {}) });
}

/** A contract schema names the code of the refusals clients tell apart (text-schema-kit.ts). */
function codeOf(issue: z.core.$ZodIssue): string {
  const code: unknown = issue.code === 'custom' ? issue.params?.code : undefined;
  return typeof code === 'string' ? code : 'invalid_parameter';
}

/**
 * Validates input with a contract schema, full zod or `zod/mini` (the request schemas the browser
 * shares are mini); a failure becomes a 400 naming the field to fix.
 */
export function parseOrThrow<S extends z.core.$ZodType>(schema: S, data: unknown, status = 400): z.output<S> {
  const result = z.core.safeParse(schema, data);
  if (result.success) return result.data;
  throw apiErrorFromZod(result.error, status);
}
