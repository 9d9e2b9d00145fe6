import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { groupRecordOf, LenientGroupSchema, type LenientGroup } from '@contract/group';
import type { ListEnvelope } from '@contract/list';
import { listAnswer, listEnvelopeSchema } from '@contract/list-schema';
import { apiRequest } from '@/api/api-client';

export type { LenientGroup as Group } from '@contract/group';

const groupListSchema = listEnvelopeSchema(LenientGroupSchema);

export interface GroupListParams {
  page?: number;
  pageSize?: number;
}

/**
 * Keys from generic to specific (TkDodo): `['groups']` ⊃ `['groups','list', …]` and
 * `['groups','detail', id]`, so that one prefix invalidates every page of the list.
 */
export const groupKeys = {
  all: () => ['groups'] as const,
  lists: () => ['groups', 'list'] as const,
  list: (params: GroupListParams = {}) =>
    ['groups', 'list', { page: params.page ?? 1, pageSize: params.pageSize ?? 100 }] as const,
  details: () => ['groups', 'detail'] as const,
  detail: (id: string) => ['groups', 'detail', id] as const,
};

export const groupQueries = {
  list: (params: GroupListParams = {}) =>
    queryOptions({
      queryKey: groupKeys.list(params),
      queryFn: ({ signal }): Promise<ListEnvelope<LenientGroup>> =>
        apiRequest(
          '/v1/asset-groups',
          { query: { page: params.page ?? 1, page_size: params.pageSize ?? 100 }, signal },
          (data) =>
            groupListSchema.parse(
              listAnswer(data, { page: params.page ?? 1, pageSize: params.pageSize ?? 100 }),
            ),
        ),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: groupKeys.detail(id),
      queryFn: ({ signal }): Promise<LenientGroup> =>
        apiRequest(`/v1/asset-groups/${encodeURIComponent(id)}`, { signal }, (data) =>
          // The record, or one wrapped in `data`/`group` (the answer's shape is not shown).
          LenientGroupSchema.parse(groupRecordOf(data) ?? data),
        ),
    }),
};

/** Asset counts live on the group records: a new asset changes its group's detail and the lists. */
export async function invalidateGroupCounts(queryClient: QueryClient, id: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: groupKeys.detail(id) }),
    queryClient.invalidateQueries({ queryKey: groupKeys.lists() }),
  ]);
}
