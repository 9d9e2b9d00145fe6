import type { ApiErrorInfo } from '@contract/errors';

/**
 * The error every request of the dashboard rejects with (or the signal's abort reason). Callers
 * import it from api-client.ts, the client's one face; it lives here so that the retry policy
 * (retry-policy.ts) can read it without an import circle.
 */

/** `type` of an ApiRequestError that is not an HTTP error status. */
export const NETWORK_ERROR_TYPE = 'network_error';
export const INVALID_RESPONSE_TYPE = 'invalid_response';

export class ApiRequestError extends Error {
  readonly info: ApiErrorInfo;
  /** The request never got an HTTP answer (offline, DNS, CORS, connection refused). */
  readonly isNetworkError: boolean;
  /** Seconds or HTTP date from a Retry-After header, as milliseconds from when it was received. */
  readonly retryAfterMs: number | undefined;

  constructor(
    info: ApiErrorInfo,
    options: { isNetworkError?: boolean; retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(info.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ApiRequestError';
    this.info = info;
    this.isNetworkError = options.isNetworkError ?? false;
    this.retryAfterMs = options.retryAfterMs;
  }

  /** HTTP status; 0 for network errors. */
  get status(): number {
    return this.info.status;
  }
  get code(): string | undefined {
    return this.info.code;
  }
  get requestId(): string | undefined {
    return this.info.requestId;
  }
  get traceId(): string | undefined {
    return this.info.traceId;
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

/** What a request given up on rejects with: the signal's own reason, as fetch does. */
export function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The request was aborted.', 'AbortError');
}

export function networkError(url: string, cause: unknown): ApiRequestError {
  const origin = (() => {
    try {
      return new URL(url, window.location.href).origin;
    } catch {
      return url;
    }
  })();
  return new ApiRequestError(
    {
      status: 0,
      type: NETWORK_ERROR_TYPE,
      message: `Could not reach ${origin}: the server is down, the address is wrong, or the browser blocked the request (CORS).`,
    },
    { isNetworkError: true, cause },
  );
}
