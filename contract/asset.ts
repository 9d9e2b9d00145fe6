import { z } from 'zod';
import { isVideoModel } from './models';

export const ASSET_TYPES = ['image', 'audio', 'video', 'file'] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

export const ASSET_STATUSES = ['created', 'syncing', 'ready', 'failed', 'disabled'] as const;
export type AssetStatus = (typeof ASSET_STATUSES)[number];
export const SYNC_STATUSES = ['created', 'syncing', 'ready', 'failed'] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];
export const PREPARATION_STATUSES = ['created', 'syncing', 'ready', 'failed', 'disabled'] as const;
export type PreparationStatus = (typeof PREPARATION_STATUSES)[number];
export const REVIEW_STATUSES = ['succeeded', 'pending', 'failed', 'unknown'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const ASSET_MODES = ['asset', 'oss', 'both'] as const;
export type AssetMode = (typeof ASSET_MODES)[number];

/** Purposes the specification names (POST /v1/assets/uploads). Others are accepted as free text. */
export const ASSET_PURPOSES = [
  'reference_image',
  'reference_video',
  'video_reference',
  'digital_human_avatar',
  'digital_human_voice',
  'digital_human_authorization',
] as const;

export const ASSET_DOMAINS = ['media'] as const;

/** An asset as the local server writes it: every field of the specification's table. */
export const AssetSchema = z.object({
  object: z.literal('asset'),
  id: z.string(),
  asset_id: z.string(),
  group_id: z.string(),
  domain: z.string(),
  type: z.enum(ASSET_TYPES),
  asset_type: z.enum(ASSET_TYPES),
  name: z.string(),
  description: z.string(),
  source_url: z.string(),
  url: z.string(),
  oss_url: z.string(),
  reference: z.string(),
  asset_ref: z.string(),
  content_type: z.string(),
  size: z.number().int().nonnegative(),
  duration: z.number().nonnegative(),
  status: z.enum(ASSET_STATUSES),
  sync_status: z.enum(SYNC_STATUSES),
  preparation_status: z.enum(PREPARATION_STATUSES),
  generation_ready: z.boolean(),
  review_status: z.enum(REVIEW_STATUSES),
  review_passed: z.boolean(),
  sync_error: z.string().optional(),
  visibility: z.string(),
  model: z.string().optional(),
  mode: z.enum(ASSET_MODES).optional(),
  purpose: z.string().optional(),
  role: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  request_id: z.string().optional(),
  trace_id: z.string().optional(),
});
export type Asset = z.infer<typeof AssetSchema>;

const looseString = z.string().optional().catch(undefined);
const looseNumber = z.number().optional().catch(undefined);
const looseBool = z.boolean().optional().catch(undefined);

/**
 * What the dashboard accepts from any deployment: every field optional, unknown fields passed
 * through, wrong types dropped rather than fatal. `id` falls back to `asset_id`.
 */
export const LenientAssetSchema = z.preprocess(
  (v) => {
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      const id = typeof o.id === 'string' && o.id ? o.id : o.asset_id;
      return { ...o, id };
    }
    return v;
  },
  z.looseObject({
    id: z.string(),
    object: looseString,
    asset_id: looseString,
    group_id: looseString,
    domain: looseString,
    type: looseString,
    asset_type: looseString,
    name: looseString,
    description: looseString,
    source_url: looseString,
    url: looseString,
    oss_url: looseString,
    reference: looseString,
    asset_ref: looseString,
    content_type: looseString,
    size: looseNumber,
    duration: looseNumber,
    status: looseString,
    sync_status: looseString,
    preparation_status: looseString,
    generation_ready: looseBool,
    review_status: looseString,
    review_passed: looseBool,
    sync_error: looseString,
    visibility: looseString,
    model: looseString,
    purpose: looseString,
    role: looseString,
    created_at: looseNumber,
    updated_at: looseNumber,
    request_id: looseString,
    trace_id: looseString,
  }),
);
export type LenientAsset = z.infer<typeof LenientAssetSchema>;

/** The five fields of the specification's readiness rule (Asset states, rule 1), in its order. */
export const READINESS_CONDITIONS = [
  'status',
  'preparation_status',
  'generation_ready',
  'review_status',
  'review_passed',
] as const;
export type ReadinessCondition = (typeof READINESS_CONDITIONS)[number];

type ReadinessFields = {
  status?: unknown;
  preparation_status?: unknown;
  generation_ready?: unknown;
  review_status?: unknown;
  review_passed?: unknown;
};

/** The readiness conditions this asset fails, empty when it is safe to use in a generation request. */
export function readinessFailures(asset: ReadinessFields | null | undefined): ReadinessCondition[] {
  const a = asset ?? {};
  const failures: ReadinessCondition[] = [];
  if (a.status !== 'ready') failures.push('status');
  if (a.preparation_status !== 'ready') failures.push('preparation_status');
  if (a.generation_ready !== true) failures.push('generation_ready');
  if (a.review_status !== 'succeeded') failures.push('review_status');
  if (a.review_passed !== true) failures.push('review_passed');
  return failures;
}

