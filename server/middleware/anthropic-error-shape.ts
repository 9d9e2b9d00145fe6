import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';

/** Anthropic's error types for our statuses, so its client raises the matching error class. */
function anthropicErrorType(status: number): string {
  if (status === 400 || status === 405 || status === 415 || status === 422) return 'invalid_request_error';
  if (status === 401) return 'authentication_error';
  if (status === 402) return 'billing_error';
  if (status === 403) return 'permission_error';
  if (status === 404) return 'not_found_error';
  if (status === 413) return 'request_too_large';
  if (status === 429) return 'rate_limit_error';
  if (status === 529 || status === 503) return 'overloaded_error';
  return 'api_error';
}

/**
 * Rewrites this project's error envelope into Anthropic's `{type:"error", error:{type, message}}`
 * for the Messages endpoints, whoever raised it (auth, body limit, validation), keeping
 * `request_id`/`trace_id` and the field name in `error.param`. Mounted before auth for that reason.
 */
export function anthropicErrorShape(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (res.status < 400 || !res.headers.get('content-type')?.includes('json')) return;
    const body = (await res
      .clone()
      .json()
      .catch(() => undefined)) as
      | {
          error?: { message?: string; param?: string; code?: string };
          request_id?: string;
          trace_id?: string;
        }
      | undefined;
    if (!body?.error || typeof body.error.message !== 'string') return;
    const headers = new Headers(res.headers);
    headers.delete('content-length');
    if (body.request_id) headers.set('request-id', body.request_id);
    c.res = new Response(
      JSON.stringify({
        type: 'error',
        error: {
          type: anthropicErrorType(res.status),
          message: body.error.message,
          ...(body.error.param ? { param: body.error.param } : {}),
          ...(body.error.code ? { code: body.error.code } : {}),
        },
        request_id: body.request_id,
        trace_id: body.trace_id,
      }),
      { status: res.status, headers },
    );
  };
}
