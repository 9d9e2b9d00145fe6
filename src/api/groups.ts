import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { LenientGroupSchema, type LenientGroup } from '@contract/group';
import type { ListEnvelope } from '@contract/list';
import { listEnvelopeSchema } from '@contract/list-schema';
import { apiRequest } from '@/api/api-client';

export type { LenientGroup as Group } from '@contract/group';

const groupListSchema = listEnvelopeSchema(LenientGroupSchema);

export interface GroupListParams {
  page?: number;
  pageSize?: number;
}

export interface CreateGroupInput {
  name: string;
  description?: string;
}

export interface UpdateGroupInput {
  name?: string;
  description?: string;
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
          (data) => groupListSchema.parse(data),
        ),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: groupKeys.detail(id),
      queryFn: ({ signal }): Promise<LenientGroup> =>
        apiRequest(`/v1/asset-groups/${encodeURIComponent(id)}`, { signal }, (data) =>
          LenientGroupSchema.parse(data),
        ),
    }),
};

export function createGroup(input: CreateGroupInput): Promise<LenientGroup> {
  return apiRequest('/v1/asset-groups', { method: 'POST', json: input }, (data) =>
    LenientGroupSchema.parse(data),
  );
}

export function updateGroup(id: string, input: UpdateGroupInput): Promise<LenientGroup> {
  return apiRequest(`/v1/asset-groups/${encodeURIComponent(id)}`, { method: 'PATCH', json: input }, (data) =>
    LenientGroupSchema.parse(data),
  );
}

/** A new group only changes the group list; no asset list can contain it yet. */
export function invalidateAfterGroupCreated(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: groupKeys.lists() });
}

/** A rename changes that group's detail and every list page that shows its name. */
export async function invalidateAfterGroupUpdated(queryClient: QueryClient, id: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: groupKeys.detail(id) }),
    queryClient.invalidateQueries({ queryKey: groupKeys.lists() }),
  ]);
}

/** Asset counts live on the group records: a new asset changes its group's detail and the lists. */
export async function invalidateGroupCounts(queryClient: QueryClient, id: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: groupKeys.detail(id) }),
    queryClient.invalidateQueries({ queryKey: groupKeys.lists() }),
  ]);
}

export const groupMutations = {
  create: (queryClient: QueryClient) => ({
    mutationFn: createGroup,
    onSuccess: () => invalidateAfterGroupCreated(queryClient),
  }),
  update: (queryClient: QueryClient) => ({
    mutationFn: ({ id, ...input }: UpdateGroupInput & { id: string }) => updateGroup(id, input),
    onSuccess: (group: LenientGroup) => {
      // Show the new name at once; the invalidation then confirms it from the server.
      queryClient.setQueryData(groupKeys.detail(group.id), group);
      return invalidateAfterGroupUpdated(queryClient, group.id);
    },
  }),
};
