import { parseApiError } from '@contract/errors';
import {
  abortError,
  ApiRequestError,
  INVALID_RESPONSE_TYPE,
  NETWORK_ERROR_TYPE,
  networkError,
} from '@/api/api-error';
import { authorization, buildUrl, type QueryParams } from '@/api/build-url';
import { getConnection } from '@/api/connection-store';
import { takeEarlyRequest } from '@/api/early-requests';
import { reportRequestOutcome } from '@/api/request-health';
import { parseRetryAfter, rateLimitRule, withRetries, type RetryRule } from '@/api/retry-policy';

/**
 * The one place the dashboard talks HTTP: base URL and Bearer key from the connection store, JSON and
 * multipart bodies, upload progress, AbortSignal, and errors normalised by the contract's
 * `parseApiError` with the request id kept for support. Nothing else under src/ calls fetch (eslint,
 * decision 410). Callers import its error from here too (api-error.ts says why it lives apart).
 */
export { ApiRequestError, INVALID_RESPONSE_TYPE, isApiRequestError } from '@/api/api-error';
export { buildUrl } from '@/api/build-url';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: QueryParams;
  json?: unknown;
  formData?: FormData;
  signal?: AbortSignal;
  onUploadProgress?: (p: { loaded: number; total: number }) => void;
  headers?: Record<string, string>;
  /**
   * Use this base URL and key instead of the saved ones (Settings tests a connection before saving).
   * An empty apiKey sends no Authorization header.
   */
  connection?: { baseUrl: string; apiKey: string };
  /** Told the ids of this very request (X-Request-Id, X-Trace-Id) once it has answered. */
  onResponseIds?: (ids: { requestId?: string; traceId?: string }) => void;
  /** Send no Authorization header (GET /bootstrap and /healthz need none). */
  anonymous?: boolean;
  /**
   * `blob`: a successful answer's body is resolved as a Blob (an image the server made), not read as
   * JSON. `response`: the successful answer itself, its body unread (a server-sent event stream read
   * as it arrives, a transcript whose Content-Type says what it is). Either way an error answer is
   * still read as the JSON error envelope. Not with onUploadProgress.
   */
  responseType?: 'json' | 'blob' | 'response';
  /**
   * How often a 429 is waited out and sent again here (default MAX_RATE_LIMIT_RETRIES in
   * retry-policy.ts). A batch passes 0: it holds all its sends on a 429, not this one request
   * (issue 45).
   */
  rateLimitRetries?: number;
  /** More answers to wait out and send again, after the 429 rule (retry-policy.ts). */
  retry?: readonly RetryRule[];
}

interface RawResponse {
  status: number;
  text: string;
  /** A successful answer asked for as a Blob or unread (responseType 'blob', 'response'); `text` is then empty. */
  body?: Blob | Response;
  header: (name: string) => string | null;
}

/** An answer the early script already has on the way, given up on as fetch would on abort. */
function abortable(response: Promise<Response>, signal: AbortSignal | null | undefined): Promise<Response> {
  if (!signal) return response;
  return new Promise((resolve, reject) => {
    const abort = () => reject(abortError(signal));
    if (signal.aborted) abort();
    else signal.addEventListener('abort', abort, { once: true });
    response.then(resolve, reject);
  });
}

/** `early`: the same request, started by the early script (decision 245): answered as fetch's own. */
function sendWithFetch(
  url: string,
  init: RequestInit,
  early?: Promise<Response>,
  responseType: RequestOptions['responseType'] = 'json',
): Promise<RawResponse> {
  return (early ? abortable(early, init.signal) : fetch(url, init)).then(
    async (res) => {
      const header = (n: string) => res.headers.get(n);
      if (responseType === 'blob' && res.ok)
        return { status: res.status, text: '', body: await res.blob(), header };
      if (responseType === 'response' && res.ok) return { status: res.status, text: '', body: res, header };
      return { status: res.status, text: await res.text(), header };
    },
    (cause: unknown) => {
      if (init.signal?.aborted) throw abortError(init.signal);
      throw networkError(url, cause);
    },
  );
}

/** XMLHttpRequest is the only browser API that reports upload progress. */
function sendWithXhr(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: XMLHttpRequestBodyInit | null,
  signal: AbortSignal | undefined,
  onUploadProgress: NonNullable<RequestOptions['onUploadProgress']>,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError(signal));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      onUploadProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : 0 });
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      resolve({ status: xhr.status, text: xhr.responseText, header: (n) => xhr.getResponseHeader(n) });
    };
    xhr.onerror = () => {
      done();
      reject(networkError(url, new Error('XMLHttpRequest network error')));
    };
    xhr.onabort = () => {
      done();
      reject(signal ? abortError(signal) : new DOMException('The request was aborted.', 'AbortError'));
    };
    xhr.send(body);
  });
}

function invalidResponse(status: number, message: string, res: RawResponse, cause?: unknown) {
  return new ApiRequestError(
    {
      status,
      type: INVALID_RESPONSE_TYPE,
      message,
      requestId: res.header('X-Request-Id') ?? undefined,
      traceId: res.header('X-Trace-Id') ?? undefined,
    },
    { cause },
  );
}

