/**
 * In-page instruments for the asset library bench: a long-task observer and a scripted scroll that
 * samples frame deltas (requestAnimationFrame), DOM size and rendered asset slots at every step.
 *
 * The in-page code is plain JavaScript text on purpose: tsx compiles functions with esbuild's
 * keepNames, which wraps them in a `__name` helper that does not exist in the page, so a
 * TypeScript function handed to page.evaluate would throw there.
 */
import type { Page } from '@playwright/test';

export interface ScrollStats {
  steps: number;
  scrolledPx: number;
  durationMs: number;
  reachedEnd: boolean;
  startElements: number;
  maxElements: number;
  maxSlots: number;
  /** Milliseconds between consecutive animation frames while scrolling. */
  frames: number[];
  longTasks: number;
  longTaskMs: number;
  heapUsed: number;
}

const LONG_TASK_OBSERVER = `
  window.__benchLongTasks = [];
  try {
    new PerformanceObserver(function (list) {
      for (const entry of list.getEntries()) window.__benchLongTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  } catch (e) {
    // No long-task support: the figure stays at zero rather than failing the bench.
  }
`;

/**
 * Scrolls the page (the library's one scroller, decision 075) top to bottom, one step per animation
 * frame (a fast fling). Continuous-scroll mode loads pages as they come into view: at the bottom,
 * frames go on (they are what a person sees) until the last page has arrived; it stops at the
 * oldest asset (bench-00000, newest first), or after 30 s at the bottom without it.
 */
const SCROLL_THROUGH = `(async function () {
  const el = document.querySelector('[data-testid="asset-scroll"]');
  if (!el) throw new Error('asset scroll container not found');
  const doc = document.scrollingElement;
  const nextFrame = function () { return new Promise(function (r) { requestAnimationFrame(r); }); };
  const elements = function () { return document.getElementsByTagName('*').length; };
  const slots = function () {
    return el.querySelectorAll('[role="listitem"], [role="row"][aria-rowindex]').length;
  };
  const last = function () { return document.querySelector('button[aria-label^="Open details of bench-00000."]'); };
  const longTasksBefore = window.__benchLongTasks.length;
  const step = Math.round(window.innerHeight * 1.5);
  const startElements = elements();
  let maxElements = startElements;
  let maxSlots = slots();
  const frames = [];
  const started = performance.now();
  let prev = await nextFrame();
  let steps = 0;
  let bottomSince = 0;
  while (!last() && (bottomSince === 0 || performance.now() - bottomSince < 30000)) {
    if (doc.scrollTop + window.innerHeight < doc.scrollHeight - 1) {
      doc.scrollTop += step;
      steps += 1;
      bottomSince = 0;
    } else if (bottomSince === 0) bottomSince = performance.now();
    const now = await nextFrame();
    frames.push(now - prev);
    prev = now;
    maxElements = Math.max(maxElements, elements());
    maxSlots = Math.max(maxSlots, slots());
  }
  const tasks = window.__benchLongTasks.slice(longTasksBefore);
  return {
    steps: steps,
    scrolledPx: doc.scrollTop,
    durationMs: performance.now() - started,
    startElements: startElements,
    maxElements: maxElements,
    maxSlots: maxSlots,
    frames: frames,
    longTasks: tasks.length,
    longTaskMs: tasks.reduce(function (a, b) { return a + b; }, 0),
    heapUsed: performance.memory ? performance.memory.usedJSHeapSize : 0,
  };
})()`;

/** Long tasks are collected from the first paint on, so the bench can read those of a scroll window. */
export async function installProbes(page: Page): Promise<void> {
  await page.addInitScript({ content: LONG_TASK_OBSERVER });
}

/** Scrolls through the whole group, then waits until the last (oldest) asset is rendered. */
export async function scrollThrough(page: Page): Promise<ScrollStats> {
  const stats = (await page.evaluate(SCROLL_THROUGH)) as Omit<ScrollStats, 'reachedEnd'>;
  // Newest first: the last slot is the oldest asset, bench-00000.
  const reachedEnd = await page
    .locator('button[aria-label^="Open details of bench-00000."]')
    .waitFor({ timeout: 5_000 })
    .then(
      () => true,
      () => false,
    );
  return { ...stats, reachedEnd };
}
