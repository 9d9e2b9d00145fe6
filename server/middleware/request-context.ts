import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { newId } from '../ids';
import type { Logger } from '../logger';

/**
 * A caller's trace id is kept so that one trace spans their systems and ours, but only when it is a
 * plain token: it is echoed into headers, JSON and logs, so nothing that could inject or bloat them.
 */
const SANE_TRACE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

export function acceptTraceId(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  return value && SANE_TRACE_ID.test(value) ? value : undefined;
}

/**
 * Gives every request its ids (first middleware, so that even errors carry them) and logs one line
 * per request: method, path without the query (queries can carry personal data), status, time.
 * The readiness probe is not logged; it is polled.
 */
export function requestContext(log?: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const requestId = newId('req');
    const traceId = acceptTraceId(c.req.header('x-trace-id')) ?? newId('trace');
    c.set('requestId', requestId);
    c.set('traceId', traceId);
    await next();
    // A proxied answer keeps the upstream's ids: they match its body and its operators' logs. A
    // file of the dashboard's build goes without: nobody quotes the id of a script in a bug report,
    // and on a phone link the ~90 bytes per file add up (decision 141).
    if (!c.get('staticFile')) {
      if (!c.res.headers.has('x-request-id')) c.header('X-Request-Id', requestId);
      if (!c.res.headers.has('x-trace-id')) c.header('X-Trace-Id', traceId);
    }
    if (log && c.req.path !== '/healthz') {
      log.info('request', {
        request_id: requestId,
        trace_id: traceId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      });
    }
  };
}
