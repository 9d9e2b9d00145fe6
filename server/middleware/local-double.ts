import { STATUS_CODES } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppContext, AppEnv } from '../context';
import { errorResponse } from '../http';
import { applyAnswerForms, hasAnswerForms } from '../services/double/answer-forms';
import {
  DOUBLE_HEADER,
  mergeDirectives,
  parseDirectives,
  withDirectives,
  type Directives,
} from '../services/double/directives';
import { consumeKeyFault, readKeyDirectives } from '../services/double/key-switch';

/** The switch's own endpoint is never faulted: a test must always be able to turn a fault off. */
const SWITCH_PATH = '/v1/local/double';

function matches(d: Directives, c: Context<AppEnv>): boolean {
  if (d.path && !c.req.path.startsWith(d.path)) return false;
  if (d.method && c.req.method !== d.method) return false;
  return true;
}

function faultResponse(c: Context<AppEnv>, d: Directives): Response {
  switch (d.fault) {
    case '429': {
      const seconds = d.retryAfter ?? 1;
      const retryAfter =
        d.retryAfterForm === 'date' ? new Date(Date.now() + seconds * 1000).toUTCString() : String(seconds);
      return errorResponse(
        c,
        429,
        {
          message: `Rate limit reached: too many requests for this API key. Retry after ${seconds} seconds (Retry-After).`,
          code: 'rate_limit_exceeded',
        },
        { 'Retry-After': retryAfter },
      );
    }
    case '402':
      return errorResponse(c, 402, {
        message:
          'Insufficient quota: this API key has used up its quota. Add credit or raise the quota, then try again.',
        code: 'insufficient_quota',
      });
    case '503':
      return errorResponse(c, 503, {
        message: 'The service is temporarily unavailable. Try again in a moment.',
        code: 'service_unavailable',
      });
    default: {
      // What a gateway in front of a deployment sends: HTML, not the JSON envelope (Errors, rule 1),
      // titled with the reason phrase of the status asked for (502 Bad Gateway by default).
      const status = d.status ?? 502;
      const title = `${status} ${STATUS_CODES[status] ?? 'Error'}`;
      return c.body(
        `<html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`,
        status as 502,
        {
          'Content-Type': 'text/html; charset=utf-8',
        },
      );
    }
  }
}

/**
 * The local double's switch (decision 290): after auth, reads the key's setting and this request's
 * `X-Local-Double` header; answers a fault at once, or runs the request with the directives in
 * reach of the services (asset and task outcomes) and rewrites a JSON answer into the forms asked.
 */
export function localDouble(ctx: AppContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.path === SWITCH_PATH) return next();
    const header = c.req.header(DOUBLE_HEADER);
    const keyWide = readKeyDirectives(ctx, c.var.owner);
    const request = header ? parseDirectives(header) : {};
    const d = mergeDirectives(keyWide, request);
    if (d.fault && matches(d, c)) {
      // A header fault always answers; a key-wide one counts down its `times`.
      if (request.fault || consumeKeyFault(ctx, c.var.owner)) return faultResponse(c, d);
    }
    await withDirectives(d, next);
    if (!hasAnswerForms(d) || !c.res.headers.get('content-type')?.includes('application/json')) return;
    const body: unknown = await c.res.clone().json();
    const headers = new Headers(c.res.headers);
    headers.delete('content-length');
    c.res = new Response(JSON.stringify(applyAnswerForms(body, d)), { status: c.res.status, headers });
  };
}
