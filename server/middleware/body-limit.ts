import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { formatBytes } from '@contract/format-bytes';
import type { AppEnv } from '../context';
import { ApiError } from '../errors';

export function isMultipart(contentType: string | undefined): boolean {
  return /^\s*multipart\/form-data\b/i.test(contentType ?? '');
}

/**
 * Caps request bodies on API routes at MAX_JSON_BYTES (413 in the error envelope). A declared
 * Content-Length is checked before anything is read; a chunked body is counted as it arrives.
 *
 * multipart/form-data bodies are not capped here: they carry files (uploads, transcription) and
 * each multipart route streams them to disk under its own MAX_UPLOAD_BYTES limit, answering 413
 * and removing the partial file itself. A route needing a different cap can opt out with
 * `skip` and mount its own `jsonBodyLimit(size)` instead.
 */
export function jsonBodyLimit(
  maxBytes: number,
  opts: {
    skip?: (method: string, path: string) => boolean;
    /** What to do instead, after "Send a smaller body" (the API's own points at uploads). */
    advice?: string;
  } = {},
): MiddlewareHandler<AppEnv> {
  const advice = opts.advice ?? 'files go through multipart upload to POST /v1/assets/uploads';
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new ApiError(
        413,
        `Request body is larger than the ${formatBytes(maxBytes, 'en')} limit for JSON requests. ` +
          `Send a smaller body; ${advice}.`,
        { code: 'payload_too_large' },
      );
    },
  });
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    if (isMultipart(c.req.header('content-type'))) return next();
    if (opts.skip?.(c.req.method, c.req.path)) return next();
    return limit(c, next);
  };
}
