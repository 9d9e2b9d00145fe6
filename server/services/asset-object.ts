import type { Context } from 'hono';
import { assetReference } from '@contract/asset';
import type { Asset } from '@contract/asset-schemas';
import type { AppEnv } from '../context';
import type { AssetRow } from '../store/assets';
import { toUnixSeconds } from '../store/groups';
import { fileUrl } from './asset-files';

function parseMetadata(text: string | null): Record<string, unknown> | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The Asset object of the specification (every field of its table) from a stored row. Stored copies
 * are addressed from `origin`, the scheme and host the caller used, so the URLs work through the
 * Vite proxy, on another port after a restart, or from another machine on the network.
 *
 * - mode=asset: `url` is the source URL and `oss_url` is empty (specification, Asset fields).
 * - mode=oss|both and uploads: `url` and `oss_url` are the hosted copy once it is stored; until then
 *   `url` is the source URL and `oss_url` empty.
 */
export function toAssetObject(row: AssetRow, origin: string): Asset {
  const hosted = row.file_path ? fileUrl(origin, row.file_path) : '';
  const metadata = parseMetadata(row.metadata);
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

/**
 * The origin (scheme://host[:port]) hosted file URLs are built from. Pass the request's context:
 * its origin was fixed by the host guard from validated values only (PUBLIC_BASE_URL, a trusted
 * proxy's X-Forwarded-Host/-Proto, or an allowed Host), never from whatever Host a client sent.
 * A request URL string is still accepted for older callers: the guard has vetted its Host, but
 * PUBLIC_BASE_URL and a trusted proxy are then not applied.
 */
export function requestOrigin(source: Context<AppEnv> | string): string {
  if (typeof source === 'string') return new URL(source).origin;
  // Undefined only when a route runs without the app's middleware (a unit test of a sub-app).
  return (source.get('origin') as string | undefined) ?? new URL(source.req.url).origin;
}
