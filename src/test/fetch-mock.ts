import { vi } from 'vitest';

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/** A fetch stub routed by path ("GET /v1/assets"); unmatched requests fail like a network error. */
export function mockFetch(routes: Record<string, Handler>) {
  const fn = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), window.location.href);
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const handler = routes[key];
    if (!handler) throw new TypeError(`Failed to fetch (${key} not mocked)`);
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export const LIST_ENVELOPE = { object: 'list', data: [], count: 0, total: 0, page: 1, page_size: 1 };
export const BOOTSTRAP_LOCAL = {
  object: 'bootstrap',
  service: 'media-studio-local',
  version: '0.1.0',
  mode: 'local',
  emulator_speed: 1,
};

/** The origin and key the API-module tests talk to: a direct connection the person typed in. */
export const TEST_CONNECTION = {
  baseUrl: 'http://api.test',
  apiKey: 'sk-test',
  remember: false,
  keySource: 'user',
} as const;
