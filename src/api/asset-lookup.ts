import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { DEFAULT_GROUP_ID } from '@contract/group';
import { isApiRequestError } from '@/api/api-client';
import { assetQueries, type Asset } from '@/api/assets';
import { groupQueries } from '@/api/groups';

const isNotFound = (error: unknown) => isApiRequestError(error) && error.status === 404;

/**
 * An asset known only by its id (an `Asset://` reference pasted in, or loaded for "edit and
 * re-run"), looked up the way the picker shows it. A detail query answers only for the group it
 * names (specification, group isolation), so the default group is asked first and then each
 * group of the first page of groups. Null when no group holds it; other failures are thrown.
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
  const groups = await queryClient.fetchQuery(groupQueries.list());
  for (const group of groups.data) {
    if (group.id === DEFAULT_GROUP_ID) continue;
    const asset = await inGroup(group.id);
    if (asset) return asset;
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
