import type { QueryClient } from '@tanstack/react-query';
import { useConnectionStore } from '@/api/connection-store';
import { PAGE_ROUTES, pageForPath } from '@/app/pages';
import { warmPage } from '@/app/page-warming';
import {
  afterFirstPaint,
  afterRenderOnScreen,
  markFirstPageSettled,
  prefetchAllowance,
  whenIdle,
} from '@/lib/first-paint';

/** Performance mark set when idle prefetching starts (e2e/first-load.spec.ts reads it). */
export const PREFETCH_MARK = 'media-studio:page-prefetch';
/** Performance mark set when every page has been fetched and pre-rendered (bench, e2e). */
export const PREFETCH_DONE_MARK = 'media-studio:page-prefetch-done';

/** Other lazy code worth having before it is asked for (the command palette), fetched after the pages. */
const extraPrefetches: Array<() => Promise<unknown>> = [];
export function prefetchWhenIdle(load: () => Promise<unknown>): void {
  extraPrefetches.push(load);
}

/**
 * On intent (hover, focus of a link): fetch that page's code and strings now, and with a client
 * and a key, the first query the page shows (fresh data is not fetched again: prefetchQuery
 * honours the client's staleTime).
 */
export function prefetchPage(to: string, queryClient?: QueryClient): void {
  const page = pageForPath(to);
  if (!page) return;
  page.Component.preload();
  // Without a key the request could only fail (the page shows the key prompt instead).
  if (queryClient && page.prefetchData && useConnectionStore.getState().apiKey !== '') {
    page.prefetchData(queryClient).catch(() => undefined);
  }
}

export interface PrefetchOptions {
  /** The path the dashboard opened on: its page's code must have arrived before others are fetched. */
  currentPath: string;
  /** True while the current page is still fetching (its first queries): prefetching waits. */
  isBusy?: () => boolean;
  /** Called once the first page has settled (the mark is set): code for later may load from then. */
  onSettled?: () => void;
}

/** How long prefetching waits for the current page's queries before it goes ahead anyway. */
const MAX_BUSY_WAIT_MS = 5_000;

/**
 * Once the first page is idle (window loaded, its own code and strings arrived, its first queries
 * answered), fetches every other page's code, then pre-renders it hidden (page-warmer.tsx), then
 * the extras registered with prefetchWhenIdle: one at a time, each in its own idle period, so that
 * a first visit to any page costs what a repeat one does, without competing with the first page's
 * own requests. Returns a cancel function.
 */
export function prefetchPagesWhenIdle({
  currentPath,
  isBusy = () => false,
  onSettled,
}: PrefetchOptions): () => void {
  let cancelled = false;
  let cancelIdle = () => {};
  const current = pageForPath(currentPath);
  // On Save-Data or a 2g link nothing is fetched ahead; on 3g only the next likely page, the one
  // after the current in the navigation's order (decision 140). The first page still settles, so
  // what waits for it (onSettled: the task watcher) loads on every link.
  const allowance = prefetchAllowance();
  const next = PAGE_ROUTES[(current ? PAGE_ROUTES.indexOf(current) : -1) + 1] ?? PAGE_ROUTES[0]!;
  const pages =
    allowance === 'none'
      ? []
      : allowance === 'next'
        ? [current, next].filter((p) => p !== undefined)
        : PAGE_ROUTES;
  const queue: Array<() => Promise<unknown>> = [
    ...pages.flatMap((page) => [
      () => page.Component.load(),
      // The page the person is on is rendered already: nothing to warm.
      () => (page === current ? Promise.resolve() : warmPage(page.warmPath ?? `/${page.path.split('/')[0]}`)),
    ]),
    ...(allowance === 'all' ? extraPrefetches : []),
  ];

  const step = () => {
    if (cancelled) return;
    const load = queue.shift();
    if (!load) {
      performance.mark(PREFETCH_DONE_MARK);
      return;
    }
    // Code that fails to load (offline) is skipped: using it retries.
    load().then(
      () => (cancelIdle = whenIdle(step, 2_000)),
      () => (cancelIdle = whenIdle(step, 2_000)),
    );
  };
  let deadline = Number.POSITIVE_INFINITY;
  const startWhenSettled = (onScreen = false) => {
    if (cancelled) return;
    if (isBusy() && performance.now() < deadline) {
      cancelIdle = whenIdle(() => startWhenSettled(), 500);
      return;
    }
    // The last answer is in, but its render is on the screen only a frame or more later (on `/`
    // that paint is the LCP), and what waits for the settle (the task watcher, the toaster, these
    // prefetches) would start before it. So the settle counts only once that paint is on the
    // screen and, an idle period later, nothing is fetching still: a query the paint started (the
    // library's groups, asked for once its data is on the screen) has begun by then, and is waited
    // for in turn.
    if (!onScreen) {
      void afterRenderOnScreen().then(() => (cancelIdle = whenIdle(() => startWhenSettled(true), 500)));
      return;
    }
    performance.mark(PREFETCH_MARK);
    markFirstPageSettled();
    onSettled?.();
    step();
  };
  const start = () => {
    // Nothing is fetched ahead before the current page's own code (a page off the list: at once)
    // and its largest paint: on a slow link fetching ahead would compete with it.
    const own = current ? current.Component.load() : Promise.resolve();
    Promise.all([own, afterFirstPaint()])
      .catch(() => undefined)
      .then(() => {
        deadline = performance.now() + MAX_BUSY_WAIT_MS;
        if (!cancelled) cancelIdle = whenIdle(() => startWhenSettled(), 3_000);
      });
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });

  return () => {
    cancelled = true;
    cancelIdle();
    window.removeEventListener('load', start);
  };
}
