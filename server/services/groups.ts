import { DEFAULT_GROUP_ID } from '@contract/group';
import type { Group } from '@contract/group-schemas';
import type { AppContext } from '../context';
import { ApiError, badRequest } from '../errors';
import { type AssetRow, getAssetForOwner, listAssets } from '../store/assets';
import {
  DEFAULT_GROUP_NAME,
  getGroupRow,
  hasGroupEnsuringDefault,
  insertGroup,
  listGroupRows,
  updateGroupRow,
} from '../store/groups';
import { toGroup } from './group-object';
import { quoted } from '@contract/quoted';

/**
 * Asset groups of the caller's API key (LOCAL_API.md). Another key's group is not-found exactly
 * like a missing one. Names need not be unique: groups are identified by group_id, and a name is a
 * label (decision 012).
 */

/** The one answer for a group this key does not have, wherever a group_id is read. */
function groupNotFound(groupId: string): ApiError {
  return new ApiError(
    404,
    `Asset group ${quoted(groupId)} was not found. List your groups with GET /v1/asset-groups, or create one ` +
      'with POST /v1/asset-groups.',
    { code: 'group_not_found', param: 'group_id' },
  );
}

/** Throws `groupNotFound` unless the owner has the group (the default group always exists). */
function requireGroup(ctx: AppContext, owner: string, groupId: string): void {
  if (!hasGroupEnsuringDefault(ctx.db, owner, groupId)) throw groupNotFound(groupId);
}

/** The group an asset goes into or is listed from: the one named (it must be this key's) or the default. */
export function resolveGroup(ctx: AppContext, owner: string, groupId: string | undefined): string {
  // An empty group_id (a form field left blank) means "not given".
  const id = groupId || DEFAULT_GROUP_ID;
  requireGroup(ctx, owner, id);
  return id;
}

export function listGroups(
  ctx: AppContext,
  owner: string,
  page: number,
  pageSize: number,
): { data: Group[]; total: number } {
  const { rows, total } = listGroupRows(ctx.db, owner, page, pageSize);
  return { data: rows.map(toGroup), total };
}

export function getGroup(ctx: AppContext, owner: string, groupId: string): Group {
  const row = getGroupRow(ctx.db, owner, groupId);
  if (!row) throw groupNotFound(groupId);
  return toGroup(row);
}

export function createGroup(
  ctx: AppContext,
  owner: string,
  input: { name: string; description: string },
): Group {
  return toGroup(insertGroup(ctx.db, owner, input));
}

export function updateGroup(
  ctx: AppContext,
  owner: string,
  groupId: string,
  patch: { name?: string; description?: string },
): Group {
  // The default group is the one every key can rely on by id and by name; only its description changes.
  if (groupId === DEFAULT_GROUP_ID && patch.name !== undefined && patch.name !== DEFAULT_GROUP_NAME) {
    throw badRequest(
      `The default group ${DEFAULT_GROUP_ID} keeps the name "${DEFAULT_GROUP_NAME}"; only its description can change. ` +
        'Create a group with POST /v1/asset-groups to use another name.',
      'name',
      'default_group_name_fixed',
    );
  }
  // An empty PATCH (the specification does not show its body) answers the group as it is.
  if (patch.name === undefined && patch.description === undefined) return getGroup(ctx, owner, groupId);
  const row = updateGroupRow(ctx.db, owner, groupId, patch);
  if (!row) throw groupNotFound(groupId);
  return toGroup(row);
}

/**
 * The asset in the group the caller names, or in the default group when none is named
 * (specification, GET /v1/assets/{asset_id} and the group isolation rules; decision 010). An asset
 * that is missing, another key's, or in another group of this key gets the same not-found, naming
 * only what the caller asked for: the specification says only not-found, so where the asset really
 * is stays unsaid (issue 44).
 */
export function findAssetInGroup(
  ctx: AppContext,
  owner: string,
  assetId: string,
  groupParam: string | undefined,
): AssetRow {
  const groupId = groupParam ?? DEFAULT_GROUP_ID;
  if (groupParam !== undefined) requireGroup(ctx, owner, groupParam);
  const row = getAssetForOwner(ctx.db, owner, assetId);
  if (!row || row.group_id !== groupId) {
    const which =
      groupParam === undefined
        ? `the default group ${DEFAULT_GROUP_ID} (used when group_id is omitted)`
        : `group ${groupId}`;
    throw new ApiError(
      404,
      `Asset ${quoted(assetId)} was not found in ${which}. Check the asset_id, and pass the group_id of the group that holds it (GET /v1/assets?group_id=… lists a group's assets).`,
      { code: 'asset_not_found', param: 'asset_id' },
    );
  }
  return row;
}

export interface GroupAssetsQuery {
  group_id?: string;
  /** Any text: a value outside the common ones matches no asset. */
  type?: string;
  status?: string;
  domain?: string;
  page: number;
  pageSize: number;
}

/** One page of a group's assets (the default group when none is named): never another group's. */
export function listGroupAssets(
  ctx: AppContext,
  owner: string,
  { group_id, ...query }: GroupAssetsQuery,
): { rows: AssetRow[]; total: number } {
  return listAssets(ctx.db, owner, { ...query, groupId: resolveGroup(ctx, owner, group_id) });
}
