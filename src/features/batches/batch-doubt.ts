import { canonicalJson, PASSING_STATUSES } from '@contract/idempotency';
import { isRecord } from '@contract/is-record';
import { statusOf } from './batch-outcome';

/**
 * A row in doubt (decision 670): sent under a send key (decision 640), its answer never seen. The
 * key is what keeps it from ever becoming two tasks, so it is let go only once an answer settles
 * what the key made.
 */

/** The local server's answer to another body under a key already used (server/middleware/idempotency.ts). */
export const isKeyReused = (error: unknown) => isRecord(error) && error.code === 'idempotency_key_reused';

/**
 * Whether a refusal settles the doubt: a refusal of the request itself, which the server keeps
 * under the key (so no task was made under it). A network error (status 0: the answer was never
 * seen), a 5xx, a rate limit, a spent quota or a refused API key do not: the key is kept, and the
 * next send goes under it.
 */
export function settles(error: unknown): boolean {
  const status = statusOf(error);
  return (
    status !== undefined &&
    status >= 400 &&
    status < 500 &&
    !PASSING_STATUSES.has(status) &&
    !isKeyReused(error)
  );
}

/** JSON read alike whatever its key order, as the server compares the bodies sent under a key. */
export const sameBody = (a: object, b: object) => canonicalJson(a) === canonicalJson(b);

/** The bodies sent under a key, with `body` (once). */
export function withSent(
  sent: readonly Record<string, unknown>[] | undefined,
  body: object,
): Record<string, unknown>[] {
  const list = sent ?? [];
  return list.some((b) => sameBody(b, body)) ? [...list] : [...list, { ...body }];
}

/**
 * Whether a row is in doubt after its send was refused with `error`: the answer was never seen
 * (no status: the network, a reload), or the row was in doubt before this send and the answer
 * does not settle it. A fresh send's 429, 5xx or 402 was seen: the server kept nothing under its
 * key, so the row's next send is a new request.
 */
export function stillInDoubt(error: unknown, before: boolean): boolean {
  if (settles(error)) return false;
  return before || !statusOf(error);
}
