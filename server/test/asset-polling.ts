import type { Asset } from '@contract/asset-schemas';
import type { TestApp } from './helpers';

/** GET the asset (in its group) as the API shows it. */
export async function fetchAsset(
  t: TestApp,
  asset: { id: string; group_id: string },
  key?: string,
): Promise<Asset> {
  const res = await t.req(`/v1/assets/${asset.id}?group_id=${asset.group_id}`, key ? { key } : {});
  if (res.status !== 200) throw new Error(`GET asset answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Asset;
}

/** When the server created the asset (ms): what lifecycle timings are measured from. */
export function createdAtMs(t: TestApp, assetId: string): number {
  const row = t.ctx.db.prepare('SELECT created_ms FROM assets WHERE id = ?').get(assetId) as
    { created_ms: number } | undefined;
  if (!row) throw new Error(`asset ${assetId} is not in the database`);
  return row.created_ms;
}

/**
 * Polls the asset every `everyMs` until `done` holds, recording each distinct `status` with the
 * milliseconds since `since` (default: when polling began; pass `createdAtMs(...)` to measure the
 * lifecycle, which runs from creation). Fails after `timeoutMs`.
 */
export async function pollAsset(
  t: TestApp,
  asset: { id: string; group_id: string },
  done: (a: Asset) => boolean,
  opts: { timeoutMs?: number; everyMs?: number; since?: number } = {},
): Promise<{ asset: Asset; seen: Array<{ status: string; at: number; asset: Asset }> }> {
  const started = Date.now();
  const origin = opts.since ?? started;
  const seen: Array<{ status: string; at: number; asset: Asset }> = [];
  for (;;) {
    const current = await fetchAsset(t, asset);
    if (seen.at(-1)?.status !== current.status)
      seen.push({ status: current.status, at: Date.now() - origin, asset: current });
    if (done(current)) return { asset: current, seen };
    if (Date.now() - started > (opts.timeoutMs ?? 5_000)) {
      throw new Error(`asset ${asset.id} did not settle; last: ${JSON.stringify(current)}`);
    }
    await new Promise((r) => setTimeout(r, opts.everyMs ?? 10));
  }
}

export const settled = (a: Asset) => a.status === 'ready' || a.status === 'failed';
