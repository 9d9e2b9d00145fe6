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

/**
 * Polls the asset every `everyMs` until `done` holds, recording each distinct `status` with the
 * milliseconds since polling began. Fails after `timeoutMs`.
 */
export async function pollAsset(
  t: TestApp,
  asset: { id: string; group_id: string },
  done: (a: Asset) => boolean,
  opts: { timeoutMs?: number; everyMs?: number } = {},
): Promise<{ asset: Asset; seen: Array<{ status: string; at: number; asset: Asset }> }> {
  const started = Date.now();
  const seen: Array<{ status: string; at: number; asset: Asset }> = [];
  for (;;) {
    const current = await fetchAsset(t, asset);
    if (seen.at(-1)?.status !== current.status)
      seen.push({ status: current.status, at: Date.now() - started, asset: current });
    if (done(current)) return { asset: current, seen };
    if (Date.now() - started > (opts.timeoutMs ?? 5_000)) {
      throw new Error(`asset ${asset.id} did not settle; last: ${JSON.stringify(current)}`);
    }
    await new Promise((r) => setTimeout(r, opts.everyMs ?? 10));
  }
}

export const settled = (a: Asset) => a.status === 'ready' || a.status === 'failed';
