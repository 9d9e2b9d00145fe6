import { abortError, isApiRequestError, type ApiRequestError } from '@/api/api-error';
import { beginRateLimitWait } from '@/api/rate-limit';

/**
 * Which failures the dashboard sends again, and when (decision 680). Two layers, each in one place:
 *
 * - Inside one request (apiRequest): an answer that says "not now, come back in N s" for a request
 *   the server did not carry out is waited out and sent again, by rules: the 429 one below for
 *   every request, and those a caller adds (RequestOptions.retry: task-create.ts's in-flight 409).
 *   That is safe for every method, a create POST included: nothing was done.
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
  /**
   * A Retry-After past MAX_RETRY_WAIT_MS: sent again after MAX_RETRY_WAIT_MS (asking again early
   * costs one more refusal), where without it the error goes to the caller (the person acts on it).
   */
  shorten?: boolean;
  /** Shows the wait to the person; returns the call that ends it. */
  show?: (until: number) => () => void;
}

/** How often a request refused with 429 is sent again. */
export const MAX_RATE_LIMIT_RETRIES = 3;
/** The wait when an answer names no Retry-After (or an unreadable one). */
const DEFAULT_RETRY_WAIT_MS = 1_000;
/** The longest Retry-After sat out. */
const MAX_RETRY_WAIT_MS = 60_000;

/**
 * 429: the request was refused, not done. Shown by the shell ("rate limited, retrying in N s",
 * api/rate-limit.ts). A wait past a minute is not sat out: the error goes to the caller. Every
 * apiRequest has it; `retries` 0 for a caller that holds its own sends on a 429 (a batch).
 */
export function rateLimitRule(retries = MAX_RATE_LIMIT_RETRIES): RetryRule {
  return { matches: (error) => error.status === 429, retries, show: beginRateLimitWait };
}

/**
 * Runs `attempt` until it succeeds or fails in a way no rule waits out (the first rule that matches
 * decides). An aborted signal ends a wait at once, rejecting with its reason.
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  rules: readonly RetryRule[],
  signal?: AbortSignal,
): Promise<T> {
  const left = rules.map((rule) => rule.retries);
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      const index = rules.findIndex((rule) => isApiRequestError(error) && rule.matches(error));
      const rule = rules[index];
      if (!rule || left[index]!-- < 1) throw error;
      let wait = (error as ApiRequestError).retryAfterMs ?? DEFAULT_RETRY_WAIT_MS;
      if (wait > MAX_RETRY_WAIT_MS) {
        if (!rule.shorten) throw error;
        wait = MAX_RETRY_WAIT_MS;
      }
      const end = rule.show?.(Date.now() + wait);
      try {
        await waitFor(wait, signal);
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
