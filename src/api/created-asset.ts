import { LenientAssetSchema, parseAssetReference, type LenientAsset } from '@contract/asset';
import { DEFAULT_GROUP_ID } from '@contract/group';
import { isRecord } from '@contract/is-record';
import { answeredPageSize } from '@contract/list';
import { listAnswer, listEnvelopeSchema } from '@contract/list-schema';
import { apiRequest, isApiRequestError } from '@/api/api-client';
import { ASSET_LIST_PATH, groupQuery } from '@/api/asset-list-query';

/*
 * The specification shows neither the required fields nor the body of POST /v1/assets/uploads'
 * answer (issue 44): it may be the asset, the asset wrapped in `data`, only its `Asset://`
 * reference, or nothing that names it. Each is read; when nothing names it, the asset is looked
 * for in the newest page of its group's list. The upload is never sent again for it: a second POST
 * would create a second asset.
 */

const listSchema = listEnvelopeSchema(LenientAssetSchema);
/** The specification's default page size: what a deployment answers when it ignores ours. */
const NEWEST_PAGE_SIZE = 20;
/** Clocks differ: an asset created this long before the request started may still be ours. */
const CLOCK_SLACK_S = 120;

function named(value: unknown): LenientAsset | null {
  if (!isRecord(value)) return null;
  const parsed = LenientAssetSchema.safeParse(value);
  if (parsed.success && parsed.data.id) return parsed.data;
  const id = parseAssetReference(value.reference) ?? parseAssetReference(value.asset_ref);
  return id ? LenientAssetSchema.parse({ ...value, id }) : null;
}

/** The asset an upload's answer names, at the top or under `data`; null when it names none. */
export function assetOfAnswer(data: unknown): LenientAsset | null {
  return named(data) ?? (isRecord(data) ? named(data.data) : null);
}

/** What is known of what was just created, to tell it apart on a list page. */
export interface CreatedHint {
  group?: string;
  name?: string;
  size?: number;
  sourceUrl?: string;
  /** Unix seconds when the request was sent. */
  since: number;
}

function matches(asset: LenientAsset, hint: CreatedHint): boolean {
  if (asset.created_at !== undefined && asset.created_at < hint.since - CLOCK_SLACK_S) return false;
  if (hint.sourceUrl) return asset.source_url === hint.sourceUrl || asset.url === hint.sourceUrl;
  // A deployment may drop the name it was not asked for in its form: the size then tells.
  if (hint.name && asset.name) return asset.name === hint.name;
  return hint.size !== undefined && asset.size === hint.size;
}

async function listPage(group: string | undefined, page: number) {
  return apiRequest(
    ASSET_LIST_PATH,
    { query: { group_id: groupQuery(group), page, page_size: NEWEST_PAGE_SIZE } },
    (d) => listSchema.parse(listAnswer(d, { page, pageSize: NEWEST_PAGE_SIZE })),
  );
}

/** The newest matching asset of a group, reading its first page and, when the list says so, its last. */
async function findIn(group: string | undefined, hint: CreatedHint): Promise<LenientAsset | null> {
  const first = await listPage(group, 1);
  const pages = [first.data];
  const size = answeredPageSize(first, NEWEST_PAGE_SIZE);
  // The specification gives no order: the newest page is the first or the last.
  if (!first.total_derived && first.total > size)
    pages.push((await listPage(group, Math.ceil(first.total / size))).data);
  const found = pages.flat().filter((a) => !a.unreadable && matches(a, hint));
  found.sort((a, b) => (b.created_at ?? 0) - (a.created_at ?? 0));
  return found[0] ?? null;
}

async function answersIn(id: string, group: string | undefined): Promise<LenientAsset | null> {
  try {
    return await apiRequest(`/v1/assets/${encodeURIComponent(id)}`, { query: { group_id: group } }, (d) =>
      LenientAssetSchema.parse(assetOfAnswer(d) ?? d),
    );
  } catch (error) {
    if (isApiRequestError(error) && error.status === 404) return null;
    throw error;
  }
}

/**
 * Where an asset named without its group went. A detail query answers only in the asset's own group,
 * so the group asked for is asked first, then the default one (a deployment may ignore the form's
 * `group_id`: the specification's form has only `file`, `type` and `purpose`). When neither can be
 * read now, the group asked for: its readiness is followed there, as the person expects.
 */
async function groupOf(id: string, asked: string): Promise<string> {
  try {
    if (await answersIn(id, asked)) return asked;
    const inDefault = await answersIn(id, undefined);
    if (inDefault) return inDefault.group_id ?? DEFAULT_GROUP_ID;
  } catch {
    // Unreadable for now (a fault, a network error): the upload itself succeeded.
  }
  return asked;
}

/**
 * The asset an answer names, or else the one just created found in its group (then in the default
 * group, for a deployment that ignored the group asked for). Throws a message saying not to upload
 * again when neither finds it.
 */
export async function createdAsset(data: unknown, hint: CreatedHint): Promise<LenientAsset> {
  const asked = groupQuery(hint.group);
  const asset = assetOfAnswer(data);
  if (asset) return asset.group_id || !asked ? asset : { ...asset, group_id: await groupOf(asset.id, asked) };
  const found = await findIn(asked, hint);
  if (found) return found;
  const inDefault = asked ? await findIn(undefined, hint) : null;
  if (inDefault) return { ...inDefault, group_id: inDefault.group_id ?? DEFAULT_GROUP_ID };
  throw new Error(
    `The deployment accepted the upload but its answer does not name the asset, and no matching asset is in the newest page of ${asked ? `group ${asked}` : 'the default group'}. Look for it in the library before uploading again.`,
  );
}

/**
 * The group a deployment put an asset in when it is not the one asked for (it may ignore the
 * `group_id` form field: the specification's form has only `file`, `type` and `purpose`). Nothing
 * when the default group was asked for: its id differs between deployments.
 */
export function placedElsewhere(
  askedGroup: string | undefined,
  asset: { id?: string; group_id?: string },
): string | undefined {
  const asked = groupQuery(askedGroup);
  if (!asked || !asset.group_id || asset.group_id === asked) return undefined;
  return asset.group_id;
}
