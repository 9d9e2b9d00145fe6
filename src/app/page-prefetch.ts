import { PAGE_ROUTES, pageForPath } from '@/app/pages';

/** Name of the performance mark set when idle prefetching starts (e2e/first-load.spec.ts reads it). */
export const PREFETCH_MARK = 'media-studio:page-prefetch';

/** Other lazy code worth having before it is asked for (the command palette), fetched after the pages. */
const extraPrefetches: Array<() => Promise<unknown>> = [];
export function prefetchWhenIdle(load: () => Promise<unknown>): void {
  extraPrefetches.push(load);
}

/** On intent (hover, focus of a link): fetch that page's code and strings now. */
export function prefetchPage(to: string): void {
  pageForPath(to)?.Component.preload();
}

type IdleHandle = { cancel: () => void };

function whenIdle(run: () => void, timeout: number): IdleHandle {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout });
    return { cancel: () => window.cancelIdleCallback(id) };
  }
  const id = window.setTimeout(run, Math.min(timeout, 1_000));
  return { cancel: () => window.clearTimeout(id) };
}

/**
 * Once the first page has loaded and the browser is idle, fetches every other page's code (then the
 * extras registered with prefetchWhenIdle), one at a
 * time and each in its own idle period, so that a first visit to any page is as quick as a repeat
 * one without competing with the first page's own requests. Returns a cancel function.
 */
export function prefetchPagesWhenIdle(): () => void {
  let cancelled = false;
  let handle: IdleHandle | undefined;
  const queue: Array<() => Promise<unknown>> = [
    ...PAGE_ROUTES.map((page) => () => page.Component.load()),
    ...extraPrefetches,
  ];

  const next = () => {
    if (cancelled) return;
    const load = queue.shift();
    if (!load) return;
    // Code that fails to load (offline) is skipped: using it retries.
    load().then(
      () => (handle = whenIdle(next, 2_000)),
      () => (handle = whenIdle(next, 2_000)),
    );
  };
  const start = () => {
    handle = whenIdle(() => {
      if (cancelled) return;
      performance.mark(PREFETCH_MARK);
      next();
    }, 3_000);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });

  return () => {
    cancelled = true;
    handle?.cancel();
    window.removeEventListener('load', start);
  };
}
