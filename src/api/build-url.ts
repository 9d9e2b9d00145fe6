/*
 * How a request's URL and key header are written, apart from the API client so that the early
 * script (src/early.ts, decision 245) writes the very same ones without loading the client.
 */

export type QueryParams = Record<string, string | number | boolean | undefined | null>;

export function buildUrl(baseUrl: string, path: string, query?: QueryParams): string {
  const base = baseUrl.replace(/\/+$/, '');
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.append(name, String(value));
  }
  const qs = params.toString();
  return `${base}${path.startsWith('/') ? path : `/${path}`}${qs ? `?${qs}` : ''}`;
}

/** The Authorization header's value for a key. */
export function authorization(apiKey: string): string {
  return `Bearer ${apiKey}`;
}

/** The origin requests go to: the saved base URL, or this page's origin when it is '' (same origin). */
export function apiOrigin(baseUrl: string, pageOrigin: string): string {
  return (baseUrl || pageOrigin).replace(/\/+$/, '');
}
