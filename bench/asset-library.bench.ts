/**
 * The asset library with 10,000 assets in one group, in a real Chromium against the real server:
 * time to first rows, DOM size while scrolling (virtualisation keeps it bounded), frame pacing and
 * long tasks during the scroll, and JS heap. Run: `npx tsx bench/asset-library.bench.ts`
 * (`--count N`, `--no-build` to reuse dist/).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startLocalServer, type LocalServer } from '../e2e/support/local-server';
import { startFixtureHost, type FixtureHost } from '../server/test/fixture-host';
import { seedAssetLibrary } from './asset-library-seed';
import { buildDist, launchBenchBrowser, runWhenMain } from './browser';
import { installProbes, scrollThrough, type ScrollStats } from './asset-library-probes';

const API_KEY = 'sk-local-dev';

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const pct = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;
const mb = (n: number) => `${(n / 2 ** 20).toFixed(1)} MB`;

async function heap(page: Page): Promise<{ used: number; nodes: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  const get = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
  return { used: get('JSHeapUsedSize'), nodes: get('Nodes') };
}

export interface AssetLibraryBenchResult {
  count: number;
  seedMs: number;
  firstRowsMs: number;
  views: Record<'grid' | 'table', ScrollStats & { frameP50: number; frameP95: number; frameMax: number }>;
  heapUsedAfter: number;
}

export async function main(): Promise<AssetLibraryBenchResult> {
  const count = Number(argValue('--count') ?? 10_000);
  const dist = buildDist();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-studio-bench-'));
  let fixtures: FixtureHost | undefined;
  let server: LocalServer | undefined;
  const browser = await launchBenchBrowser();
  try {
    // The media the seeded rows point at, then the server on the seeded DATA_DIR.
    fixtures = await startFixtureHost();
    const seed = seedAssetLibrary({ dataDir, apiKey: API_KEY, count, mediaOrigin: fixtures.origin });
    server = await startLocalServer({
      staticDir: dist,
      dataDir,
      env: { EMULATOR_SPEED: '10' },
    });
    const origin = server.url;

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await installProbes(page);
    const views = {} as AssetLibraryBenchResult['views'];
    let firstRowsMs = 0;
    for (const view of ['grid', 'table'] as const) {
      await page.goto(`${origin}/assets?group_id=${seed.groupId}&paging=scroll&view=${view}`);
      await page
        .getByRole('button', { name: /^Open details of bench-/ })
        .first()
        .waitFor({ timeout: 60_000 })
        .catch(async (error: unknown) => {
          console.error(await page.locator('body').ariaSnapshot());
          throw error;
        });
      // performance.now() counts from navigation start: the time a person waits for the first rows.
      const first = await page.evaluate(() => performance.now());
      if (view === 'grid') firstRowsMs = first;
      const stats = await scrollThrough(page);
      views[view] = {
        ...stats,
        frameP50: pct(stats.frames, 50),
        frameP95: pct(stats.frames, 95),
        frameMax: Math.max(0, ...stats.frames),
      };
    }
    const after = await heap(page);
    const result: AssetLibraryBenchResult = {
      count,
      seedMs: seed.ms,
      firstRowsMs,
      views,
      heapUsedAfter: after.used,
    };
    print(result);
    return result;
  } finally {
    await browser.close();
    await Promise.all([server?.stop(), fixtures?.close()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function print(r: AssetLibraryBenchResult) {
  console.log(`Asset library, ${r.count.toLocaleString('en')} assets in one group (continuous-scroll mode)`);
  console.log(`  seed through server/store        ${ms(r.seedMs)}`);
  console.log(`  time to first rows (grid)        ${ms(r.firstRowsMs)} from navigation start`);
  for (const [view, s] of Object.entries(r.views)) {
    console.log(`  ${view}:`);
    console.log(
      `    scrolled ${s.scrolledPx.toLocaleString('en')} px in ${s.steps} steps, ${ms(s.durationMs)}`,
    );
    console.log(`    last asset rendered             ${s.reachedEnd ? 'yes' : 'NO'}`);
    console.log(`    DOM elements max / at start     ${s.maxElements} / ${s.startElements}`);
    console.log(`    rendered asset slots max        ${s.maxSlots}`);
    console.log(
      `    frame delta p50 / p95 / max     ${ms(s.frameP50)} / ${ms(s.frameP95)} / ${ms(s.frameMax)}`,
    );
    console.log(`    long tasks (>50 ms)             ${s.longTasks} (total ${ms(s.longTaskMs)})`);
    console.log(`    JS heap used at end             ${mb(s.heapUsed)}`);
  }
  console.log(`  JS heap used after both views    ${mb(r.heapUsedAfter)}`);
  console.log(`RESULT ${JSON.stringify(r, (k, v) => (k === 'frames' ? undefined : v))}`);
}

runWhenMain(import.meta.url, main);
