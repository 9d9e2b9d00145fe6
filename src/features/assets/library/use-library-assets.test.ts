import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assetKeys } from '@/api/assets';
import { getConnection, useConnectionStore } from '@/api/connection-store';
import { parseLibrarySearch } from './library-search';
import { SCROLL_PAGE_SIZE } from './library-request';
import { prefetchLibrary } from './use-library-assets';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(() =>
    Promise.resolve(
      new Response(JSON.stringify({ object: 'list', data: [], count: 0, total: 0, page: 1, page_size: 20 }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  useConnectionStore.setState({ apiKey: 'sk-first-open' });
});
afterEach(() => vi.unstubAllGlobals());

const listKey = (query: string, page: number, pageSize: number) => {
  const s = parseLibrarySearch(new URLSearchParams(query));
  const { baseUrl } = getConnection();
  return assetKeys.list({
    baseUrl,
    group: s.group,
    type: s.type,
    status: s.status,
    domain: s.domain,
    page,
    pageSize,
  });
};

/**
 * The first open starts the library's list before the page has rendered (decision 200): it must
 * be the very query the page then asks for (same key), or the page would ask a second time.
 */
describe('prefetchLibrary', () => {
  it("fills the page's own query for the location's filters and page, with the key", async () => {
    const client = new QueryClient();
    const query = '?group_id=grp_a&type=video&page=3&page_size=50&view=table';
    await prefetchLibrary(client, query);
    expect(client.getQueryState(listKey(query, 3, 50))?.status).toBe('success');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toMatch(/\/v1\/assets\?.*group_id=grp_a/);
    expect(String(url)).toMatch(/page=3&page_size=50/);
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer sk-first-open');
  });

  it("asks for scroll mode's first block, and the default group's first page without a query", async () => {
    const client = new QueryClient();
    await prefetchLibrary(client, '?paging=scroll&page=7');
    expect(client.getQueryState(listKey('', 1, SCROLL_PAGE_SIZE))?.status).toBe('success');
    await prefetchLibrary(client);
    expect(client.getQueryState(listKey('', 1, 20))?.status).toBe('success');
    expect(String(fetchMock.mock.calls[1]![0])).not.toContain('group_id');
  });
});
