import type { QueryClient } from '@tanstack/react-query';
import { isApiRequestError } from '@/api/api-client';
import { invalidateAfterAssetCreated, uploadAssetFile } from '@/api/assets';
import { createGroup, invalidateAfterGroupCreated } from '@/api/group-mutations';
import { groupQueries } from '@/api/groups';
import { i18n } from '@/lib/i18n';
import type { Storyboard } from './storyboard';
import type { FrameName } from './runner-deps';

/**
 * Where a storyboard's frames go in the library: one group per storyboard ("Storyboard · Pier
 * chase"), each frame named after the storyboard and its shot, in the person's language. Out of the
 * default group, where they crowded every picker (issue 42).
 */

async function words() {
  // The shell may resume a run before the storyboard page (and its strings) was ever opened.
  await i18n.loadNamespaces('storyboard');
  return i18n.getFixedT('storyboard');
}

export async function frameGroupName(board: Pick<Storyboard, 'name'>): Promise<string> {
  const t = await words();
  return t('frames.group', { name: board.name.trim() || t('untitled') });
}

export async function frameAssetName(name: FrameName): Promise<string> {
  if ('file' in name) return name.file;
  const t = await words();
  return t('frames.asset', { name: name.board.trim() || t('untitled'), n: name.shot });
}

/** One lookup at a time per storyboard: two chains framing at once must not make two groups. */
const finding = new Map<string, Promise<string | undefined>>();

/** The storyboard's frame group: the one it made, one of that name, or a new one. */
export function frameGroup(client: QueryClient, board: Storyboard): Promise<string | undefined> {
  if (board.frameGroupId) return Promise.resolve(board.frameGroupId);
  let found = finding.get(board.id);
  if (!found) {
    found = findOrCreate(client, board).finally(() => finding.delete(board.id));
    finding.set(board.id, found);
  }
  return found;
}

/** The storyboard's frame group if it has one already (kept, or one of its name); never makes one. */
async function knownFrameGroup(client: QueryClient, board: Storyboard): Promise<string | undefined> {
  if (board.frameGroupId) return board.frameGroupId;
  const name = await frameGroupName(board);
  return (await client.fetchQuery({ ...groupQueries.list(), staleTime: 0 })).data.find((g) => g.name === name)
    ?.id;
}

async function findOrCreate(client: QueryClient, board: Storyboard): Promise<string | undefined> {
  const name = await frameGroupName(board);
  const byName = () => knownFrameGroup(client, { ...board, frameGroupId: undefined });
  const known = await byName();
  if (known) return known;
  const made = await createGroup({ name, description: board.id });
  await invalidateAfterGroupCreated(client);
  // A deployment may answer a creation without the record: the list then has it.
  return made?.id ?? (await byName());
}

/** Uploads a frame into the storyboard's group; a group deleted since is made again once. */
export async function uploadFrame(
  client: QueryClient,
  frame: Blob,
  model: string,
  name: FrameName,
  board: Storyboard,
): Promise<{ id: string; groupId?: string }> {
  const file = new File([frame], 'last-frame.png', { type: frame.type || 'image/png' });
  const fields = { type: 'image', model, name: await frameAssetName(name) };
  let groupId = await frameGroup(client, board);
  let asset;
  try {
    asset = await uploadAssetFile(file, { ...fields, group_id: groupId });
  } catch (error) {
    if (!(board.frameGroupId && isApiRequestError(error) && error.status === 404)) throw error;
    groupId = await frameGroup(client, { ...board, frameGroupId: undefined });
    asset = await uploadAssetFile(file, { ...fields, group_id: groupId });
  }
  await invalidateAfterAssetCreated(client, asset.group_id ?? groupId);
  return { id: asset.id, groupId: asset.group_id || groupId };
}

/**
 * The frame an upload cut off by a reload registered after all: the image of its name created
 * since `since` in the storyboard's group (found as an upload whose answer named nothing is:
 * api/created-asset.ts), or undefined, and then it is uploaded again.
 */
export async function findFrame(
  client: QueryClient,
  name: FrameName,
  board: Storyboard,
  since: number,
): Promise<{ id: string; groupId?: string } | undefined> {
  const group = await knownFrameGroup(client, board);
  // No group yet: the upload, which goes into it, was never sent.
  if (!group) return undefined;
  const { createdAsset } = await import('@/api/created-asset');
  try {
    const asset = await createdAsset({}, { group, name: await frameAssetName(name), since });
    return { id: asset.id, groupId: asset.group_id || group };
  } catch {
    return undefined;
  }
}