/**
 * Specification, Asset states rule 1: safe to use only when all five hold. `review_status=succeeded`
 * alone proves nothing (rule 2).
 */
export function isGenerationReady(asset: ReadinessFields | null | undefined): boolean {
  return readinessFailures(asset).length === 0;
}

export type AssetPhase = 'ready' | 'preparing' | 'failed' | 'disabled';

/**
 * Where an asset stands for a person: `preparing` means re-query the same asset_id later (rule 3),
 * `failed` means read `sync_error` and replace it or make its URL public (rule 4).
 */
export function assetPhase(
  asset: (ReadinessFields & { sync_status?: unknown }) | null | undefined,
): AssetPhase {
  if (!asset) return 'preparing';
  if (isGenerationReady(asset)) return 'ready';
  if (asset.status === 'disabled' || asset.preparation_status === 'disabled') return 'disabled';
  if (
    asset.status === 'failed' ||
    asset.preparation_status === 'failed' ||
    asset.sync_status === 'failed' ||
    asset.review_status === 'failed' ||
    (asset.review_status === 'succeeded' && asset.review_passed === false)
  ) {
    return 'failed';
  }
  return 'preparing';
}

const ASSET_REF_PREFIX = 'Asset://';

export function assetReference(assetId: string): string {
  return `${ASSET_REF_PREFIX}${assetId}`;
}

/** The asset id of an `Asset://<asset_id>` reference, or undefined for anything else. */
export function parseAssetReference(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (!text.startsWith(ASSET_REF_PREFIX)) return undefined;
  const id = text.slice(ASSET_REF_PREFIX.length);
  return /^[A-Za-z0-9_-]+$/.test(id) ? id : undefined;
}

/** The asset type a MIME type implies: image/*, audio/*, video/*, anything else a file. */
export function inferAssetType(contentType: string | null | undefined): AssetType {
  const mime = (contentType ?? '').toLowerCase().split(';')[0]!.trim();
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime.startsWith('video/')) return 'video';
  return 'file';
}

const httpUrl = z
  .string({ error: 'url is required: a public http(s) URL of the media' })
  .trim()
  .min(1, 'url is required: a public http(s) URL of the media')
  .refine((u) => {
    try {
      const p = new URL(u);
      return p.protocol === 'http:' || p.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'url must be a public http(s) URL, for example https://example.com/cat.png');

const optionalText = (max: number, field: string) =>
  z.string().trim().max(max, `${field} must be at most ${max} characters`).optional();

/** JSON body of POST /v1/assets/uploads (register by public URL). */
export const RegisterAssetByUrlSchema = z.object({
  url: httpUrl,
  model: z
    .string({ error: 'model must be a model name such as video-2.0-cl' })
    .trim()
    .min(1, 'model must be a model name such as video-2.0-cl')
    .optional()
    .refine((m) => m === undefined || isVideoModel(m) || /^[a-z0-9][a-z0-9._-]{0,63}$/i.test(m), {
      message: 'model must be a model name such as video-2.0-cl',
    }),
  mode: z.enum(ASSET_MODES, { error: 'mode must be one of asset, oss, both' }).default('asset'),
  type: z.enum(ASSET_TYPES, { error: 'type must be one of image, audio, video, file' }).optional(),
  purpose: optionalText(64, 'purpose'),
  role: optionalText(64, 'role'),
  group_id: optionalText(64, 'group_id'),
  name: optionalText(200, 'name'),
  description: optionalText(2000, 'description'),
  domain: optionalText(32, 'domain'),
  metadata: z.record(z.string(), z.unknown(), { error: 'metadata must be a JSON object' }).optional(),
});
export type RegisterAssetByUrl = z.infer<typeof RegisterAssetByUrlSchema>;

/** Form fields of the multipart form of POST /v1/assets/uploads (the file part is `file`). */
export const UploadAssetFieldsSchema = z.object({
  type: z.enum(ASSET_TYPES, { error: 'type must be one of image, audio, video, file' }).optional(),
  purpose: optionalText(64, 'purpose'),
  role: optionalText(64, 'role'),
  model: optionalText(64, 'model'),
  group_id: optionalText(64, 'group_id'),
  name: optionalText(200, 'name'),
  description: optionalText(2000, 'description'),
});
export type UploadAssetFields = z.infer<typeof UploadAssetFieldsSchema>;

/** Query of GET /v1/assets, without paging (see PaginationQuerySchema). */
export const AssetListFiltersSchema = z.object({
  group_id: z.string().trim().min(1).optional(),
  type: z.enum(ASSET_TYPES, { error: 'type must be one of image, audio, video, file' }).optional(),
  status: z
    .enum(ASSET_STATUSES, { error: 'status must be one of created, syncing, ready, failed, disabled' })
    .optional(),
  domain: z.string().trim().min(1).optional(),
});
export type AssetListFilters = z.infer<typeof AssetListFiltersSchema>;
