import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  assetPhase,
  isReviewUnknownOtherwiseReady,
  LenientAssetSchema,
  reviewUnknownPatienceMs,
  type LenientAsset,
} from '@contract/asset';
import { DEFAULT_GROUP_ID } from '@contract/group';
import type { ListEnvelope } from '@contract/list';
import { listAnswer, listEnvelopeSchema } from '@contract/list-schema';
import { apiRequest } from '@/api/api-client';
import { ASSET_LIST_PATH, assetListQuery, groupQuery, type AssetListParams } from '@/api/asset-list-query';
import { createdOnOurClock, readinessPollDelay } from '@/api/asset-poll-policy';
import { invalidateGroupCounts } from '@/api/groups';
import type { createdAsset as CreatedAsset } from '@/api/created-asset';

export type { LenientAsset as Asset } from '@contract/asset';
export type AssetList = ListEnvelope<LenientAsset>;
export type { AssetListParams } from '@/api/asset-list-query';

const assetListSchema = listEnvelopeSchema(LenientAssetSchema);

type PhaseFields = Parameters<typeof assetPhase>[0] & { id?: string };

/**
 * Specification, Asset states rule 3: while an asset is neither ready nor failed the client
 * re-queries the same asset_id. Ready, failed and disabled are terminal for polling.
 */
export function isPreparing(asset: PhaseFields | null | undefined): boolean {
  return !!asset && assetPhase(asset) === 'preparing';
}

/** The subset of the query state a refetchInterval function reads (kept small for tests). */
export interface PollableQuery<T> {
  state: { data: T | undefined };
}

/** What a refetchInterval needs of an asset still preparing. */
export type PreparingAsset = Pick<
  LenientAsset,
  | 'id'
  | 'type'
  | 'created_at'
  | 'updated_at'
  | 'status'
  | 'preparation_status'
  | 'generation_ready'
  | 'review_status'
  | 'review_passed'
>;

/*
 * When each preparing asset was created on our clock, per query: refetchInterval functions run on
 * every state change of a query (fetch start, success…), and the first sighting must be kept
 * across them. Assets that stopped preparing are forgotten.
 */
const createdByQuery = new WeakMap<object, Map<string, number>>();

/**
 * Builds a `refetchInterval` function: `false` once nothing in the data is preparing, otherwise the
 * delay the readiness policy gives (asset-poll-policy.ts) for the assets still preparing.
 */
export function preparingRefetchInterval<T>(preparing: (data: T) => PreparingAsset[]) {
  return (query: PollableQuery<T>): number | false => {
    const data = query.state.data;
    const pending = data === undefined ? [] : preparing(data);
    if (pending.length === 0) {
      createdByQuery.delete(query);
      return false;
    }
    const now = Date.now();
    const known = createdByQuery.get(query) ?? new Map<string, number>();
    const next = new Map<string, number>();
    for (const asset of pending) next.set(asset.id, known.get(asset.id) ?? createdOnOurClock(asset, now));
    createdByQuery.set(query, next);
    // An asset ready but for a review that stays unknown is asked about for a while, not for ever.
    const waiting = pending.filter(
      (a) => !isReviewUnknownOtherwiseReady(a) || now - next.get(a.id)! < reviewUnknownPatienceMs(a.type),
    );
    return readinessPollDelay(waiting.map((a) => ({ type: a.type, ageMs: now - next.get(a.id)! })));
  };
}

/** Keys from generic to specific, so that `['assets','list',{group}]` matches every list of a group. */
export const assetKeys = {
  all: () => ['assets'] as const,
  lists: () => ['assets', 'list'] as const,
  groupLists: (group: string) => ['assets', 'list', { group }] as const,
  list: (p: AssetListParams) =>
    [
      'assets',
      'list',
      {
        baseUrl: p.baseUrl,
        group: p.group,
        type: p.type,
        status: p.status,
        domain: p.domain,
        page: p.page,
        pageSize: p.pageSize,
      },
    ] as const,
  details: () => ['assets', 'detail'] as const,
  detail: (id: string, group: string) => ['assets', 'detail', id, group] as const,
};

/** Lists holding preparing assets refresh until every asset on the page has settled. */
export const assetListRefetchInterval = preparingRefetchInterval<AssetList>((list) =>
  list.data.filter(isPreparing),
);

/** A preparing asset is re-queried by the same asset_id; never re-created (rule 3). */
export const assetDetailRefetchInterval = preparingRefetchInterval<LenientAsset>((asset) =>
  isPreparing(asset) ? [asset] : [],
);

