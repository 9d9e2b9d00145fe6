/**
 * What the scrolling benches share (gallery-scroll, frames-at-scale, batch-page): a list scrolled
 * a fixed distance a frame while every frame's time is taken, the line that reports those frames,
 * one real finished video task as the template of the seeded ones, and a CPU profile of the scroll.
 */
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { topSelf } from './browser';
import { loadAverages, percentile } from './stats';

/** One vsync at 60 Hz. */
export const VSYNC_MS = 1000 / 60;
export const PX_PER_FRAME = 120;

export interface FrameRun {
  /** Every frame's time (ms). */
  frames: number[];
  /** How far the list went, and its height (px). */
  scrolled: number;
  height: number;
}

/**
 * Scrolls the element at `selector` down PX_PER_FRAME a frame, to its end or for `maxFrames`
 * frames, timing every frame by requestAnimationFrame. The page logs its count every 5 s, for a
 * bench that shows the page's console. Plain JavaScript text: tsx's keepNames would wrap a
 * TypeScript function in a helper the page does not have.
 */
export async function scrollFrames(page: Page, selector: string, maxFrames: number): Promise<FrameRun> {
  return (await page.evaluate(`new Promise((resolve) => {
    const el = document.querySelector(${JSON.stringify(selector)});
    if (!el) throw new Error(${JSON.stringify(`no ${selector} on the page`)});
    const frames = [];
    let last = 0;
    const watch = setInterval(() => console.log('frames ' + frames.length), 5000);
    const tick = (now) => {
      frames.push(now - last);
      last = now;
      el.scrollTop += ${PX_PER_FRAME};
      if (el.scrollTop + el.clientHeight >= el.scrollHeight - 1 || frames.length >= ${maxFrames}) {
        clearInterval(watch);
        resolve({ frames, scrolled: el.scrollTop, height: el.scrollHeight });
        return;
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame((now) => { last = now; requestAnimationFrame(tick); });
  })`)) as FrameRun;
}

/**
 * Prints a scroll's frames under `label`; true when p95 is within one vsync. A frame shown on the
 * next vsync is within the budget: 60 Hz is 16.67 ms, and requestAnimationFrame timestamps jitter
 * by about ±0.15 ms around it. A frame that missed a vsync measures 33.3 ms or more, so half a
 * vsync more tells them apart.
 */
export function reportFrames(label: string, { frames, scrolled, height }: FrameRun): boolean {
  const at = (p: number) => `${percentile(frames, p).toFixed(1)} ms`;
  const missed = frames.filter((f) => f > VSYNC_MS * 1.5).length;
  console.log(
    `${label}: ${frames.length} frames scrolled (${PX_PER_FRAME} px each, ${Math.round(scrolled / 1000)}k of ${Math.round(height / 1000)}k px): ` +
      `median ${at(0.5)}, p95 ${at(0.95)}, p99 ${at(0.99)}, max ${at(1)} (target p95 ≤ 16.7 ms, one vsync); ` +
      `${missed} frames (${((100 * missed) / frames.length).toFixed(1)} %) missed a vsync; ${loadAverages()}`,
  );
  return percentile(frames, 0.95) <= VSYNC_MS * 1.5;
}

/**
 * One video task of the local server at `baseUrl`, finished: every seeded task that succeeded is
 * answered with it (its id swapped), so every poster on screen loads a real file.
 */
export async function finishedVideoTask(
  baseUrl: string,
  apiKey: string,
  prompt: string,
): Promise<Record<string, unknown>> {
  const headers = { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' };
  const created = (await (
    await fetch(`${baseUrl}/v1/videos`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ model: 'video-2.0-cl', prompt, duration: 4, resolution: '480p' }),
    })
  ).json()) as { id: string };
  let task: Record<string, unknown> = {};
  for (let i = 0; i < 300 && task.status !== 'succeeded'; i += 1) {
    await new Promise((r) => setTimeout(r, 500));
    task = (await (await fetch(`${baseUrl}/v1/tasks/${created.id}`, { headers })).json()) as Record<
      string,
      unknown
    >;
  }
  if (task.status !== 'succeeded')
    throw new Error(`the template task did not succeed: ${JSON.stringify(task)}`);
  console.log('template result ready');
  return task;
}

/**
 * Answers the page's reads of the seeded tasks `bench_<n>` in agreement with their seeded state
 * (`stateOf(n)`): a succeeded one as `template`, a running one still running.
 */
export function answerSeededTasks(
  page: Page,
  template: Record<string, unknown>,
  stateOf: (n: number) => string | undefined,
): Promise<unknown> {
  return page.route(/\/v1\/tasks\/bench_/, (route) => {
    const id = new URL(route.request().url()).pathname.split('/').pop()!;
    const state = stateOf(Number(id.slice('bench_'.length)));
    if (state === 'succeeded') return route.fulfill({ json: { ...template, id } });
    return route.fulfill({ json: { id, status: state, progress: state === 'running' ? 40 : undefined } });
  });
}

/** `--profile FILE`: where a bench writes a CPU profile of the page while it scrolls. */
export const profileFile = (): string | undefined =>
  process.argv.includes('--profile') ? process.argv[process.argv.indexOf('--profile') + 1] : undefined;

/**
 * Runs `work` under a CDP CPU profile of `page` when `file` is given: the profile written there
 * (.cpuprofile) and its `top` heaviest self-time stacks printed, `depth` callers each.
 */
export async function profiled<T>(
  page: Page,
  file: string | undefined,
  work: () => Promise<T>,
  { top, depth }: { top: number; depth: number },
): Promise<T> {
  if (!file) return work();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
  await cdp.send('Profiler.start');
  const result = await work();
  const { profile } = await cdp.send('Profiler.stop');
  fs.writeFileSync(file, JSON.stringify(profile));
  const total = profile.timeDeltas!.reduce((a, b) => a + b, 0) / 1000;
  console.log(`CPU profile (${file}), ${total.toFixed(0)} ms sampled; heaviest self time:`);
  for (const [stack, ms] of topSelf(profile as never, top, depth))
    console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${stack}`);
  return result;
}
