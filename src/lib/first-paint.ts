/**
 * The first page's largest paint has happened: resolves on the first `largest-contentful-paint`
 * entry, or on the window's load where the browser reports none (decision 140). Work that must
 * not compete with the first paint on a slow link (idle prefetching, the toaster) waits for it.
 */
let painted: Promise<void> | undefined;

/** Marked when afterFirstPaint() resolves: what starts after it is not what the paint waited for. */
export const FIRST_PAINT_MARK = 'media-studio:first-paint';

const LARGEST_PAINT = 'largest-contentful-paint';

/**
 * Calls `seen` with the largest paints reported, those before the call included; undefined where
 * the browser reports none.
 */
function observeLargestPaints(
  seen: (entries: PerformanceEntryList, observer: PerformanceObserver) => void,
): PerformanceObserver | undefined {
  if (
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes(LARGEST_PAINT)
  )
    return undefined;
  const observer = new PerformanceObserver((list) => seen(list.getEntries(), observer));
  observer.observe({ type: LARGEST_PAINT, buffered: true });
  return observer;
}

export function afterFirstPaint(): Promise<void> {
  painted ??= new Promise<void>((settle) => {
    const resolve = () => {
      performance.mark(FIRST_PAINT_MARK);
      settle();
    };
    const observer = observeLargestPaints((_, self) => {
      self.disconnect();
      resolve();
    });
    if (observer) return;
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', resolve, { once: true });
  });
  return painted;
}

/** markFirstPageSettled() has been called: the first open's largest paints are behind it. */
let firstPageHasSettled = false;

/**
 * How long afterRenderOnScreen() waits for a largest paint that a render may not make. Not shorter:
 * on a busy 2-core machine a render was presented 600 ms after it was committed, and a 500 ms wait
 * started the group list before the LCP it was meant to follow (CI, 2026-11-27). Only a render that
 * paints nothing larger waits this long, and all it holds back is the switcher's list and the idle
 * prefetch.
 */
const LARGEST_PAINT_WAIT_MS = 2_000;

/**
 * Resolves once what was rendered before the call is on the screen, for work that must not start
 * before the first open's largest paint. An animation frame says nothing of that: a frame is
 * presented well after its main-thread work (in the bench, on a loaded machine, 40-100 ms, later
 * than two animation frames; an attempt on double requestAnimationFrame still asked for the groups
 * before the LCP), and the LCP counts from the presentation. So on the first open this resolves on
 * a largest-contentful-paint entry presented after the call, for an element still on the page (an
 * earlier render's loading text has been removed by then). A render that paints nothing larger
 * makes no entry (the LCP is then behind it), nor does one after input or in a browser that
 * reports none: after LARGEST_PAINT_WAIT_MS it goes ahead anyway. Once the first page has settled
 * there is no first paint to protect: at once.
 */
export function afterRenderOnScreen(): Promise<void> {
  const since = performance.now();
  return new Promise<void>((resolve) => {
    const done = () => {
      observer?.disconnect();
      resolve();
    };
    // Paints presented before the call (reported before it or not) are not this render's.
    const observer = firstPageHasSettled
      ? undefined
      : observeLargestPaints((entries) => {
          if (entries.some((e) => e.startTime >= since && (e as LargestContentfulPaint).element?.isConnected))
            done();
        });
    window.setTimeout(done, firstPageHasSettled ? 0 : LARGEST_PAINT_WAIT_MS);
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
    if (live) cancelIdle = whenIdle(run, 2_000, 200);
  });
  return () => {
    live = false;
    cancelIdle();
  };
}

/**
 * Runs `run` in an idle period, at the latest after `timeout` ms; where the browser has no idle
 * callbacks (Safari), after `fallback` ms. Returns a cancel function.
 */
export function whenIdle(run: () => void, timeout: number, fallback = Math.min(timeout, 1_000)): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => run(), { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, fallback);
  return () => window.clearTimeout(id);
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
