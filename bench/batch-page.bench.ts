/**
 * Issue 45: the batch page scrolling with 1,000 rows, in a real Chromium against the real local
 * server. A batch of 1,000 checked rows (one bad row in 50, so problems show) is written into the
 * page's IndexedDB as the page keeps it, the page is opened on it, and its grid scrolls down 120 px
 * a frame to the end. Target: p95 frame within one vsync (16.7 ms).
 * Run: `npx tsx bench/batch-page.bench.ts` (`--no-build` reuses dist/, `--dist DIR` a given build).
 */
import { startLocalServer } from '../e2e/support/local-server';
import { emptyBatch, type Batch } from '../src/features/batches/batch-model';
import { guessColumns, toRows } from '../src/features/batches/batch-table';
import { buildDist, launchBenchBrowser, seedIdbKeyval } from './browser';
import { profiled, profileFile, reportFrames, scrollFrames } from './frames';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000);

function benchBatch(): Batch {
  const request = {
    model: 'video-2.0-cl',
    prompt: 'A product shot of {{product}} on {{surface}}',
    duration: 5,
    ratio: '16:9',
    resolution: '720p',
  };
  const headers = ['product', 'surface', 'duration', 'ratio', 'reference_image'];
  return {
    ...emptyBatch(),
    name: 'Scroll bench',
    request,
    headers,
    columns: guessColumns(headers, request),
    rows: toRows(
      Array.from({ length: ROWS }, (_, i) => [
        `product ${i}`,
        i % 2 ? 'marble' : 'oak',
        String(4 + (i % 12)),
        i % 50 === 0 ? 'wide' : '16:9',
        `Asset://asset_${i}`,
      ]),
    ),
  };
}

async function main() {
  const dist = buildDist();
  const server = await startLocalServer({ staticDir: dist });
  const browser = await launchBenchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/batches`);
    await page.getByRole('heading', { level: 1, name: 'Batches' }).waitFor();
    const batch = benchBatch();
    // As batch-storage.ts keeps it.
    await seedIdbKeyval(page, 'media-studio-batches', 'batches', [batch]);
    await page.goto(`${server.url}/batches/${batch.id}`);
    await page.getByTestId('batch-row').first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1_000);
    const run = await profiled(
      page,
      profileFile(),
      () => scrollFrames(page, '[data-testid="batch-grid"]', 2_000),
      { top: 15, depth: 2 },
    );
    if (!reportFrames(`batch page, ${ROWS} rows`, run)) process.exitCode = 1;
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
