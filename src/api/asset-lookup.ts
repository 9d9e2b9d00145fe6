import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { DEFAULT_GROUP_ID } from '@contract/group';
import { answeredPageSize, PAGE_SIZE } from '@contract/list';
import { isApiRequestError } from '@/api/api-client';
import { assetQueries, type Asset } from '@/api/assets';
import { groupQueries } from '@/api/groups';

const isNotFound = (error: unknown) => isApiRequestError(error) && error.status === 404;

/** Groups asked per page of the group list: a page at the specification's largest size. */
const GROUPS_PAGE_SIZE = PAGE_SIZE.max;
/** Detail queries in flight at once while groups are searched. */
const GROUPS_AT_ONCE = 4;
/** A page of groups read for one lookup serves the next ones too (three references, one listing). */
const GROUPS_PAGE_STALE_MS = 30_000;

/**
 * An asset known only by its id (an `Asset://` reference pasted in, or loaded for "edit and
 * re-run"), looked up the way the picker shows it. A detail query answers only for the group it
 * names (specification, group isolation), so the default group is asked first and then every
 * group, page by page of the group list, stopping as soon as one holds it. Pages are read by what
 * the server answered (`total`, and `page_size` only if it says: a deployment may cap it), so
 * groups past the first hundred are reached too. Null when no group holds it; other failures are
 * thrown.
 */
export async function lookupAsset(queryClient: QueryClient, id: string): Promise<Asset | null> {
  const inGroup = async (group: string): Promise<Asset | null> => {
    try {
      return await queryClient.fetchQuery(assetQueries.detail(id, group));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };
  const found = await inGroup(DEFAULT_GROUP_ID);
  if (found) return found;
  const groupsPage = (page: number) =>
    queryClient.fetchQuery({
      ...groupQueries.list({ page, pageSize: GROUPS_PAGE_SIZE }),
      staleTime: GROUPS_PAGE_STALE_MS,
    });
  let pages = 1;
  for (let page = 1; page <= pages; page += 1) {
    const list = await groupsPage(page);
    if (page === 1) pages = Math.ceil(list.total / answeredPageSize(list, GROUPS_PAGE_SIZE));
    const ids = list.data.map((group) => group.id).filter((group) => group !== DEFAULT_GROUP_ID);
    for (let i = 0; i < ids.length; i += GROUPS_AT_ONCE) {
      const answers = await Promise.all(ids.slice(i, i + GROUPS_AT_ONCE).map(inGroup));
      const asset = answers.find((a) => a !== null);
      if (asset) return asset;
    }
    // An empty page where more were promised (the list shrank meanwhile): nothing further to ask.
    if (list.count === 0) break;
  }
  return null;
}

export const assetLookupQuery = (queryClient: QueryClient, baseUrl: string, id: string) =>
  queryOptions({
    queryKey: ['assets', 'lookup', baseUrl, id] as const,
    queryFn: () => lookupAsset(queryClient, id),
    staleTime: 30_000,
    retry: false,
  });
