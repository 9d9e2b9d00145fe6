import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '@/api/api-client';
import { assetQueries } from '@/api/assets';
import { CONNECTION_STORAGE_KEY, useConnectionStore } from '@/api/connection-store';
import { closeEarlyRequests } from '@/api/early-requests';
import { fetchBootstrap } from '@/api/system';
import { startEarlyRequests } from '@/app/early-start';
import { prefetchLibrary } from '@/features/assets/library/use-library-assets';

const KEY = 'sk-early-secret';
const LIST = { object: 'list', data: [], count: 0, total: 0, page: 1, page_size: 20 };
const BOOTSTRAP = { object: 'bootstrap', service: 'media-studio-local', version: '1', mode: 'local' };

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function answer(bootstrap: object = BOOTSTRAP, list: () => Response = () => json(LIST)) {
  fetchMock.mockImplementation((input) =>
    Promise.resolve(String(input).includes('/bootstrap') ? json(bootstrap) : list()),
  );
}

const calls = () =>
  fetchMock.mock.calls.map(([url, init]) => ({
    url: new URL(String(url), window.location.href),
    authorization: new Headers(init?.headers).get('authorization'),
  }));

/** The page's location: same origin as the test's window, so the same-origin rule applies. */
const at = (path: string) => {
  const url = new URL(path, window.location.origin);
  return { origin: url.origin, pathname: url.pathname, search: url.search };
};

function storeConnection(state: { baseUrl?: string; apiKey?: string }, where: Storage = sessionStorage) {
  localStorage.setItem(CONNECTION_STORAGE_KEY, JSON.stringify({ state: { baseUrl: state.baseUrl ?? '' } }));
  if (state.apiKey)
    where.setItem(
      CONNECTION_STORAGE_KEY,
      JSON.stringify({ state: { apiKey: state.apiKey, keySource: 'user' } }),
    );
  useConnectionStore.setState({ baseUrl: state.baseUrl ?? '', apiKey: state.apiKey ?? '' });
}

beforeEach(() => {
  fetchMock.mockReset();
  answer();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  sessionStorage.clear();
  useConnectionStore.setState({ baseUrl: '', apiKey: '', remember: false, keySource: 'none' });
});
afterEach(() => {
  closeEarlyRequests();
  vi.unstubAllGlobals();
});

/**
 * Decision 245: the early script asks for /bootstrap and the library's first list with the
 * document, and the app takes those answers over: one request each, never two.
 */
describe('startEarlyRequests', () => {
  it("asks for the library's list of the location with the stored key, and the app takes it over", async () => {
    storeConnection({ apiKey: KEY });
    const query = '?group_id=grp_a&type=video&page=3&page_size=50&view=table';
    startEarlyRequests(at(`/${query}`));
    const [bootstrap, list] = calls();
    expect(bootstrap!.url.pathname).toBe('/bootstrap');
    expect(bootstrap!.authorization).toBeNull();
    expect(list!.url.pathname).toBe('/v1/assets');
    expect(list!.url.search).toBe('?group_id=grp_a&type=video&page=3&page_size=50');
    expect(list!.authorization).toBe(`Bearer ${KEY}`);
    // The key goes in the header only: not in the URL, not on the hand-over's window property.
    expect(list!.url.href).not.toContain(KEY);
    const handOver = (window as unknown as Record<string, object>).__mediaStudioEarlyRequests!;
    expect(JSON.stringify(handOver) + Object.values(handOver).map(String).join()).not.toContain(KEY);

    const client = new QueryClient();
    await prefetchLibrary(client, query);
    await expect(fetchBootstrap()).resolves.toMatchObject({ mode: 'local' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(
      client.getQueryData(
        assetQueries.list({ ...listParams(3, 50), group: 'grp_a', type: 'video' }).queryKey,
      ),
    ).toEqual(LIST);
  });

  it('takes the key /bootstrap offers when none is stored, as main.tsx adopts it (scroll mode: its first block)', async () => {
    answer({ ...BOOTSTRAP, default_api_key: KEY });
    startEarlyRequests(at('/assets?paging=scroll&page=7'));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const list = calls()[1]!;
    expect(list.url.search).toBe('?page=1&page_size=100');
    expect(list.authorization).toBe(`Bearer ${KEY}`);
    // The offered key is never stored by the early script.
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toContain(KEY);

    await fetchBootstrap();
    useConnectionStore.getState().bootstrapKeyReceived(KEY);
    await prefetchLibrary(new QueryClient(), '?paging=scroll&page=7');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks for no list without a key, nor on another page, but for /bootstrap still', async () => {
    startEarlyRequests(at('/'));
    await fetchBootstrap();
    await Promise.resolve();
    closeEarlyRequests();
    storeConnection({ apiKey: KEY });
    startEarlyRequests(at('/tasks?page=2'));
    expect(calls().map((c) => c.url.pathname)).toEqual(['/bootstrap', '/bootstrap']);
  });

  it('asks for nothing when Settings points the dashboard at another deployment', () => {
    storeConnection({ baseUrl: 'https://api.example.com', apiKey: KEY }, localStorage);
    startEarlyRequests(at('/'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reads a remembered key from localStorage, and a base URL naming this origin counts as this origin', () => {
    storeConnection({ baseUrl: window.location.origin, apiKey: KEY }, localStorage);
    startEarlyRequests(at('/'));
    expect(calls()[1]!.authorization).toBe(`Bearer ${KEY}`);
    expect(calls()[1]!.url.search).toBe('?page=1&page_size=20');
  });

  it('is not taken for another key or another list: the app then asks itself', async () => {
    storeConnection({ apiKey: KEY });
    startEarlyRequests(at('/'));
    useConnectionStore.setState({ apiKey: 'sk-other' });
    await prefetchLibrary(new QueryClient(), '');
    useConnectionStore.setState({ apiKey: KEY });
    await prefetchLibrary(new QueryClient(), '?page=2');
    expect(calls().map((c) => [c.url.search, c.authorization])).toEqual([
      ['', null],
      ['?page=1&page_size=20', `Bearer ${KEY}`],
      ['?page=1&page_size=20', 'Bearer sk-other'],
      ['?page=2&page_size=20', `Bearer ${KEY}`],
    ]);
  });

  it("hands over an error answer to the client's usual handling", async () => {
    answer(BOOTSTRAP, () =>
      json({ error: { message: 'Invalid API key', type: 'authentication_error' } }, 401),
    );
    storeConnection({ apiKey: KEY });
    startEarlyRequests(at('/'));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await prefetchLibrary(client, '');
    const error = client.getQueryState(assetQueries.list(listParams(1, 20)).queryKey)?.error;
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(401);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('drops what was not taken once closed: a later request is a fresh one', async () => {
    storeConnection({ apiKey: KEY });
    startEarlyRequests(at('/'));
    closeEarlyRequests();
    await prefetchLibrary(new QueryClient(), '');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});

function listParams(page: number, pageSize: number) {
  return { baseUrl: '', group: 'grp_default', type: '', status: '', domain: '', page, pageSize };
}
