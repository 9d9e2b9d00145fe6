import { isRecord } from '@contract/is-record';
import type { AssemblyRequestInput } from '@contract/storyboard-assembly';
import { LenientAssetSchema, type LenientAsset } from '@contract/asset';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';
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

/**
 * POST /local/storyboard/last-frame: the last frame of a result (or the one `at` seconds in, a
 * frame the person chose), taken by the local server's ffmpeg.
 */
export function fetchLastFrame(url: string, at?: number, signal?: AbortSignal): Promise<Blob> {
  return apiRequest<Blob>('/local/storyboard/last-frame', {
    method: 'POST',
    json: at === undefined ? { url } : { url, at },
    signal,
    responseType: 'blob',
  });
}

export interface Assembly {
  id: string;
  status: 'running' | 'succeeded' | 'failed';
  progress?: number;
  url?: string;
  duration?: number;
  scaled?: number[];
  error?: string;
  /** The WebVTT beside the file, when the cut has captions. */
  captionsUrl?: string;
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
    captionsUrl: typeof data.captions_url === 'string' ? data.captions_url : undefined,
  };
}

/** POST /local/storyboard/assemblies: the body as contract/storyboard-assembly.ts defines it. */
export function startAssembly(body: AssemblyRequestInput): Promise<Assembly> {
  return apiRequest('/local/storyboard/assemblies', { method: 'POST', json: body }, parseAssembly);
}

/**
 * The assembled file's bytes, read through the API client: saved from a blob URL, the download
 * takes the storyboard's name (a link to the file itself would be named by the server's
 * Content-Disposition, always `storyboard.mp4`).
 */
export function fetchAssemblyFile(url: string, signal?: AbortSignal): Promise<Blob> {
  const { pathname, search } = new URL(url, window.location.href);
  return apiRequest<Blob>(`${pathname}${search}`, { signal, responseType: 'blob' });
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

/** How often a running assembly is asked about: ffmpeg's progress moves by the second. */
export const ASSEMBLY_POLL_MS = 1_000;

export const assemblyKeys = {
  detail: (id: string) => ['storyboard', 'assemblies', id] as const,
};

/**
 * GET /local/storyboard/assemblies/{id}, followed while it runs. A job the server no longer knows
 * (404: restarted, or swept) or a refused key is not asked about again.
 */
export function assemblyQueryOptions(id: string) {
  return queryOptions({
    queryKey: assemblyKeys.detail(id),
    queryFn: ({ signal }) => fetchAssembly(id, signal),
    refetchInterval: (query) => {
      const status = query.state.error ? (query.state.error as { status?: number }).status : undefined;
      if (status === 401 || status === 403 || status === 404) return false;
      return query.state.data?.status === 'running' || !query.state.data ? ASSEMBLY_POLL_MS : false;
    },
    staleTime: (query) => (query.state.data?.status === 'running' ? 0 : Infinity),
  });
}
