/**
 * Response helpers every route uses, so that LOCAL_API.md's identity rules hold everywhere:
 *
 * - `json(c, body, status?, headers?)`: answers a JSON object with `request_id` and `trace_id`
 *   added (the current request's, overriding any stored value). Arrays are sent as they are: the
 *   rule covers JSON *object* responses, and list endpoints answer an object envelope anyway.
 * - `readJson(c)`: the parsed JSON body, or a 415 (not JSON) / 400 (empty or malformed) ApiError.
 * - `errorBody(c, …)`: the error envelope; the app's error handler uses it, routes simply throw
 *   an ApiError (server/errors.ts).
 */
import { brotliCompressSync } from 'node:zlib';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './context';
import { jsonTextDepth } from '@contract/bounded-json';
import type { ErrorEnvelope } from '@contract/error-envelope';
import { ApiError, errorTypeForStatus } from './errors';
import { quoted } from '@contract/quoted';

type AnyContext = Context<AppEnv>;

export function withIds<T extends object>(
  c: AnyContext,
  body: T,
): T & { request_id: string; trace_id: string } {
  // A body that carries its own ids keeps them: a task answers with the ids of the request that
  // created it (specification, Task states rule 3: kept for troubleshooting); this request's own
  // ids are in the X-Request-Id and X-Trace-Id headers.
  const own = body as { request_id?: unknown; trace_id?: unknown };
  return {
    ...body,
    request_id: typeof own.request_id === 'string' && own.request_id ? own.request_id : c.var.requestId,
    trace_id: typeof own.trace_id === 'string' && own.trace_id ? own.trace_id : c.var.traceId,
  };
}

export function json(
  c: AnyContext,
  body: object,
  status: ContentfulStatusCode = 200,
  headers?: Record<string, string>,
): Response {
  const payload = Array.isArray(body) ? body : withIds(c, body);
  return c.json(payload, status, headers);
}

/**
 * A small body the server builds per request (the dashboard's document, /bootstrap), brotli-encoded
 * when the client accepts it: both are on the critical path of every first open, and neither has a
 * precompressed copy (the compress middleware would gzip only the document, a fifth larger).
 */
export function brotliIfAccepted(
  c: AnyContext,
  body: string,
  headers: Record<string, string>,
  status: ContentfulStatusCode = 200,
): Response {
  // A body no cache keeps (no-store) needs no Vary: it would be header bytes on the first open for nothing.
  const vary = /no-store/.test(headers['Cache-Control'] ?? '')
    ? headers
    : { ...headers, Vary: headers.Vary ? `${headers.Vary}, Accept-Encoding` : 'Accept-Encoding' };
  if (!/(^|[\s,])br\s*(;|,|$)/i.test(c.req.header('accept-encoding') ?? ''))
    return c.body(body, status, vary);
  return c.body(new Uint8Array(brotliCompressSync(body)), status, { ...vary, 'Content-Encoding': 'br' });
}

/** What a caller gives; `type` and `code` default from the status. */
export type ErrorEnvelopeFields = Pick<ErrorEnvelope['error'], 'message'> &
  Partial<Record<'type' | 'code' | 'param', string>>;

const DEFAULT_CODES: Record<number, string> = {
  400: 'invalid_request',
  401: 'invalid_api_key',
  402: 'insufficient_quota',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable_entity',
  429: 'rate_limit_exceeded',
  500: 'internal_error',
  502: 'upstream_unreachable',
  503: 'service_unavailable',
};

export function defaultErrorCode(status: number): string {
  return DEFAULT_CODES[status] ?? (status >= 500 ? 'server_error' : 'invalid_request');
}

export function errorBody(c: AnyContext, status: number, fields: ErrorEnvelopeFields): ErrorEnvelope {
  return {
    error: {
      message: fields.message,
      type: fields.type ?? errorTypeForStatus(status),
      code: fields.code ?? defaultErrorCode(status),
      ...(fields.param ? { param: fields.param } : {}),
    },
    request_id: c.var.requestId,
    trace_id: c.var.traceId,
  };
}

