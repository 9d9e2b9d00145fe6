import { assetReference } from '@contract/asset';
import { jsonBoundsProblem, METADATA_BOUNDS } from '@contract/bounded-json';
import type { Asset } from '@contract/asset-schemas';
import type { Logger } from '../../logger';
import type { AssetRow } from '../../store/assets';
import { toUnixSeconds } from '../unix-time';
import { fileUrl } from './asset-files';

// Routes name the row they present through this module: they never import the store (eslint.config.js).
export type { AssetRow };

/**
 * The stored metadata, or undefined when it cannot be shown: rows written before metadata was
 * bounded may hold values too deep to write back as JSON, and one such row must not make every
 * list containing it fail. It is shown without its metadata and logged.
 */
function parseMetadata(row: AssetRow, log?: Logger): Record<string, unknown> | undefined {
  if (!row.metadata) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(row.metadata) as unknown;
  } catch {
    log?.warn('asset metadata is not valid JSON; shown without it', { asset_id: row.id });
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  // Rows are read more often than written: the stricter write limits are not re-applied here, only
  // what it takes to answer (nesting JSON.stringify survives, a sane size).
  const problem = jsonBoundsProblem(value, STORED_METADATA_BOUNDS, 'metadata');
  if (problem) {
    log?.warn('asset metadata cannot be shown; shown without it', { asset_id: row.id, problem });
    return undefined;
  }
  return value as Record<string, unknown>;
}

const STORED_METADATA_BOUNDS = {
  maxDepth: Math.max(64, METADATA_BOUNDS.maxDepth),
  maxKeys: 100_000,
  maxBytes: 1024 * 1024,
};

/**
 * The Asset object of the specification (every field of its table) from a stored row. Stored copies
 * are addressed from `origin`, the scheme and host the caller used, so the URLs work through the
 * Vite proxy, on another port after a restart, or from another machine on the network.
 *
 * - mode=asset: `url` is the source URL and `oss_url` is empty (specification, Asset fields).
 * - mode=oss|both and uploads: `url` and `oss_url` are the hosted copy once it is stored; until then
 *   `url` is the source URL and `oss_url` empty.
 */
export function toAssetObject(row: AssetRow, origin: string, log?: Logger): Asset {
  const hosted = row.file_path ? fileUrl(origin, row.file_path) : '';
  const metadata = parseMetadata(row, log);
  return {
    object: 'asset',
    id: row.id,
    asset_id: row.id,
    group_id: row.group_id,
    domain: row.domain,
    type: row.type,
    asset_type: row.type,
    name: row.name,
    description: row.description,
    source_url: row.source_url,
    url: row.mode === 'asset' ? row.source_url : hosted || row.source_url,
    oss_url: row.mode === 'asset' ? '' : hosted,
    reference: assetReference(row.id),
    asset_ref: assetReference(row.id),
    content_type: row.content_type,
    size: row.size,
    duration: row.duration,
    status: row.status,
    sync_status: row.sync_status,
    preparation_status: row.preparation_status,
    generation_ready: row.generation_ready === 1,
    review_status: row.review_status,
    review_passed: row.review_passed === 1,
    ...(row.sync_error ? { sync_error: row.sync_error } : {}),
    visibility: row.visibility,
    ...(row.model ? { model: row.model } : {}),
    mode: row.mode,
    ...(row.purpose ? { purpose: row.purpose } : {}),
    ...(row.role ? { role: row.role } : {}),
    ...(metadata ? { metadata } : {}),
    created_at: toUnixSeconds(row.created_ms),
    updated_at: toUnixSeconds(row.updated_ms),
  };
}
