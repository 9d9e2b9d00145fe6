import type { QueryClient } from '@tanstack/react-query';
import { groupRecordOf, type LenientGroup } from '@contract/group';
import { apiRequest } from '@/api/api-client';
import { groupKeys, groupQueries } from '@/api/groups';

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

/*
 * The specification does not show what group create and patch answer: a 200 with the record, a
 * 201, a 204 with an empty body and a wrapped record are all accepted. Any 2xx is a success; the
 * lists are re-read after it either way (the mutations' invalidations).
 */

/** The new group, or undefined when the deployment answered without it (the list then shows it). */
export function createGroup(input: CreateGroupInput): Promise<LenientGroup | undefined> {
  return apiRequest('/v1/asset-groups', { method: 'POST', json: input }, groupRecordOf);
}

/** The group as saved: from the answer, else re-read, else what was sent. */
export async function updateGroup(
  id: string,
  input: UpdateGroupInput,
  queryClient?: QueryClient,
): Promise<LenientGroup> {
  const answered = await apiRequest(
    `/v1/asset-groups/${encodeURIComponent(id)}`,
    { method: 'PATCH', json: input },
    groupRecordOf,
  );
  if (answered) return answered;
  if (queryClient) {
    await queryClient.invalidateQueries({ queryKey: groupKeys.detail(id) });
    const reread = await queryClient.fetchQuery(groupQueries.detail(id)).catch(() => undefined);
    if (reread) return reread;
  }
  return { id, group_id: id, ...input };
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
    mutationFn: ({ id, ...input }: UpdateGroupInput & { id: string }) => updateGroup(id, input, queryClient),
    onSuccess: (group: LenientGroup) => {
      // Show the new name at once; the invalidation then confirms it from the server.
      queryClient.setQueryData(groupKeys.detail(group.id), group);
      return invalidateAfterGroupUpdated(queryClient, group.id);
    },
  }),
};
