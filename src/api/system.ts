/**
 * System queries: GET /bootstrap (what server is this, and a default key on first open) and the
 * connection check behind the header's indicator and Settings' "Test connection".
 *
 * ── The query-options factory pattern every feature follows (TkDodo) ──────────────────────────
 *
 *   export const systemQueries = {
 *     all: () => ['system'] as const,
 *     bootstrap: () => queryOptions({
 *       queryKey: [...systemQueries.all(), 'bootstrap'],
 *       queryFn: ({ signal }) => apiRequest('/bootstrap', { signal }, parseBootstrap),
 *     }),
 *   };
 *
 * - One object per resource in `src/api/<resource>.ts`; keys go from generic to specific so that
 *   `all()` (or `lists()`) invalidates everything below it.
 * - The same options serve `useQuery(systemQueries.bootstrap())`, `queryClient.fetchQuery(…)`,
 *   `prefetchQuery` and invalidation: no key is ever typed twice.
 * - Parse inside `queryFn` with the contract's lenient schemas; pass `signal` so unmounting cancels.
 * - Never copy query data into useState or a store.
 *
 * Switching deployments: keys need not contain the base URL or key. The app resets the whole
 * cache whenever the connection changes (`useResetCacheOnConnectionChange` in src/app/app.tsx), so
 * no page can show another deployment's (or another key's) data. The exceptions carry the base URL
 * on purpose: GET /bootstrap (kept across the reset: it needs no key) and the asset lists, so two
 * deployments never share a cached list (AssetListParams in src/api/assets.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import { parseBootstrap, type Bootstrap } from '@contract/bootstrap';
import { isListEnvelope } from '@contract/list';
import { ApiRequestError, apiRequest, INVALID_RESPONSE_TYPE } from '@/api/api-client';
import { isTransientError } from '@/api/retry-policy';
import { getConnection } from '@/api/connection-store';

function parseListEnvelope(data: unknown) {
  if (!isListEnvelope(data)) throw new TypeError('The answer is not the list envelope of the API');
  return data;
}

/**
 * GET /bootstrap exists only on the local server. On a real deployment it is a 404 (or an HTML
 * page); that is not an error for the dashboard, just "no bootstrap": null. Asked without a key
 * unless `apiKey` is given: the proxy's full upstream base URL is told only to a valid key.
 */
export async function fetchBootstrap(
  options: { signal?: AbortSignal; baseUrl?: string; apiKey?: string } = {},
): Promise<Bootstrap | null> {
  const keyed = Boolean(options.apiKey) && options.baseUrl !== undefined;
  try {
    return await apiRequest(
      '/bootstrap',
      {
        signal: options.signal,
        anonymous: !keyed,
        ...(options.baseUrl !== undefined
          ? { connection: { baseUrl: options.baseUrl, apiKey: keyed ? options.apiKey! : '' } }
          : {}),
      },
      parseBootstrap,
    );
  } catch (error) {
    if (error instanceof ApiRequestError && !error.isNetworkError) {
      if (error.status === 404 || error.status === 405 || error.info.type === INVALID_RESPONSE_TYPE)
        return null;
    }
    throw error;
  }
}

export type ConnectionTestResult =
  | { kind: 'ok'; bootstrap: Bootstrap | null }
  | { kind: 'no-key' }
  | { kind: 'unreachable'; error: ApiRequestError }
  | { kind: 'unauthorized'; error: ApiRequestError }
  /** The key is valid but its quota is spent (402, or the quota category on another status). */
  | { kind: 'quota'; error: ApiRequestError }
  | { kind: 'not-api'; detail: string; error?: ApiRequestError }
  | { kind: 'http-error'; error: ApiRequestError };

/**
 * Asks the server for one asset: the cheapest authenticated read the specification defines with a
 * known response shape (the asset list envelope). Says precisely what failed.
 */
export async function testConnection(
  connection: { baseUrl: string; apiKey: string },
  signal?: AbortSignal,
  options: { describeServer?: boolean } = {},
): Promise<ConnectionTestResult> {
  if (!connection.apiKey.trim()) return { kind: 'no-key' };
  try {
    const read = () =>
      apiRequest('/v1/assets', { query: { page_size: 1 }, signal, connection }, parseListEnvelope);
    // A deployment may refuse any one request with a passing 5xx: asked again once before judging.
    await read().catch((error: unknown) => {
      if (isTransientError(error)) return read();
      throw error;
    });
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    if (error.isNetworkError) return { kind: 'unreachable', error };
    if (error.status === 401 || error.status === 403) return { kind: 'unauthorized', error };
    if (error.status === 402 || error.info.type === 'quota_error' || error.code === 'insufficient_quota')
      return { kind: 'quota', error };
    if (error.info.type === INVALID_RESPONSE_TYPE || error.status === 404 || error.status === 405) {
      return { kind: 'not-api', detail: error.message, error };
    }
    return { kind: 'http-error', error };
  }
  if (options.describeServer === false) return { kind: 'ok', bootstrap: null };
  // The key was just accepted: with it, a proxy also names its upstream's base URL.
  const bootstrap = await fetchBootstrap({ signal, ...connection }).catch(() => null);
  return { kind: 'ok', bootstrap };
}

/** Connection status of the saved settings, as the header shows it. */
export type ConnectionStatus = ConnectionTestResult['kind'];

export const systemQueries = {
  all: () => ['system'] as const,
  /** Keyed by base URL: the one query that belongs to a server rather than to a key. */
  bootstrap: (baseUrl: string) =>
    queryOptions({
      queryKey: [...systemQueries.all(), 'bootstrap', baseUrl] as const,
      queryFn: ({ signal }) => fetchBootstrap({ signal, baseUrl }),
      staleTime: 5 * 60_000,
    }),
  /** Re-checked on focus and every minute so the indicator notices a server going away. */
  connection: (baseUrl: string) =>
    queryOptions({
      queryKey: [...systemQueries.all(), 'connection', baseUrl] as const,
      // The header already has the bootstrap query; only the status is checked here.
      queryFn: ({ signal }) => testConnection(getSavedConnection(baseUrl), signal, { describeServer: false }),
      staleTime: 30_000,
      // While the server is away, look again every few seconds so the badge recovers by itself.
      refetchInterval: (query) => (query.state.data?.kind === 'unreachable' ? 3_000 : 60_000),
      retry: false,
    }),
};

function getSavedConnection(baseUrl: string) {
  return { baseUrl, apiKey: getConnection().apiKey };
}
