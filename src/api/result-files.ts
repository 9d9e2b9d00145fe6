import { apiRequest } from '@/api/api-client';

/**
 * A result file's bytes by its URL, through the API client like every request, but sent with no
 * key: file URLs are capabilities, the URL itself is the permission (decision 011), and the file
 * may live on another origin than the saved server.
 */
export async function fetchFileBytes(url: string, signal?: AbortSignal): Promise<ArrayBuffer> {
  const at = new URL(url, window.location.href);
  const blob = await apiRequest<Blob>(`${at.pathname}${at.search}`, {
    connection: { baseUrl: at.origin, apiKey: '' },
    responseType: 'blob',
    signal,
  });
  return blob.arrayBuffer();
}
