import { abortError, isApiRequestError, type ApiRequestError } from '@/api/api-error';
import { beginRateLimitWait } from '@/api/rate-limit';

/**
 * Which failures the dashboard sends again, and when (decision 680). Two layers, each in one place:
 *
 * - Inside one request (apiRequest): an answer that says "not now, come back in N s" for a request
 *   the server did not carry out is waited out and sent again, by the rules below. That is safe for
 *   every method, a create POST included: nothing was done.
 * - Across requests (React Query): a read that got no answer or a 5xx is read again with backoff.
 *   Writes never are: a POST whose answer was lost may have created a task already.
 */

/** Retry-After is either delay-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** One kind of answer apiRequest waits out and sends again. */
export interface RetryRule {
  /** Which refusals this rule waits out. */
  matches: (error: ApiRequestError) => boolean;
  /** How often, over one apiRequest call: each rule counts its own. */
  retries: number;
  /** The wait when the answer names no Retry-After (or an unreadable one). */
  defaultWaitMs: number;
  /** The longest wait sat out. */
  maxWaitMs: number;
  /**
   * A longer Retry-After: `fail` hands the error to the caller (the person acts on it), `shorten`
   * sends again after maxWaitMs (asking again early costs nothing but another refusal).
   */
  longer: 'fail' | 'shorten';
  /** Shows the wait to the person; returns the call that ends it. */
  show?: (until: number) => () => void;
}

/** How often a request refused with 429 is sent again. */
export const MAX_RATE_LIMIT_RETRIES = 3;

/**
 * 429: the request was refused, not done. Shown by the shell ("rate limited, retrying in N s",
 * api/rate-limit.ts). A wait past a minute is not sat out: the error goes to the caller.
 */
export function rateLimitRule(retries = MAX_RATE_LIMIT_RETRIES): RetryRule {
  return {
    matches: (error) => error.status === 429,
    retries,
    defaultWaitMs: 1_000,
    maxWaitMs: 60_000,
    longer: 'fail',
    show: beginRateLimitWait,
  };
}

/**
 * 409 `idempotency_key_in_flight` (decision 640): the first request under this send key, the one a
 * reload cut off, is still with the server (the proxy's upstream often). Its answer is the one to
 * get, so the same request goes again rather than fail: a failure would invite a Run under a new
 * key, a second task. Only a request that carried an Idempotency-Key can get it. 120 waits: the
 * proxy's default timeout (60 s) twice at the server's `Retry-After: 1`. Not shown as a rate limit:
 * nothing is limited.
 */
export const IN_FLIGHT_RULE: RetryRule = {
  matches: (error) => error.status === 409 && error.code === 'idempotency_key_in_flight',
  retries: 120,
  defaultWaitMs: 1_000,
  maxWaitMs: 60_000,
  longer: 'shorten',
};

/** The rules of one apiRequest call; `rateLimitRetries` 0 for a caller that holds its own sends (a batch). */
export function requestRetryRules(options: { rateLimitRetries?: number }): RetryRule[] {
  return [rateLimitRule(options.rateLimitRetries), IN_FLIGHT_RULE];
}

/** The wait before the next try and the rule it spends, or undefined: the error goes to the caller. */
export function retryWait(
  error: unknown,
  rules: readonly RetryRule[],
  spent: readonly number[],
): { ms: number; rule: number } | undefined {
  if (!isApiRequestError(error)) return undefined;
  const rule = rules.findIndex((r) => r.matches(error));
  const found = rules[rule];
  if (!found || (spent[rule] ?? 0) >= found.retries) return undefined;
  const asked = error.retryAfterMs ?? found.defaultWaitMs;
  if (asked <= found.maxWaitMs) return { ms: asked, rule };
  return found.longer === 'shorten' ? { ms: found.maxWaitMs, rule } : undefined;
}

/**
 * Runs `attempt` until it succeeds or fails in a way no rule waits out. An aborted signal ends a
 * wait at once, rejecting with its reason.
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  rules: readonly RetryRule[],
  signal?: AbortSignal,
): Promise<T> {
  const spent = rules.map(() => 0);
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      const wait = retryWait(error, rules, spent);
      if (!wait) throw error;
      spent[wait.rule]! += 1;
      const end = rules[wait.rule]!.show?.(Date.now() + wait.ms);
      try {
        await waitFor(wait.ms, signal);
      } finally {
        end?.();
      }
    }
  }
}

function waitFor(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError(signal));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Transient failures worth another read: no answer, or the server's fault. A 429 has had its
 * retries inside apiRequest already; trying it again at once would only add to the load.
 */
export function isTransientError(error: unknown): boolean {
  if (!isApiRequestError(error)) return false;
  return error.isNetworkError || error.status >= 500;
}

export const MAX_READ_RETRIES = 3;

/**
 * React Query's `retry` for queries (reads only: queries are GETs by construction). Mutations use
 * `retry: false`: a POST retried after a lost response could create a task twice.
 */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_READ_RETRIES && isTransientError(error);
}

const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 30_000;

/** Exponential backoff with "equal jitter" (half fixed, half random); a server's Retry-After wins when it gives one. */
export function retryDelay(failureCount: number, error: unknown): number {
  if (isApiRequestError(error) && error.retryAfterMs !== undefined) {
    return Math.min(error.retryAfterMs, 5 * 60_000);
  }
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, failureCount));
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}
