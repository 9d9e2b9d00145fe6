import { keepPreviousData, useQueries, useQuery, type QueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { answeredPageSize } from '@contract/list';
import { assetQueries, type Asset } from '@/api/assets';
import { getConnection, useBaseUrl } from '@/api/connection-store';
import { useAnsweredPageSize } from '@/components/use-answered-page-size';
import { filters, firstPageParams, SCROLL_PAGE_SIZE } from './library-request';
import { parseLibrarySearch, type LibrarySearch } from './library-search';

export interface LibraryAssets {
  count: number;
  total: number | undefined;
  /** Items per page as the server answered (paged mode's page arithmetic uses it). */
  pageSize: number;
  getAsset: (index: number) => Asset | undefined;
  onRangeChange?: (start: number, end: number) => void;
  isPending: boolean;
  error: unknown;
  refetch: () => void;
  /** A page is being replaced (new filters or page): keep the old rows, show a quiet indicator. */
  isFetching: boolean;
}

/**
 * Starts the library's first list for a location's query string (`?group_id=…`), so that it is on
 * the wire while the page's code still runs: main.tsx calls it on the first open once the key is
 * known (decision 200), a link to the library on hover (decision 101).
 */
export function prefetchLibrary(queryClient: QueryClient, query = ''): Promise<void> {
  const search = parseLibrarySearch(new URLSearchParams(query));
  return queryClient.prefetchQuery(assetQueries.list(firstPageParams(search, getConnection().baseUrl)));
}

/** Paged mode: exactly the page in the URL, as the API returns it. */
function usePagedAssets(search: LibrarySearch, enabled: boolean): LibraryAssets {
  const baseUrl = useBaseUrl();
  const query = useQuery({
    ...assetQueries.list(firstPageParams({ ...search, paging: 'pages' }, baseUrl)),
    placeholderData: keepPreviousData,
    enabled,
  });
  // A deployment that caps pages below the chosen size: page N is its page N, of its size.
  const pageSize = useAnsweredPageSize(
    query.data,
    search.pageSize,
    assetQueries.list({ ...filters(search, baseUrl), page: 1, pageSize: search.pageSize }),
    enabled,
  );
  const data = query.data?.data;
  return {
    count: data?.length ?? 0,
    total: query.data?.total,
    pageSize,
    getAsset: (index) => data?.[index],
    isPending: query.isPending,
    error: query.error,
    refetch: () => void query.refetch(),
    isFetching: query.isPlaceholderData,
  };
}

/**
 * Scroll mode: the whole group as one virtual list of `total` slots. Only the API pages that cover
 * the visible range are queried (plus page 1, which gives the total), so the scroll bar has the
 * real length and jumping to the middle of 10,000 assets costs one or two requests, not fifty.
 * The pages are ordinary list queries: same keys, cache, polling and invalidation as paged mode.
 */
function useScrollAssets(search: LibrarySearch, enabled: boolean): LibraryAssets {
  const baseUrl = useBaseUrl();
  const [visible, setVisible] = useState({ first: 1, last: 1 });
  const base = filters(search, baseUrl);
  const firstPage = useQuery({
    ...assetQueries.list(firstPageParams({ ...search, paging: 'scroll' }, baseUrl)),
    enabled,
  });
  const total = firstPage.data?.total;
  // Blocks are as large as the server's pages really are; a fixed 100 would leave slots empty for
  // ever against a deployment that caps pages lower.
  const block = firstPage.data ? answeredPageSize(firstPage.data, SCROLL_PAGE_SIZE) : SCROLL_PAGE_SIZE;
  const pageNumbers = useMemo(() => {
    const pages: number[] = [];
    for (let p = Math.max(2, visible.first); p <= visible.last; p += 1) pages.push(p);
    return pages;
  }, [visible]);
  const pages = useQueries({
    queries: pageNumbers.map((page) => ({
      ...assetQueries.list({ ...base, page, pageSize: SCROLL_PAGE_SIZE }),
      enabled: enabled && total !== undefined,
    })),
  });
  const byPage = new Map<number, Asset[] | undefined>([[1, firstPage.data?.data]]);
  pageNumbers.forEach((page, i) => byPage.set(page, pages[i]?.data?.data));

  const onRangeChange = useCallback(
    (start: number, end: number) => {
      const first = Math.floor(Math.max(0, start) / block) + 1;
      const last = Math.floor(Math.max(0, end) / block) + 1;
      // Same pages: return the same object so React skips the render.
      setVisible((prev) => (prev.first === first && prev.last === last ? prev : { first, last }));
    },
    [block],
  );

  return {
    count: total ?? 0,
    total,
    pageSize: block,
    getAsset: (index) => byPage.get(Math.floor(index / block) + 1)?.[index % block],
    onRangeChange,
    isPending: firstPage.isPending,
    error: firstPage.error ?? pages.find((p) => p.error)?.error ?? null,
    refetch: () => {
      void firstPage.refetch();
      for (const p of pages) if (p.error) void p.refetch();
    },
    isFetching: false,
  };
}

/** The assets the library shows, in paged or scroll mode, from the URL state. */
export function useLibraryAssets(search: LibrarySearch): LibraryAssets {
  // Both hooks always run (rules of hooks); the inactive one is disabled and fetches nothing.
  const scroll = useScrollAssets(search, search.paging === 'scroll');
  const paged = usePagedAssets(search, search.paging === 'pages');
  return search.paging === 'scroll' ? scroll : paged;
}
