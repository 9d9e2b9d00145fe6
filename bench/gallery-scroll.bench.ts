/**
 * Scrolling the gallery with 10,000 tracked tasks in a real Chromium against the real local server:
 * the frame times while the grid scrolls down, 120 px per frame, for 600 frames (BENCH_FRAMES; or to the end). Target
 * (issue 20): p95 frame ≤ 16.7 ms. Tasks: every fifth failed, every fifth running, the rest
 * succeeded; each succeeded tile reads its task (answered with one real video result, so every
 * poster on screen loads a real file) as it scrolls into view.
 * Run: `npx tsx bench/gallery-scroll.bench.ts` (`--no-build` reuses dist/; `--end-mid-scroll` makes
 * the running tasks fail as the scroll starts).
 */
import { startLocalServer } from '../e2e/support/local-server';
import { buildDist, launchBenchBrowser, seedTaskRegistry } from './browser';
import {
  answerSeededTasks,
  finishedVideoTask,
  profiled,
  profileFile,
  reportFrames,
  scrollFrames,
} from './frames';

const TASKS = Number(process.env.BENCH_TASKS ?? 10_000);
const API_KEY = 'sk-local-dev';
const MAX_FRAMES = Number(process.env.BENCH_FRAMES ?? 600);
const STATES = ['failed', 'running', 'succeeded', 'succeeded', 'succeeded'];

async function main() {
  const dist = buildDist();
  const server = await startLocalServer({ staticDir: dist, env: { EMULATOR_SPEED: '20' } });
  const browser = await launchBenchBrowser();
  try {
    // One real result, which every succeeded tile's task answer points at.
    const real = await finishedVideoTask(server.url, API_KEY, 'Gallery bench');
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // `--end-mid-scroll`: the running tasks answer `failed` once the scroll starts, so the watcher
    // sees them end in bulk (hundreds of toasts' worth) while the grid scrolls.
    let ending = false;
    const endMidScroll = process.argv.includes('--end-mid-scroll');
    await answerSeededTasks(page, real, (n) => {
      const state = STATES[n % STATES.length];
      return ending && state === 'running' ? 'failed' : state;
    });
    await page.goto(`${server.url}/gallery`);
    await page.getByRole('heading', { level: 1, name: 'Gallery' }).waitFor();
    const now = Date.now();
    const records = Array.from({ length: TASKS }, (_, i) => ({
      id: `bench_${String(i).padStart(5, '0')}`,
      kind: 'video',
      model: i % 3 === 0 ? 'video-2.0-cl-fast' : 'video-2.0-cl',
      prompt: `Gallery bench task ${i}`,
      createdAt: now - i * 60_000,
      source: 'imported',
      last: { status: STATES[i % 5], progress: i % 5 === 1 ? 40 : undefined, seenAt: now },
    }));
    await seedTaskRegistry(page, records);
    await page.reload();
    console.log('seeded; waiting for the gallery to list them');
    await page.getByText(`${TASKS} of ${TASKS} tracked tasks`).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1_000);
    console.log(endMidScroll ? 'scrolling, the running tasks now failing' : 'scrolling');
    ending = endMidScroll;
    // Task reads during the scroll, by the seeded state: a succeeded tile's read, or a poll.
    const reads: Record<string, number> = {};
    page.on('request', (r) => {
      const m = /\/v1\/tasks\/bench_(\d+)$/.exec(new URL(r.url()).pathname);
      const state = m && STATES[Number(m[1]) % STATES.length];
      if (state) reads[state] = (reads[state] ?? 0) + 1;
    });
    page.on('console', (m) => console.log(`  page: ${m.text()}`));
    page.on('pageerror', (e) => console.log(`  page error: ${e.message}`));
    const run = await profiled(
      page,
      profileFile(),
      () => scrollFrames(page, '[data-testid="gallery-scroll"]', MAX_FRAMES),
      { top: 25, depth: 3 },
    );
    if (!reportFrames(`gallery, ${TASKS} tasks`, run)) process.exitCode = 1;
    console.log(`task reads during the scroll: ${JSON.stringify(reads)}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