export const assetQueries = {
  list: (p: AssetListParams) =>
    queryOptions({
      queryKey: assetKeys.list(p),
      queryFn: ({ signal }): Promise<AssetList> =>
        apiRequest(
          ASSET_LIST_PATH,
          {
            query: assetListQuery(p),
            signal,
          },
          (data) => assetListSchema.parse(listAnswer(data, { page: p.page, pageSize: p.pageSize })),
        ),
      refetchInterval: assetListRefetchInterval,
    }),
  detail: (id: string, group: string) =>
    queryOptions({
      queryKey: assetKeys.detail(id, group),
      queryFn: ({ signal }): Promise<LenientAsset> =>
        apiRequest(
          `/v1/assets/${encodeURIComponent(id)}`,
          { query: { group_id: groupQuery(group) }, signal },
          (data) => LenientAssetSchema.parse(data),
        ),
      refetchInterval: assetDetailRefetchInterval,
    }),
};

export interface RegisterAssetInput {
  url: string;
  model?: string;
  mode?: string;
  type?: string;
  purpose?: string;
  role?: string;
  group_id?: string;
  name?: string;
  metadata?: Record<string, unknown>;
}

/** Drops empty strings so that optional fields a person left blank are not sent at all. */
function compact<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(input).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  ) as Partial<T>;
}

export function registerAssetByUrl(input: RegisterAssetInput): Promise<LenientAsset> {
  const body = compact({ ...input, group_id: groupQuery(input.group_id) });
  // The specification names `metadata.name` as business metadata; send the name there as well.
  if (input.name) body.metadata = { ...input.metadata, name: input.name };
  const since = Math.floor(Date.now() / 1000);
  return apiRequest<unknown>('/v1/assets/uploads', { method: 'POST', json: body })
    .then((data) =>
      createdAsset(data, { group: input.group_id, name: input.name, sourceUrl: input.url, since }),
    )
    .then((asset) => rememberModel(asset, input.model));
}

/**
 * The asset an upload's answer names, or the one found in its group (created-asset.ts). Imported
 * when an upload answers: the library's first route lists and needs none of it.
 */
async function createdAsset(...args: Parameters<typeof CreatedAsset>) {
  return (await import('@/api/created-asset')).createdAsset(...args);
}

/**
 * Readiness is confirmed for the model an asset was registered with (Asset states rule 1), and a
 * deployment need not say which that was: this browser remembers it (asset-models.ts).
 */
async function rememberModel(asset: LenientAsset, model: string | undefined): Promise<LenientAsset> {
  // Imported when used: the library's first route uploads without a model and needs none of it.
  if (model) (await import('@/api/asset-models')).assetModelMemory().remember(asset.id, model);
  return asset;
}

export interface UploadAssetFieldsInput {
  type?: string;
  purpose?: string;
  role?: string;
  model?: string;
  group_id?: string;
  name?: string;
}

export interface UploadOptions {
  onUploadProgress?: (p: { loaded: number; total: number }) => void;
  signal?: AbortSignal;
}

export function uploadAssetFile(
  file: File,
  fields: UploadAssetFieldsInput,
  options: UploadOptions = {},
): Promise<LenientAsset> {
  const form = new FormData();
  // Text fields first: a streaming server reads them before the (possibly large) file part.
  for (const [key, value] of Object.entries(compact({ ...fields, group_id: groupQuery(fields.group_id) }))) {
    form.append(key, String(value));
  }
  form.append('file', file, file.name);
  const since = Math.floor(Date.now() / 1000);
  return apiRequest<unknown>('/v1/assets/uploads', {
    method: 'POST',
    formData: form,
    signal: options.signal,
    onUploadProgress: options.onUploadProgress,
  })
    .then((data) =>
      createdAsset(data, { group: fields.group_id, name: fields.name ?? file.name, size: file.size, since }),
    )
    .then((asset) => rememberModel(asset, fields.model));
}

/**
 * A new asset changes the lists of its group (every filter and page) and that group's asset count,
 * and those of the group asked for when the answer names another: a deployment's default group may
 * have another id than the dashboard's (`grp_main` for `grp_default`). Other groups are untouched.
 */
export async function invalidateAfterAssetCreated(
  queryClient: QueryClient,
  groupId: string | undefined,
  askedGroup?: string,
) {
  const groups = new Set([
    groupId || DEFAULT_GROUP_ID,
    ...(askedGroup === undefined ? [] : [askedGroup || DEFAULT_GROUP_ID]),
  ]);
  await Promise.all(
    [...groups].flatMap((group) => [
      queryClient.invalidateQueries({ queryKey: assetKeys.groupLists(group) }),
      invalidateGroupCounts(queryClient, group),
    ]),
  );
}

export const assetMutations = {
  registerByUrl: (queryClient: QueryClient) => ({
    mutationFn: registerAssetByUrl,
    onSuccess: (asset: LenientAsset, input: RegisterAssetInput) =>
      invalidateAfterAssetCreated(queryClient, asset.group_id ?? input.group_id, input.group_id),
  }),
};
