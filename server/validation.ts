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
  const path = issuePath(issue.path);
  if (!path && issue.code === 'invalid_type') {
    return new ApiError(status, 'The request body must be a JSON object with the fields of this endpoint.', {
      code: 'invalid_parameter',
    });
  }
  // A record's keys are the caller's, so the path can be a 1 MB key: cut like any echoed value.
  const param = path && shown(path);
  const generic = issue.message.startsWith('Invalid') || issue.message.startsWith('Expected');
  const message =
    path && (generic || !issue.message.includes(path.split(/[.[]/)[0]!))
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
