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

/**
 * Resolves in a task after the next two frames have begun: what a render had committed by the call
 * has been painted by then. An answer's render and its paint are a frame apart, so work that must
 * come after a paint (the page settling) waits for this rather than for the answer itself. A
 * hidden document paints nothing (and runs no animation frames until shown): a task is enough.
 */
export function afterPresentedFrame(): Promise<void> {
  return new Promise<void>((resolve) => {
    const next = () => window.setTimeout(resolve, 0);
    if (document.visibilityState === 'hidden' || typeof window.requestAnimationFrame !== 'function') next();
    else window.requestAnimationFrame(() => window.requestAnimationFrame(next));
  });
}

/** markFirstPageSettled() has been called: the first open's largest paints are behind it. */
let firstPageHasSettled = false;

/** How long afterRenderOnScreen() waits for a largest paint a render may not make. */
const LARGEST_PAINT_WAIT_MS = 500;

function reportsLargestPaint(): boolean {
  return (
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint') === true
  );
}

/**
 * Resolves once what was rendered before the call is on the screen, for work that must not start
 * before the first open's largest paint. A frame is presented well after its main-thread work (in
 * the bench, on a loaded machine, 40-100 ms: later than two animation frames), and the LCP counts
 * from the presentation. So on the first open, until its first page settles, this resolves on a
 * largest-contentful-paint entry presented after the call for an element still on the page; a
 * render that paints nothing larger makes none, and input ends the reports, so after a presented
 * frame it waits LARGEST_PAINT_WAIT_MS at most. Later (navigations make no LCP entries), or where
 * the browser reports no largest paint: a presented frame (afterPresentedFrame).
 */
export function afterRenderOnScreen(): Promise<void> {
  const since = performance.now();
  const frame = afterPresentedFrame();
  if (firstPageHasSettled || document.visibilityState === 'hidden' || !reportsLargestPaint()) return frame;
  return new Promise<void>((resolve) => {
    let timer: number | undefined;
    const done = () => {
      observer.disconnect();
      window.clearTimeout(timer);
      resolve();
    };
    const observer = new PerformanceObserver((list) => {
      const painted = list
        .getEntries()
        .some(
          (e) =>
            e.startTime >= since &&
            (e as PerformanceEntry & { element?: Element | null }).element?.isConnected,
        );
      if (painted) done();
    });
    // Not buffered: only paints after the call count.
    observer.observe({ type: 'largest-contentful-paint' });
    void frame.then(() => {
      timer = window.setTimeout(done, LARGEST_PAINT_WAIT_MS);
    });
  });
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
  firstPageHasSettled = true;
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
