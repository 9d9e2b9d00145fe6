import type { AssetListParams } from '@/api/asset-list-query';
import type { LibrarySearch } from './library-search';

/*
 * Which list the library asks for, without React or the query library: the early script
 * (src/early.ts, decision 245) starts the first open's list from these very functions.
 */

/**
 * Page size scroll mode asks for: the local server's maximum, so 10,000 assets are 100 requests at
 * most. A deployment may answer fewer per page; blocks are split by what it answered.
 */
export const SCROLL_PAGE_SIZE = 100;

export function filters(search: LibrarySearch, baseUrl: string): Omit<AssetListParams, 'page' | 'pageSize'> {
  return { baseUrl, group: search.group, type: search.type, status: search.status, domain: search.domain };
}

/** The list the library asks for first: the page in the URL, or page 1 of the scroll mode's blocks. */
export function firstPageParams(search: LibrarySearch, baseUrl: string): AssetListParams {
  return search.paging === 'scroll'
    ? { ...filters(search, baseUrl), page: 1, pageSize: SCROLL_PAGE_SIZE }
    : { ...filters(search, baseUrl), page: search.page, pageSize: search.pageSize };
}
