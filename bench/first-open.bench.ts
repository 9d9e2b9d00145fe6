/**
 * The first open of the library (`/`) on a phone link, cold (issue 19): Chromium with Lighthouse's
 * "Slow 4G" (150 ms round trip, 1.6 Mbit/s down) through the DevTools throttle, a fresh browser
 * context each run, the real local server serving the build. Prints per run the Largest
 * Contentful Paint and what went over the wire before it (requests, bytes), and the medians.
 * Targets: LCP ≤ 1.5 s, ≤ 150 KB before it. Then, for one run, every request until idle
 * prefetching has finished (what the whole open costs on that link).
 * Run: `npx tsx bench/first-open.bench.ts` (`--no-build` reuses dist/, `--dist DIR` serves a build
 * there (e.g. an older commit's, for a comparison at the same load), `--runs N`, default 5,
 * `--verbose` lists the requests before the LCP).
 */
import os from 'node:os';
import { startLocalServer } from '../e2e/support/local-server';
import { kb, measureFirstOpen, PHONE_VIEWPORT, type OpenRequest } from '../e2e/support/slow-link';
import { buildDist, launchBenchBrowser, median } from './browser';

function list(requests: OpenRequest[]): string {
  return requests
    .map(
      (r) =>
        `    ${r.start.toFixed(0).padStart(5)}-${r.end.toFixed(0).padEnd(5)} ms ${kb(r.bytes).padStart(9)} ${(r.encoding || '-').padEnd(4)} ${new URL(r.url).pathname}`,
    )
    .join('\n');
}

async function main() {
  const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 5;
  const verbose = process.argv.includes('--verbose');
  const dist = buildDist();
  const server = await startLocalServer({ staticDir: dist });
  const browser = await launchBenchBrowser();
  const rows: Array<{ lcp: number; count: number; bytes: number; load: number }> = [];
  try {
    for (let run = 0; run <= runs; run++) {
      const load = os.loadavg()[0]!;
      const context = await browser.newContext({ viewport: PHONE_VIEWPORT, locale: 'en-US' });
      const last = run === runs;
      const { page, result } = await measureFirstOpen(context, `${server.url}/`, async (p) => {
        await p.getByRole('heading', { level: 1, name: 'Asset library' }).waitFor({ timeout: 60_000 });
        if (last)
          await p.waitForFunction(
            () => performance.getEntriesByName('media-studio:page-prefetch-done').length === 1,
            undefined,
            { timeout: 120_000 },
          );
        await p.waitForLoadState('networkidle');
      });
      const r = await result();
      await page.close();
      await context.close();
      const bytes = r.beforeLcp.reduce((a, x) => a + x.bytes, 0);
      if (last) {
        const total = r.all.reduce((a, x) => a + x.bytes, 0);
        const end = Math.max(...r.all.map((x) => x.end));
        console.log(
          `Whole open until idle prefetching is done: ${r.all.length} requests, ${kb(total)}, last byte at ${(end / 1000).toFixed(2)} s`,
        );
        if (verbose) console.log(list(r.all));
        break;
      }
      rows.push({ lcp: r.lcp, count: r.beforeLcp.length, bytes, load });
      console.log(
        `run ${run + 1}: LCP ${(r.lcp / 1000).toFixed(2)} s (${r.lcpElement}), before it ${r.beforeLcp.length} requests, ${kb(bytes)}; load ${load.toFixed(2)}`,
      );
      if (verbose && run === 0) console.log(list(r.beforeLcp));
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(
    `Slow 4G, cold, ${PHONE_VIEWPORT.width}×${PHONE_VIEWPORT.height}: median LCP ${(median(rows.map((r) => r.lcp)) / 1000).toFixed(2)} s ` +
      `(${(Math.min(...rows.map((r) => r.lcp)) / 1000).toFixed(2)}-${(Math.max(...rows.map((r) => r.lcp)) / 1000).toFixed(2)}), ` +
      `before it ${median(rows.map((r) => r.count))} requests, ${kb(median(rows.map((r) => r.bytes)))} ` +
      `(target 1.5 s, 150 KB); 1-min load ${median(rows.map((r) => r.load)).toFixed(2)} on ${os.cpus().length} cores`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
