import type { Context, ErrorHandler, Hono, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import type { AppEnv } from '../context';
import { ApiError } from '../errors';
import { errorResponse, invalidJson, isJsonContentType } from '../http';
import type { Logger } from '../logger';
import { incomingOf } from './host-guard';
import { apiErrorFromZod } from '../validation';
import { shown } from '@contract/quoted';

const API_PREFIX = /^\/(v1|api)(\/|$)/;

/** Turns whatever was thrown into an ApiError; undefined when it is a genuine server fault. */
function toApiError(err: unknown, method: string, contentType: string | undefined): ApiError | undefined {
  if (err instanceof ApiError) return err;
  // Full zod's ZodError and zod/mini's $ZodError alike.
  if (err instanceof z.core.$ZodError) return apiErrorFromZod(err);
  if (err instanceof HTTPException) {
    return new ApiError(err.status, err.message || `Request failed with status ${err.status}.`);
  }
  // c.req.json() on a malformed body throws a bare SyntaxError; only then is it the client's fault.
  if (err instanceof SyntaxError && method !== 'GET' && method !== 'HEAD' && isJsonContentType(contentType)) {
    return invalidJson(err);
  }
  // The Node adapter raises RequestError when the client's body cannot be read (aborted upload).
  if (err instanceof Error && err.name === 'RequestError') {
    return new ApiError(400, `The request body could not be read: ${err.message}. Retry the request.`, {
      code: 'body_read_error',
    });
  }
  return undefined;
}

/** Whether the client went away before its request was complete (its body can no longer be read). */
function clientClosed(c: Context<AppEnv>): boolean {
  if (c.req.raw.signal?.aborted) return true;
  const incoming = incomingOf(c.env);
  return incoming !== undefined && incoming.destroyed && !incoming.complete;
}

/**
 * Every error becomes the LOCAL_API.md envelope. Expected errors keep their status and message;
 * anything else is logged with its stack and answered with a generic 500 that names the request id,
 * so no internals leak.
 */
export function errorHandler(log: Logger): ErrorHandler<AppEnv> {
  return (err, c) => {
    if (clientClosed(c)) {
      // The client hung up mid-request: its doing, not a server fault. Nobody reads this answer; 499
      // (as nginx logs it) keeps it out of the 5xx counts and says what happened in the request log.
      log.info('request aborted by the client', {
        request_id: c.var.requestId,
        method: c.req.method,
        path: c.req.path,
      });
      return errorResponse(c, 499 as ContentfulStatusCode, {
        message: 'The client closed the connection before the request was complete.',
        type: 'invalid_request_error',
        code: 'client_closed_request',
      });
    }
    const apiError = toApiError(err, c.req.method, c.req.header('content-type'));
    if (apiError) {
      const status = (
        apiError.status >= 400 && apiError.status <= 599 ? apiError.status : 500
      ) as ContentfulStatusCode;
      if (status >= 500) {
        log.error('request failed', {
          request_id: c.var.requestId,
          path: c.req.path,
          error: apiError.message,
        });
      }
      const { code, param, headers } = apiError.options;
      return errorResponse(
        c,
        status,
        { message: apiError.message, type: apiError.type, code, param },
        headers,
      );
    }
    log.error('unhandled error', {
      request_id: c.var.requestId,
      trace_id: c.var.traceId,
      method: c.req.method,
      path: c.req.path,
      error: err instanceof Error ? (err.stack ?? err.message) : String(err),
    });
    return errorResponse(c, 500, {
      message: `The server hit an unexpected error. Retry; if it persists, report request id ${c.var.requestId}.`,
      code: 'internal_error',
    });
  };
}

const compiled = new Map<string, RegExp>();

/** Hono route patterns as regular expressions, for telling 404 from 405. */
function patternToRegExp(pattern: string): RegExp {
  let re = compiled.get(pattern);
  if (!re) {
    re = compilePattern(pattern);
    compiled.set(pattern, re);
  }
  return re;
}

function compilePattern(pattern: string): RegExp {
  const parts = pattern.split('/').map((segment) => {
    const param = segment.match(/^:\w+(?:\{(.+)\})?(\?)?$/);
    if (param) return `(?:${param[1] ?? '[^/]+'})${param[2] ?? ''}`;
    return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  return new RegExp(`^${parts.join('/')}/?$`);
}

/** Methods that have a route matching `path` (HEAD is implied by GET, as Hono serves it). */
export function allowedMethods(
  routes: ReadonlyArray<{ method: string; path: string }>,
  path: string,
): string[] {
  const methods = new Set<string>();
  for (const route of routes) {
    if (route.method === 'ALL' || route.path.includes('*')) continue;
    if (patternToRegExp(route.path).test(path)) {
      methods.add(route.method);
      if (route.method === 'GET') methods.add('HEAD');
    }
  }
  return [...methods].sort();
}

/**
 * Unknown paths answer 404 in the envelope, naming the method and path; a known API path asked
 * with the wrong method answers 405 with an Allow header listing what it does accept.
 */
export function notFoundHandler(app: Hono<AppEnv>): NotFoundHandler<AppEnv> {
  return (c) => {
    const { method, path } = c.req;
    if (API_PREFIX.test(path)) {
      const allow = allowedMethods(app.routes, path);
      if (allow.length > 0 && !allow.includes(method)) {
        return errorResponse(
          c,
          405,
          {
            message: `${method} is not allowed on ${shown(path)}. Allowed: ${allow.join(', ')}.`,
            code: 'method_not_allowed',
          },
          { Allow: allow.join(', ') },
        );
      }
      return errorResponse(c, 404, {
        message: `No route for ${method} ${shown(path)}. Check the method and path against the API reference.`,
        code: 'route_not_found',
      });
    }
    return errorResponse(c, 404, {
      message: `Nothing at ${method} ${shown(path)}. The dashboard is at /, the API under /v1.`,
      code: 'not_found',
    });
  };
}
