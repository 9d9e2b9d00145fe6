import * as z from 'zod/mini';
import { ASSET_TYPES, type AssetType } from './asset-values';
import type { UnreadableItem } from './list';

export { ASSET_STATUSES, ASSET_TYPES, type AssetStatus, type AssetType } from './asset-values';

export function isAssetType(value: unknown): value is AssetType {
  return (ASSET_TYPES as readonly unknown[]).includes(value);
}

/**
 * Typical time from creation to ready, per type, in ms: the local server's readiness schedule
 * (LOCAL_API.md, divided by EMULATOR_SPEED there) and the order of magnitude of a real deployment.
 * The dashboard aims its readiness polling just past it (decision 093).
 */
export const TYPICAL_READY_MS: Readonly<Record<AssetType, number>> = {
  image: 3_000,
  video: 5_000,
  audio: 2_000,
  file: 2_000,
};

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

const looseString = z.catch(z.optional(z.string()), undefined);
const looseNumber = z.catch(z.optional(z.number()), undefined);
const looseBool = z.catch(z.optional(z.boolean()), undefined);

const LenientAssetObject = z.looseObject({
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
});

const filled = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/**
 * What the dashboard accepts from any deployment: only an id (`id` or `asset_id`) is required;
 * every other field is optional, unknown fields pass through, wrong types are dropped rather than
 * fatal. Each pair the specification names (`id`/`asset_id`, `type`/`asset_type`,
 * `reference`/`asset_ref`) is filled from whichever half came, so readers need look at one only.
 * Written with `zod/mini` because the browser imports it (the strict request schemas live in
 * asset-schemas.ts).
 */
export const LenientAssetSchema = z.pipe(
  z.transform((v: unknown) => {
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      const id = filled(o.id) ?? o.asset_id;
      const type = filled(o.type) ?? filled(o.asset_type);
      const reference = filled(o.reference) ?? filled(o.asset_ref);
      return {
        ...o,
        id,
        asset_id: filled(o.asset_id) ?? id,
        type: type ?? o.type,
        asset_type: filled(o.asset_type) ?? type,
        reference: reference ?? o.reference,
        asset_ref: filled(o.asset_ref) ?? reference,
      };
    }
    return v;
  }),
  LenientAssetObject,
);
/** `unreadable` is set only on the stand-in for a list item that could not be read (list-schema.ts). */
export type LenientAsset = z.infer<typeof LenientAssetSchema> & { unreadable?: UnreadableItem };

/** The fields LenientAssetSchema knows by name; any other field passes through untouched. */
export const LENIENT_ASSET_FIELDS = Object.keys(
  LenientAssetObject.shape,
) as (keyof typeof LenientAssetObject.shape)[];

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

/** The value each readiness field must have (Asset states, rule 1): what a person is told to expect. */
export const READY_VALUES = {
  status: 'ready',
  preparation_status: 'ready',
  generation_ready: true,
  review_status: 'succeeded',
  review_passed: true,
} as const satisfies Record<ReadinessCondition, string | boolean>;

/** The readiness conditions this asset fails, empty when it is safe to use in a generation request. */
export function readinessFailures(asset: ReadinessFields | null | undefined): ReadinessCondition[] {
  const a = asset ?? {};
  return READINESS_CONDITIONS.filter((condition) => a[condition] !== READY_VALUES[condition]);
}

/**
 * The review refused the media: failed outright, or finished with `review_passed=false`. Its remedy
 * differs from a failed preparation: replace the media rather than fix its URL.
 */
export function isReviewFailed(asset: { review_status?: unknown; review_passed?: unknown }): boolean {
  return (
    asset.review_status === 'failed' || (asset.review_status === 'succeeded' && asset.review_passed === false)
  );
}

/**
 * Specification, Asset states rule 1: safe to use only when all five hold. `review_status=succeeded`
 * alone proves nothing (rule 2).
 */
export function isGenerationReady(asset: ReadinessFields | null | undefined): boolean {
  return readinessFailures(asset).length === 0;
}

/**
 * Everything the readiness rule asks holds but the review, which stays `unknown` (or is not sent):
 * the deployment has not said, and may never say. Re-queried only for a while (see below).
 */
export function isReviewUnknownOtherwiseReady(
  asset: (ReadinessFields & { sync_status?: unknown }) | null | undefined,
): boolean {
  if (!asset || (asset.review_status !== 'unknown' && asset.review_status !== undefined)) return false;
  const failing = readinessFailures(asset);
  return failing.length > 0 && failing.every((c) => c === 'review_status' || c === 'review_passed');
}

/** Times the typical preparation time an unknown review is waited for before polling stops. */
export const REVIEW_UNKNOWN_PATIENCE_FACTOR = 4;

/** How long an asset whose review stays unknown is re-queried, from its creation, in ms. */
export function reviewUnknownPatienceMs(type: unknown): number {
  return (
    REVIEW_UNKNOWN_PATIENCE_FACTOR * (isAssetType(type) ? TYPICAL_READY_MS[type] : TYPICAL_READY_MS.file)
  );
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
    isReviewFailed(asset)
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