/**
 * One HTTP call. Resolves with the parsed JSON body (or `undefined` for an empty body), passed
 * through `parse` when given; rejects with ApiRequestError (or the signal's abort reason).
 *
 * A "not now" to a request the server did not carry out (a 429; what `options.retry` adds, as a
 * keyed create's 409 idempotency_key_in_flight) is waited out and sent again, Retry-After honoured,
 * by retry-policy.ts's rules; the signal ends a wait at once. Nothing else is retried here (reads:
 * React Query's shouldRetryRead; a 402 quota error is for the person to act on).
 */
export function apiRequest<T = unknown>(
  path: string,
  options: RequestOptions = {},
  parse?: (data: unknown) => T,
): Promise<T> {
  const rules = [rateLimitRule(options.rateLimitRetries), ...(options.retry ?? [])];
  return withRetries(() => apiRequestOnce(path, options, parse), rules, options.signal);
}

async function apiRequestOnce<T>(
  path: string,
  options: RequestOptions,
  parse?: (data: unknown) => T,
): Promise<T> {
  const { baseUrl, apiKey } = options.connection ?? getConnection();
  const method = options.method ?? (options.json !== undefined || options.formData ? 'POST' : 'GET');
  const url = buildUrl(baseUrl, path, options.query);
  const asJson = (options.responseType ?? 'json') === 'json';
  const headers: Record<string, string> = { Accept: asJson ? 'application/json' : '*/*', ...options.headers };
  if (apiKey && !options.anonymous) headers.Authorization = authorization(apiKey);
  let body: BodyInit | null = null;
  if (options.formData) {
    // The browser sets the multipart boundary itself; a hand-written Content-Type would break it.
    body = options.formData;
  } else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }

  // Only requests to the saved server tell the header about it (Settings tests other URLs too).
  const toSavedServer = baseUrl === getConnection().baseUrl;
  const send = options.onUploadProgress
    ? sendWithXhr(
        url,
        method,
        headers,
        body as XMLHttpRequestBodyInit | null,
        options.signal,
        options.onUploadProgress,
      )
    : sendWithFetch(
        url,
        { method, headers, body, signal: options.signal, credentials: 'same-origin' },
        // Only a plain GET is what the early script can have sent: same URL, same key, no extra header.
        method === 'GET' && !options.headers && asJson
          ? takeEarlyRequest(url, headers.Authorization ?? '')
          : undefined,
        options.responseType,
      );
  let res: RawResponse;
  try {
    res = await send;
  } catch (error) {
    if (toSavedServer && error instanceof ApiRequestError && error.isNetworkError) {
      reportRequestOutcome('unreachable');
    }
    throw error;
  }
  if (toSavedServer) reportRequestOutcome('answered');

  if (res.status >= 400 || res.status < 200) {
    const info = parseApiError(res.status, res.text, {
      requestId: res.header('X-Request-Id'),
      traceId: res.header('X-Trace-Id'),
    });
    throw new ApiRequestError(info, { retryAfterMs: parseRetryAfter(res.header('Retry-After')) });
  }

  options.onResponseIds?.({
    requestId: res.header('X-Request-Id') ?? undefined,
    traceId: res.header('X-Trace-Id') ?? undefined,
  });
  if (res.body) return (parse ? parse(res.body) : res.body) as T;
  let data: unknown = undefined;
  if (res.text.trim() !== '') {
    try {
      data = JSON.parse(res.text);
    } catch (cause) {
      // Typically an HTML page: a wrong base URL that points at a website or an SPA fallback.
      throw invalidResponse(res.status, `Expected JSON from ${path} but got something else.`, res, cause);
    }
  }
  if (!parse) return data as T;
  try {
    return parse(data);
  } catch (cause) {
    throw invalidResponse(
      res.status,
      `The response of ${path} does not have the expected shape.`,
      res,
      cause,
    );
  }
}

/**
 * The bytes of a media file the API handed out (an asset's `url`), for copying an upload into
 * another group by uploading it again (issue 43). Never with the key: a media URL may be another
 * host's (a deployment's storage), and the key goes only to the API. A host that does not let this
 * page read its files (CORS) is a network error saying so.
 */
export async function readMediaFile(
  url: string,
  options: { signal?: AbortSignal; onProgress?: (p: { loaded: number; total: number }) => void } = {},
): Promise<Blob> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'omit', referrerPolicy: 'no-referrer', signal: options.signal });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiRequestError(
      {
        status: 0,
        type: NETWORK_ERROR_TYPE,
        message: `This browser could not read ${new URL(url, location.href).host}'s file: the host is unreachable or does not let other sites read its files (CORS). Download it and upload it into the target group instead.`,
      },
      { isNetworkError: true, cause },
    );
  }
  if (!res.ok) {
    throw new ApiRequestError({
      status: res.status,
      type: 'media_unreadable',
      message: `Reading the file answered HTTP ${res.status}: it may have expired. Download it and upload it into the target group instead.`,
    });
  }
  const total = Number(res.headers.get('content-length')) || 0;
  if (!res.body || !options.onProgress) return res.blob();
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    loaded += value.byteLength;
    options.onProgress({ loaded, total: Math.max(total, loaded) });
  }
  return new Blob(parts as BlobPart[], { type: res.headers.get('content-type') ?? '' });
}
