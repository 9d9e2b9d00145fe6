import { randomUUID } from 'node:crypto';
import { canonicalJson, PASSING_STATUSES } from '@contract/idempotency';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppContext, AppEnv } from '../context';
import { ApiError } from '../errors';
import { errorResponse, isJsonContentType } from '../http';
import { claimKey, recordAnswer, releaseKey, sha256, type KeyIdentity } from '../store/idempotency-keys';
import { jsonBodyLimit } from './body-limit';

/**
 * The Idempotency-Key request header (IETF draft-ietf-httpapi-idempotency-key-header, decision
 * 640) on the create POSTs: a request sent again after its answer was lost (the dashboard
 * reloaded mid-POST) gets the answer of the first, with `Idempotent-Replayed: true`, and no second
 * task. The specification has no such header; without it a request runs as before.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
const MAX_KEY_LENGTH = 255;

/**
 * The key as sent: the draft's sf-string (`"…"`), or the bare value most clients send. Printable
 * ASCII only (an sf-string's own alphabet), 1 to 255 characters.
 */
export function parseIdempotencyKey(header: string): string {
  const trimmed = header.trim();
  const quoted = /^"((?:[^"\\]|\\["\\])*)"$/.exec(trimmed);
  const key = quoted ? quoted[1]!.replace(/\\(["\\])/g, '$1') : trimmed;
  if (key.length === 0 || key.length > MAX_KEY_LENGTH || !/^[\x20-\x7e]+$/.test(key))
    throw new ApiError(
      400,
      `The Idempotency-Key header must hold 1 to ${MAX_KEY_LENGTH} printable ASCII characters (a UUID is best), got ${key.length === 0 ? 'an empty one' : `${key.length} characters`}. Send a fresh key for each new request, the same one only to repeat a request.`,
      { code: 'invalid_idempotency_key', param: 'Idempotency-Key' },
    );
  return key;
}

/** The body as compared between two uses of a key: JSON read alike whatever its spacing or key order. */
function canonical(text: string): string {
  try {
    return canonicalJson(JSON.parse(text));
  } catch {
    return text;
  }
}

/**
 * Whether an answer is the request's outcome, to give again: a success, or a refusal of the
 * request itself (400, 404, 422...). A key refused, a quota spent, a rate limit or a server
 * error says nothing of what a retry would get, so the key is let go and a retry runs (the draft
 * leaves this to the server).
 */
const final = (status: number) => status < 500 && !PASSING_STATUSES.has(status);

/**
 * Mounted on the create paths before their route (local mode) or the proxy (proxy mode: the
 * upstream's answer is what is recorded). Keyed requests have their body read here (capped at
 * MAX_JSON_BYTES: create bodies are small JSON), and go on as a new Request that holds that body,
 * without the Idempotency-Key header and without the caller's abort signal:
 * - the header is not forwarded upstream: the specification does not know it, and a deployment
 *   that did would keep its own record, answer 409 on our retry, or refuse an unknown header;
 *   this server is the one keeping the promise;
 * - the signal is dropped so that a caller who goes away (the reload this exists for) does not
 *   cut the proxied POST off: its answer is what the retry must be given.
 */
export function idempotency(ctx: AppContext): MiddlewareHandler<AppEnv> {
  // A row running under another instance was left by a process that stopped mid-request.
  const instance = randomUUID();
  const limit = jsonBodyLimit(ctx.config.maxJsonBytes);
  return async (c, next) => {
    const header = c.req.header(IDEMPOTENCY_HEADER);
    if (c.req.method !== 'POST' || header === undefined) return next();
    const key = parseIdempotencyKey(header);
    return limit(c, async () => {
      const answer = await keyed(ctx, c, next, { owner: c.var.owner, key }, instance);
      if (answer) c.res = answer;
    });
  };
}

async function keyed(
  ctx: AppContext,
  c: Context<AppEnv>,
  next: () => Promise<void>,
  id: KeyIdentity,
  instance: string,
): Promise<Response | undefined> {
  const body = await c.req.text();
  const fingerprint = sha256(`${c.req.method} ${c.req.path}\n${canonical(body)}`);
  const claim = claimKey(ctx.db, id, fingerprint, instance);
  if (claim.kind === 'mismatch')
    return errorResponse(c, 422, {
      message:
        'This Idempotency-Key was already used for a different request (another path or body). Send a new key for a new request; repeat a key only with the very same request.',
      code: 'idempotency_key_reused',
      param: 'Idempotency-Key',
    });
  if (claim.kind === 'inFlight')
    return errorResponse(
      c,
      409,
      {
        message:
          'A request with this Idempotency-Key is still being processed. Retry in a moment to get its answer.',
        code: 'idempotency_key_in_flight',
        param: 'Idempotency-Key',
      },
      { 'Retry-After': '1' },
    );
  if (claim.kind === 'replay')
    return c.body(claim.answer.body, claim.answer.status as ContentfulStatusCode, {
      'Content-Type': 'application/json; charset=utf-8',
      [REPLAYED_HEADER]: 'true',
    });

  const headers = new Headers(c.req.raw.headers);
  headers.delete(IDEMPOTENCY_HEADER);
  c.req.raw = new Request(c.req.raw.url, { method: c.req.method, headers, body });
  let recorded = false;
  try {
    await next();
    const res = c.res;
    if (final(res.status) && isJsonContentType(res.headers.get('content-type'))) {
      recordAnswer(ctx.db, id, { status: res.status, body: await res.clone().text() });
      recorded = true;
    }
  } finally {
    if (!recorded) releaseKey(ctx.db, id);
  }
  return undefined;
}
