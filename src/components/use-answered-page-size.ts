import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { answeredPageSize, needsFirstPage, type PageAnswer } from '@contract/list';

/**
 * Items per page of a paged list as the server answered them (decision 215), for every paged view
 * (library, groups, the composer's asset picker). A short page after the first that does not echo
 * `page_size` is read by page 1 of the same list, fetched only then: it is in the cache when the
 * person paged there with Next, one request on a deep link. On its own, page 3's 20 items of a
 * deployment capping at 50 read as "pages of 20".
 *
 * `firstPage` is the query of page 1 with the same filters and requested size as `list`. Beside the
 * pager in src/components: in the shared `ui` chunk the first route loads anyway, not a file of
 * its own before the library's first paint.
 */
export function useAnsweredPageSize<TData extends PageAnswer, TKey extends QueryKey>(
  list: PageAnswer | undefined,
  requested: number,
  firstPage: UseQueryOptions<TData, Error, TData, TKey>,
  enabled = true,
): number {
  const firstNeeded = list !== undefined && needsFirstPage(list, requested);
  const first = useQuery({ ...firstPage, enabled: enabled && firstNeeded });
  return list ? answeredPageSize(list, requested, firstNeeded ? first.data : undefined) : requested;
}
