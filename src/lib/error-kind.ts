import { isApiRequestError } from '@/api/api-client';
import { isAcceptedWithoutTaskId } from '@/api/task-create-error';

/**
 * The failures a person can act on, named by what they mean rather than by the API's words
 * (decision 078). Each has a translated title and sentence under `common:errors.known.*`.
 */
export type KnownErrorKind =
  'groupNotFound' | 'unauthorized' | 'unreachable' | 'rateLimited' | 'quotaSpent' | 'acceptedWithoutId';

/** A quota error (specification, Errors rule 6): 402, or the category named on another status. */
export function isQuotaError(error: unknown): boolean {
  if (!isApiRequestError(error)) return false;
  return error.status === 402 || error.info.type === 'quota_error' || error.code === 'insufficient_quota';
}

/*
 * What browsers throw when a request gets no answer at all, outside the API client (a lazy chunk, a
 * direct media URL): Chromium "Failed to fetch", Firefox "NetworkError when attempting to fetch
 * resource.", Safari "Load failed". Their text is English whatever the page's language. A lazy
 * chunk that failed ("Failed to fetch dynamically imported module: <url>") is the error boundary's
 * to explain: it names the URL to fetch again.
 */
const BROWSER_NETWORK_ERROR = /^(Failed to fetch|NetworkError when attempting to fetch|Load failed)/i;
const CHUNK_ERROR = /dynamically imported module/i;

/** A request that never got an HTTP answer (offline, server down, CORS), however it was thrown. */
export function isUnreachableError(error: unknown): boolean {
  if (isApiRequestError(error)) return error.isNetworkError;
  return (
    error instanceof TypeError &&
    BROWSER_NETWORK_ERROR.test(error.message) &&
    !CHUNK_ERROR.test(error.message)
  );
}

/** The plain-words kind of an error, or undefined when only its own message can explain it. */
export function knownErrorKind(error: unknown): KnownErrorKind | undefined {
  if (isUnreachableError(error)) return 'unreachable';
  if (!isApiRequestError(error)) return undefined;
  if (isAcceptedWithoutTaskId(error)) return 'acceptedWithoutId';
  if (error.code === 'group_not_found') return 'groupNotFound';
  if (error.status === 401 || error.status === 403) return 'unauthorized';
  if (isQuotaError(error)) return 'quotaSpent';
  if (error.status === 429) return 'rateLimited';
  return undefined;
}
