import { parseAssetReference } from '@contract/asset';
import { DEFAULT_GROUP_ID } from '@contract/group';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { assetQueries } from '@/api/assets';
import type { AssetLookup } from '@/lib/digital-human-draft';
import type { Batch } from './batch-model';

/** The request fields of a digital-human row that name an asset of the key's. */
const ASSET_FIELDS = ['avatar_asset_id', 'audio_url', 'voice_asset_id', 'authorization_asset_id'];

/**
 * At most this many distinct assets are looked up for a batch. A table names few (a handful of
 * avatars and voices, one consent each); one that names more is checked on the rest by the
 * deployment, row by row, as a video row's assets are (decision 430).
 */
export const MAX_ASSET_LOOKUPS = 50;

/** `asset_…` or `Asset://asset_…` → the id; a URL, a public avatar id or nothing → undefined. */
function assetIdOf(value: unknown): string | undefined {
  const text = typeof value === 'string' ? value.trim() : '';
  const id = parseAssetReference(text) ?? text;
  return /^asset_[A-Za-z0-9_-]+$/.test(id) ? id : undefined;
}

/** The distinct assets a digital-human batch's rows name, in the request or in their cells. */
export function assetIdsOf(batch: Pick<Batch, 'kind' | 'request' | 'columns' | 'rows'>): string[] {
  if (batch.kind !== 'digital_human') return [];
  const ids = new Set<string>();
  const add = (v: unknown) => {
    const id = assetIdOf(v);
    if (id && ids.size < MAX_ASSET_LOOKUPS) ids.add(id);
  };
  for (const field of ASSET_FIELDS) add(batch.request[field]);
  const columns = batch.columns.flatMap((c, i) =>
    'field' in c && ASSET_FIELDS.includes(c.field) ? [i] : [],
  );
  for (const row of batch.rows) {
    if (row.state === 'dropped') continue;
    for (const i of columns) add(row.cells[i]);
    if (ids.size >= MAX_ASSET_LOOKUPS) break;
  }
  return [...ids].sort();
}

/** How long the assets a batch names must stay the same before they are looked up. */
const SETTLE_MS = 400;

/** `value`, once it has not changed for `ms`: an id typed in a cell is looked up, not each prefix. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (value === settled) return;
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, settled, ms]);
  return settled;
}

/**
 * The digital-human form's readiness check for a batch: the assets its rows name, looked up as the
 * form looks up its picks (their detail query, polled while they prepare). Undefined for another
 * kind; an asset not answered yet is not judged, as in the form.
 */
export function useBatchAssetLookup(batch: Batch | undefined): AssetLookup | undefined {
  const ids = useSettled(
    useMemo(() => (batch ? assetIdsOf(batch).join(' ') : ''), [batch]),
    SETTLE_MS,
  );
  const results = useQueries({
    queries: (ids ? ids.split(' ') : []).map((id) => assetQueries.detail(id, DEFAULT_GROUP_ID)),
  });
  // A new lookup (and a new check of the rows) only when an answer changed.
  const answered = results.map((r) => r.dataUpdatedAt).join(' ');
  return useMemo(() => {
    if (batch?.kind !== 'digital_human') return undefined;
    const known = new Map(results.flatMap((r) => (r.data ? [[r.data.id, r.data] as const] : [])));
    return (id: string) => known.get(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [batch?.kind, ids, answered]);
}
