import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { ApiError } from '../errors';

const ANTHROPIC_PATH = /^\/v1\/messages(\/|$)/;

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** The stable, non-secret identity rows are scoped by: a hash prefix that cannot reveal the key. */
export function ownerOf(key: string): string {
  return createHash('sha256').update(`owner:${key}`, 'utf8').digest('hex').slice(0, 24);
}

/** RFC 6750 §3: a 401 names the scheme it wants, with the reason when a credential was sent. */
function challenge(error?: 'invalid_request' | 'invalid_token'): string {
  return error ? `Bearer realm="Media Studio", error="${error}"` : 'Bearer realm="Media Studio"';
}

/** `Authorization: Bearer <key>` (scheme case-insensitive, per RFC 7235); undefined otherwise. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^\s*Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/**
 * Whether a request's `Authorization: Bearer <key>` holds one of `apiKeys`, compared as bearerAuth
 * does; for answers that say more to a caller with a key but never refuse one without (/bootstrap).
 */
export function validKeyCheck(apiKeys: readonly string[]): (header: string | undefined) => boolean {
  const known = apiKeys.map(digest);
  return (header) => {
    const presented = bearerToken(header);
    if (!presented) return false;
    const presentedDigest = digest(presented);
    let found = false;
    for (const k of known) found = timingSafeEqual(k, presentedDigest) || found;
    return found;
  };
}

/**
 * Bearer auth. Keys are compared as SHA-256 digests with timingSafeEqual, so neither the content
 * nor the length of a valid key leaks through timing, and every configured key is compared (no
 * early exit). Keys are never logged.
 */
export function bearerAuth(apiKeys: readonly string[]): MiddlewareHandler<AppEnv> {
  const known = apiKeys.map((key) => ({ digest: digest(key), owner: ownerOf(key) }));
  return async (c, next) => {
    const header = c.req.header('authorization');
    // The Messages API authenticates with `x-api-key`, as Anthropic's does, so its client works unchanged.
    const presented =
      bearerToken(header) ??
      (ANTHROPIC_PATH.test(c.req.path) ? c.req.header('x-api-key')?.trim() || undefined : undefined);
    if (!presented) {
      throw new ApiError(
        401,
        header
          ? 'The Authorization header is not of the form "Bearer <key>". Send Authorization: Bearer <your API key>.'
          : 'Missing API key. Send Authorization: Bearer <key> with one of the keys in API_KEYS ' +
              '(the local default is printed at server start-up).',
        {
          code: header ? 'invalid_authorization_header' : 'missing_api_key',
          headers: { 'WWW-Authenticate': header ? challenge('invalid_request') : challenge() },
        },
      );
    }
    const presentedDigest = digest(presented);
    let owner: string | undefined;
    for (const k of known) {
      if (timingSafeEqual(k.digest, presentedDigest) && owner === undefined) owner = k.owner;
    }
    if (!owner) {
      throw new ApiError(
        401,
        'Invalid API key. Send Authorization: Bearer <key> with one of the keys configured in API_KEYS ' +
          '(check for typos or a key from another server).',
        { code: 'invalid_api_key', headers: { 'WWW-Authenticate': challenge('invalid_token') } },
      );
    }
    c.set('owner', owner);
    await next();
  };
}
