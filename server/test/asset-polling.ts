import { vi } from 'vitest';
import type { Asset } from '@contract/asset-schemas';
import type { TestApp } from './helpers';

/** GET the asset (in its group) as the API shows it. */
async function fetchAsset(t: TestApp, asset: { id: string; group_id: string }): Promise<Asset> {
  const res = await t.req(`/v1/assets/${asset.id}?group_id=${asset.group_id}`);
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
 * Freezes `Date` alone at now (timers, `performance` and I/O stay real) for lifecycle tests: the
 * worker compares deadlines with Date.now(), so a transition can then only happen once the test
 * moves the clock (`pollAsset`'s `stepClockMs`). A loaded machine makes everything late, never early,
 * and can no longer skip a state between two polls. Undo with `vi.useRealTimers()`.
 */
export function freezeDate(): void {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
}

/**
 * Polls the asset every `everyMs` until `done` holds, recording each distinct `status` with the
 * milliseconds since `since` (default: when polling began; pass `createdAtMs(...)` to measure the
 * lifecycle, which runs from creation). With `stepClockMs` (after `freezeDate()`), the frozen clock
 * moves on by that much after each poll, so every state lasts several polls whatever the load.
 * Fails after `timeoutMs` of real time.
 */
export async function pollAsset(
  t: TestApp,
  asset: { id: string; group_id: string },
  done: (a: Asset) => boolean,
  opts: { timeoutMs?: number; everyMs?: number; since?: number; stepClockMs?: number } = {},
): Promise<{ asset: Asset; seen: Array<{ status: string; at: number; asset: Asset }> }> {
  const started = performance.now();
  const origin = opts.since ?? Date.now();
  const seen: Array<{ status: string; at: number; asset: Asset }> = [];
  for (;;) {
    const current = await fetchAsset(t, asset);
    if (seen.at(-1)?.status !== current.status)
      seen.push({ status: current.status, at: Date.now() - origin, asset: current });
    if (done(current)) return { asset: current, seen };
    if (performance.now() - started > (opts.timeoutMs ?? 5_000)) {
      throw new Error(`asset ${asset.id} did not settle; last: ${JSON.stringify(current)}`);
    }
    if (opts.stepClockMs) vi.setSystemTime(Date.now() + opts.stepClockMs);
    await new Promise((r) => setTimeout(r, opts.everyMs ?? 10));
  }
}

export const settled = (a: Asset) => a.status === 'ready' || a.status === 'failed';
