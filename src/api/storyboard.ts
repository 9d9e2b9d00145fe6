import { parseApiError } from '@contract/errors';
import { isRecord } from '@contract/is-record';
import { LenientAssetSchema, type LenientAsset } from '@contract/asset';
import { ApiRequestError, apiRequest } from '@/api/api-client';
import { authorization, buildUrl } from '@/api/build-url';
import { getConnection } from '@/api/connection-store';

/**
 * The storyboard's calls: the local server's own endpoints (`/local/storyboard/*`, README; not part
 * of the API, so only where the page talks to its own server: local and proxy mode) and the asset
 * detail the runner re-queries.
 */

/** The page talks to the server that serves it (local or proxy mode): the local endpoints exist. */
export function hasLocalServer(): boolean {
  return getConnection().baseUrl === '';
}

/** POST /local/storyboard/last-frame: the last frame of a result, taken by the local server's ffmpeg. */
export async function fetchLastFrame(url: string, signal?: AbortSignal): Promise<Blob> {
  const { baseUrl, apiKey } = getConnection();
  let res: Response;
  try {
    res = await fetch(buildUrl(baseUrl, '/local/storyboard/last-frame'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: authorization(apiKey) },
      body: JSON.stringify({ url }),
      signal,
      credentials: 'same-origin',
    });
  } catch (cause) {
    throw new ApiRequestError(
      { status: 0, type: 'network_error', message: 'The local server could not be reached.' },
      { isNetworkError: true, cause },
    );
  }
  if (!res.ok) {
    const text = await res.text();
    throw new ApiRequestError(
      parseApiError(res.status, text, {
        requestId: res.headers.get('X-Request-Id'),
        traceId: res.headers.get('X-Trace-Id'),
      }),
    );
  }
  return res.blob();
}

export interface Assembly {
  id: string;
  status: 'running' | 'succeeded' | 'failed';
  progress?: number;
  url?: string;
  duration?: number;
  scaled?: number[];
  error?: string;
}

function parseAssembly(data: unknown): Assembly {
  if (!isRecord(data) || typeof data.id !== 'string') throw new Error('not an assembly');
  const status = data.status === 'succeeded' || data.status === 'failed' ? data.status : 'running';
  return {
    id: data.id,
    status,
    progress: typeof data.progress === 'number' ? data.progress : undefined,
    url: typeof data.url === 'string' ? data.url : undefined,
    duration: typeof data.duration === 'number' ? data.duration : undefined,
    scaled: Array.isArray(data.scaled)
      ? data.scaled.filter((n): n is number => typeof n === 'number')
      : undefined,
    error: typeof data.error === 'string' ? data.error : undefined,
  };
}

export function startAssembly(shots: string[], joins: string[]): Promise<Assembly> {
  return apiRequest(
    '/local/storyboard/assemblies',
    { method: 'POST', json: { shots: shots.map((url) => ({ url })), joins } },
    parseAssembly,
  );
}

export function fetchAssembly(id: string, signal?: AbortSignal): Promise<Assembly> {
  return apiRequest(`/local/storyboard/assemblies/${encodeURIComponent(id)}`, { signal }, parseAssembly);
}

/** GET /v1/assets/{id} in the default group (where the runner uploads frames). */
export function fetchAssetDetail(id: string, signal?: AbortSignal): Promise<LenientAsset> {
  return apiRequest(`/v1/assets/${encodeURIComponent(id)}`, { signal }, (data) =>
    LenientAssetSchema.parse(data),
  );
}
