import { assetPhase, isGenerationReady, readinessFailures, type ReadinessCondition } from '@contract/asset';
import { isVideoModel } from '@contract/models';
import { kindOfRole } from '@/lib/video-draft/draft';

export type UnavailableReason =
  | { code: 'wrongType'; type: string; needed: string }
  | { code: 'notReady'; failures: { field: ReadinessCondition; value: string }[] }
  | { code: 'failed'; syncError?: string }
  | { code: 'otherModel'; assetModel: string; model: string; remembered: boolean };

/** Not a reason to refuse the asset, but worth saying beside it. */
export type AvailabilityWarning = { code: 'modelUnknown'; model: string };

/**
 * Which model an asset was registered for, and who says so: the asset record itself, this
 * browser's memory of registering it (asset-models.ts), or no one.
 */
export type ModelKnowledge =
  { source: 'record'; model: string } | { source: 'browser'; model: string } | { source: 'unknown' };

export function assetModelKnowledge(
  asset: { model?: unknown },
  remembered: string | undefined,
): ModelKnowledge {
  // The asset record's own model wins over what this browser remembers.
  if (typeof asset.model === 'string' && asset.model !== '') return { source: 'record', model: asset.model };
  if (remembered) return { source: 'browser', model: remembered };
  return { source: 'unknown' };
}

export interface AssetAvailability {
  usable: boolean;
  reasons: UnavailableReason[];
  warnings: AvailabilityWarning[];
  known: ModelKnowledge;
  /**
   * The same media can be registered again for this model (readiness is per model): the type fits,
   * it has a URL to fetch, and it did not fail review or preparation.
   */
  canPrepare: boolean;
}

type AssetLike = Record<string, unknown> & {
  status?: unknown;
  preparation_status?: unknown;
  generation_ready?: unknown;
  review_status?: unknown;
  review_passed?: unknown;
  type?: string;
  asset_type?: string;
  model?: string;
  url?: string;
  source_url?: string;
  oss_url?: string;
  sync_error?: string;
};

/** The media type a known role takes, to filter the library by; undefined for a role the composer does not offer. */
export function roleMediaType(role: string): 'image' | 'video' | undefined {
  if (role === 'reference_video') return 'video';
  if (role === 'first_frame' || role === 'reference_image') return 'image';
  return undefined;
}

export function assetType(asset: AssetLike): string {
  return asset.type ?? asset.asset_type ?? 'file';
}

/** The URL to register the same media from: the original source first, else where it is served. */
export function assetSourceUrl(asset: AssetLike): string | undefined {
  return [asset.source_url, asset.url, asset.oss_url].find((u) => typeof u === 'string' && u.trim() !== '');
}

/**
 * Whether a library asset can serve a reference of this role on this model, and if not, every
 * reason why: the wrong media type for the role, a readiness field that does not hold
 * (specification, Asset states rule 1), or readiness confirmed for another model (rule 1: for the
 * model it was registered with). The specification's asset record need not say which model that
 * was: then this browser's memory of registering it (`remembered`) tells, and when no one does the
 * asset is usable with a warning, since only the deployment can say; it refuses with a 400 if not.
 */
export function assetAvailability(
  asset: AssetLike,
  role: string,
  model: string,
  remembered?: string,
): AssetAvailability {
  const reasons: UnavailableReason[] = [];
  const type = assetType(asset);
  const needed = kindOfRole(role);
  const typeFits = type === needed;
  if (!typeFits) reasons.push({ code: 'wrongType', type, needed });
  const phase = assetPhase(asset);
  if (phase === 'failed' || phase === 'disabled') {
    reasons.push({ code: 'failed', syncError: asset.sync_error || undefined });
  } else if (!isGenerationReady(asset)) {
    reasons.push({
      code: 'notReady',
      failures: readinessFailures(asset).map((field) => {
        const v = asset[field];
        return { field, value: v === undefined || v === null || v === '' ? '—' : String(v) };
      }),
    });
  }
  const known = assetModelKnowledge(asset, remembered);
  const warnings: AvailabilityWarning[] = [];
  let modelFits = true;
  if (isVideoModel(model)) {
    if (known.source === 'unknown') warnings.push({ code: 'modelUnknown', model });
    else if (known.model !== model) {
      modelFits = false;
      reasons.push({
        code: 'otherModel',
        assetModel: known.model,
        model,
        remembered: known.source === 'browser',
      });
    }
  }
  // Preparing is offered where the model is another one or not known; never for an asset known to
  // be registered for this model, so a refusal of a prepared copy cannot lead round in a circle.
  const canPrepare =
    typeFits &&
    (!modelFits || warnings.length > 0) &&
    phase !== 'failed' &&
    phase !== 'disabled' &&
    !!assetSourceUrl(asset);
  return { usable: reasons.length === 0, reasons, warnings, known, canPrepare };
}
