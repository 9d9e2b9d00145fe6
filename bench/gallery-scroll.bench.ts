/**
 * Scrolling the gallery with 10,000 tracked tasks in a real Chromium against the real local server:
 * the frame times while the grid scrolls down, 120 px per frame, for 600 frames (BENCH_FRAMES; or to the end). Target
 * (issue 20): p95 frame ≤ 16.7 ms. Tasks: every fifth failed, every fifth running, the rest
 * succeeded; each succeeded tile reads its task (answered with one real video result, so every
 * poster on screen loads a real file) as it scrolls into view.
 * Run: `npx tsx bench/gallery-scroll.bench.ts` (`--no-build` reuses dist/).
 */
import fs from 'node:fs';
import os from 'node:os';
import { startLocalServer } from '../e2e/support/local-server';
import { buildDist, launchBenchBrowser, seedTaskRegistry, topSelf } from './browser';

const TASKS = Number(process.env.BENCH_TASKS ?? 10_000);
const API_KEY = 'sk-local-dev';
/** `--profile FILE`: a CPU profile of the page while it scrolls (.cpuprofile), and its hot spots. */
const PROFILE = process.argv.includes('--profile')
  ? process.argv[process.argv.indexOf('--profile') + 1]
  : undefined;

/**
 * Scrolls the grid down, PX_PER_FRAME a frame, for at most MAX_FRAMES frames (or to the bottom),
 * and returns every frame's duration (ms).
 */
const PX_PER_FRAME = 120;
const MAX_FRAMES = Number(process.env.BENCH_FRAMES ?? 600);
const SCROLL_AND_TIME = `() => new Promise((resolve) => {
  const el = document.querySelector('[data-testid="gallery-scroll"]');
  if (!el) throw new Error('no gallery grid on the page');
  const frames = [];
  let last = 0;
  const watch = setInterval(() => console.log('frames ' + frames.length), 5000);
  const tick = (now) => {
    frames.push(now - last);
    last = now;
    el.scrollTop += ${PX_PER_FRAME};
    if (el.scrollTop + el.clientHeight >= el.scrollHeight - 1 || frames.length >= ${MAX_FRAMES}) {
      clearInterval(watch);
      resolve({ frames, scrolled: el.scrollTop, height: el.scrollHeight });
      return;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame((now) => { last = now; requestAnimationFrame(tick); });
})`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * (sorted.length - 1)))]!;
}

async function main() {
  const dist = buildDist();
  const server = await startLocalServer({ staticDir: dist, env: { EMULATOR_SPEED: '20' } });
  const browser = await launchBenchBrowser();
  try {
    // One real result, which every succeeded tile's task answer points at.
    const headers = { Authorization: `Bearer ${API_KEY}`, 'Content-Type': 'application/json' };
    const created = (await (
      await fetch(`${server.url}/v1/videos`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          model: 'video-2.0-cl',
          prompt: 'Gallery bench',
          duration: 4,
          resolution: '480p',
        }),
      })
    ).json()) as { id: string };
    let real: Record<string, unknown> = {};
    for (let i = 0; i < 300 && real.status !== 'succeeded'; i += 1) {
      await new Promise((r) => setTimeout(r, 500));
      real = (await (await fetch(`${server.url}/v1/tasks/${created.id}`, { headers })).json()) as Record<
        string,
        unknown
      >;
    }
    if (real.status !== 'succeeded')
      throw new Error(`the template task did not succeed: ${JSON.stringify(real)}`);

    console.log('template result ready');
    const states = ['failed', 'running', 'succeeded', 'succeeded', 'succeeded'];
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.route(/\/v1\/tasks\/bench_/, (route) => {
      // The server's answer agrees with the seeded state: a running task is still running.
      const id = new URL(route.request().url()).pathname.split('/').pop()!;
      const state = states[Number(id.slice('bench_'.length)) % states.length];
      if (state === 'succeeded') return route.fulfill({ json: { ...real, id } });
      return route.fulfill({ json: { id, status: state, progress: state === 'running' ? 40 : undefined } });
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
      last: { status: states[i % 5], progress: i % 5 === 1 ? 40 : undefined, seenAt: now },
    }));
    await seedTaskRegistry(page, records);
    await page.reload();
    console.log('seeded; waiting for the gallery to list them');
    await page.getByText(`${TASKS} of ${TASKS} tracked tasks`).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1_000);
    console.log('scrolling');
    page.on('console', (m) => console.log(`  page: ${m.text()}`));
    page.on('pageerror', (e) => console.log(`  page error: ${e.message}`));
    const cdp = PROFILE ? await page.context().newCDPSession(page) : undefined;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
      await cdp.send('Profiler.start');
    }
    const { frames, scrolled, height } = (await page.evaluate(`(${SCROLL_AND_TIME})()`)) as {
      frames: number[];
      scrolled: number;
      height: number;
    };
    if (cdp && PROFILE) {
      const { profile } = await cdp.send('Profiler.stop');
      fs.writeFileSync(PROFILE, JSON.stringify(profile));
      const total = profile.timeDeltas!.reduce((a, b) => a + b, 0) / 1000;
      console.log(`CPU profile (${PROFILE}), ${total.toFixed(0)} ms sampled; heaviest self time:`);
      for (const [stack, ms] of topSelf(profile as never, 25, 3))
        console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${stack}`);
    }
    const sorted = [...frames].sort((a, b) => a - b);
    const p95 = percentile(sorted, 0.95);
    // A frame shown on the next vsync is within the budget: 60 Hz is 16.67 ms, and requestAnimationFrame
    // timestamps jitter by about ±0.15 ms around it (16.6/16.7/16.8 between frames that each took one
    // vsync). A frame that missed a vsync measures 33.3 ms or more, so half a vsync tells them apart.
    const VSYNC_MS = 1000 / 60;
    const missed = frames.filter((f) => f > VSYNC_MS * 1.5).length;
    console.log(
      `${TASKS} tasks, ${frames.length} frames scrolled (${PX_PER_FRAME} px each, ${Math.round(scrolled / 1000)}k of ${Math.round(height / 1000)}k px): median ${percentile(sorted, 0.5).toFixed(1)} ms, ` +
        `p95 ${p95.toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms ` +
        `(target p95 ≤ 16.7 ms, one vsync); ${missed} frames (${((100 * missed) / frames.length).toFixed(1)} %) missed a vsync; load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
    );
    if (p95 > VSYNC_MS * 1.5) process.exitCode = 1;
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