export function errorResponse(
  c: AnyContext,
  status: ContentfulStatusCode,
  fields: ErrorEnvelopeFields,
  headers?: Record<string, string>,
): Response {
  return c.json(errorBody(c, status, fields), status, headers);
}

/** application/json, its `+json` family (e.g. application/merge-patch+json), any charset. */
export function isJsonContentType(value: string | undefined | null): boolean {
  if (!value) return false;
  const mime = value.split(';')[0]!.trim().toLowerCase();
  return mime === 'application/json' || /^application\/[\w.+-]+\+json$/.test(mime);
}

/** Deeper bodies are refused before parsing: far beyond any real request, far below a stack overflow. */
export const MAX_JSON_BODY_DEPTH = 128;

/**
 * Reads the request body as JSON. Errors say how to fix the request: the wrong Content-Type is a
 * 415, an empty or malformed body a 400 quoting the parser's complaint.
 */
export async function readJson(c: AnyContext): Promise<unknown> {
  const contentType = c.req.header('content-type');
  if (contentType && !isJsonContentType(contentType)) throw unsupportedMediaType(c, contentType);
  const text = await c.req.text();
  if (text.trim() === '') {
    throw new ApiError(
      400,
      'Request body is empty: send a JSON object with Content-Type: application/json.',
      {
        code: 'missing_body',
      },
    );
  }
  if (!contentType) throw unsupportedMediaType(c, undefined);
  // Any field of any body, not only the ones with their own bounds (decision 061).
  if (jsonTextDepth(text) > MAX_JSON_BODY_DEPTH) {
    throw new ApiError(
      400,
      `Request body nests objects and arrays more than ${MAX_JSON_BODY_DEPTH} levels deep; flatten it.`,
      { code: 'json_too_deep' },
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw invalidJson(err);
  }
}

/**
 * 415 unless the request declares a JSON body. Besides telling a client what to send, this keeps
 * out cross-site posts: a form or `text/plain` post needs no CORS preflight, a JSON one does
 * (decision 282).
 */
export function assertJsonContentType(c: AnyContext): void {
  const contentType = c.req.header('content-type');
  if (!isJsonContentType(contentType)) throw unsupportedMediaType(c, contentType);
}

function unsupportedMediaType(c: AnyContext, contentType: string | undefined): ApiError {
  return new ApiError(
    415,
    `Content-Type must be application/json for ${c.req.method} ${c.req.path}` +
      `${contentType ? `, got ${quoted(contentType)}` : ''}. Send a JSON body with Content-Type: application/json.`,
    { code: 'unsupported_media_type' },
  );
}

export function invalidJson(err: unknown): ApiError {
  const detail = err instanceof Error ? err.message : String(err);
  return new ApiError(400, `Request body is not valid JSON: ${detail}. Check quoting and commas.`, {
    code: 'invalid_json',
  });
}

/**
 * The origin (scheme://host[:port]) hosted file URLs are built from: the one the host guard fixed
 * for this request from validated values only (PUBLIC_BASE_URL, a trusted proxy's
 * X-Forwarded-Host/-Proto, or an allowed Host), never whatever Host a client sent.
 */
export function requestOrigin(c: Context<AppEnv>): string {
  // Undefined only when a route runs without the app's middleware (a unit test of a sub-app).
  return (c.get('origin') as string | undefined) ?? new URL(c.req.url).origin;
}

/**
 * Who is asking and from where, as every service that creates something takes it (the tasks'
 * `CreatingRequest`): the key's owner, the origin result URLs are built from, and the request's ids.
 */
export function creatingRequest(c: Context<AppEnv>): {
  owner: string;
  origin: string;
  requestId: string;
  traceId: string;
} {
  return { owner: c.var.owner, origin: requestOrigin(c), requestId: c.var.requestId, traceId: c.var.traceId };
}
