import type { QueryClient } from '@tanstack/react-query';
import { LenientGroupSchema, type LenientGroup } from '@contract/group';
import { apiRequest } from '@/api/api-client';
import { groupKeys } from '@/api/groups';

/*
 * Creating and renaming groups: only the groups page does it. Apart from api/groups.ts (which the
 * build puts in the library's first-route file, decision 240), so the library's first open does
 * not carry it (decision 247).
 */

export interface CreateGroupInput {
  name: string;
  description?: string;
}

export interface UpdateGroupInput {
  name?: string;
  description?: string;
}

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
