/**
 * The first page's largest paint has happened: resolves on the first `largest-contentful-paint`
 * entry, or on the window's load where the browser reports none (decision 140). Work that must
 * not compete with the first paint on a slow link (idle prefetching, the toaster) waits for it.
 */
let painted: Promise<void> | undefined;

/** Marked when afterFirstPaint() resolves: what starts after it is not what the paint waited for. */
export const FIRST_PAINT_MARK = 'media-studio:first-paint';

export function afterFirstPaint(): Promise<void> {
  painted ??= new Promise<void>((settle) => {
    const resolve = () => {
      performance.mark(FIRST_PAINT_MARK);
      settle();
    };
    const onLoad = () => resolve();
    if (
      typeof PerformanceObserver !== 'undefined' &&
      PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')
    ) {
      const observer = new PerformanceObserver(() => {
        observer.disconnect();
        resolve();
      });
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
      return;
    }
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', onLoad, { once: true });
  });
  return painted;
}

let settleFirstPage: () => void = () => {};
const firstPageSettled = new Promise<void>((resolve) => {
  settleFirstPage = resolve;
});

/**
 * The first page has painted its data and is idle: its largest paint is behind it, its own code
 * arrived and its first queries answered (page-prefetch.ts calls this when it sets its start
 * mark). `afterFirstPaint()` resolves on the first LCP candidate, which on `/` is the intro text,
 * painted before the list has answered; what would otherwise start before the data's paint (the
 * LCP on a slow link: decision 240) waits for this instead, through whenFirstPageIdle().
 */
export function markFirstPageSettled(): void {
  settleFirstPage();
}

/** Runs `run` in an idle period once the first page has settled; returns a cancel function. */
export function whenFirstPageIdle(run: () => void): () => void {
  let live = true;
  let cancelIdle = () => {};
  void firstPageSettled.then(() => {
    if (!live) return;
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => run(), { timeout: 2_000 });
      cancelIdle = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(run, 200);
      cancelIdle = () => window.clearTimeout(id);
    }
  });
  return () => {
    live = false;
    cancelIdle();
  };
}

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/**
 * How much to fetch ahead on this link: `all` pages, only the `next` likely one (a 3g link), or
 * `none` (Save-Data, or a 2g link). Browsers without the Network Information API fetch all.
 */
export function prefetchAllowance(
  connection: NetworkInformation | undefined = (navigator as { connection?: NetworkInformation }).connection,
): 'all' | 'next' | 'none' {
  if (!connection) return 'all';
  if (connection.saveData) return 'none';
  if (connection.effectiveType === 'slow-2g' || connection.effectiveType === '2g') return 'none';
  if (connection.effectiveType === '3g') return 'next';
  return 'all';
}
