/**
 * A first visit to a page whose code is already loaded still cost 1.5-3× a repeat visit: V8
 * compiles each component on its first call, the page's Intl formatters and icons are built, and
 * its lazy parts are fetched. A hidden pre-render (React's <Activity mode="hidden">: rendered at
 * the lowest priority, no effects, so no requests, timers or navigation) does all of that in an
 * idle period, then is dropped. See decision 101.
 */
// The store lives in the first load (page-prefetch.ts starts warming); the component that renders
// the hidden tree is fetched the first time a page is warmed (page-warmer.tsx), keeping it out of
// the first open's bytes.
export type Warming = { path: string; done: () => void } | null;

let warming: Warming = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/**
 * Lays the hidden pre-render out once, off screen and invisible: a first layout of a page costs
 * more than later ones (style rules matched, text shaped for the first time), and Radix measures
 * some elements as they mount, which forces that layout into the click otherwise.
 */
function layOut(container: HTMLElement) {
  const width = document.getElementById('main')?.clientWidth ?? window.innerWidth;
  container.style.setProperty('display', 'block', 'important');
  Object.assign(container.style, {
    position: 'fixed',
    top: '0',
    left: '-20000px',
    width: `${width}px`,
    visibility: 'hidden',
    pointerEvents: 'none',
  });
  void container.offsetHeight;
}

/** Pre-renders the page at `path` hidden; resolves once rendered and laid out (or after `timeout` ms), then drops it. */
export function warmPage(path: string, timeout = 3_000): Promise<void> {
  return new Promise<void>((resolve) => {
    let timer = 0;
    let finished = false;
    const drop = () => {
      if (warming?.path === path) {
        warming = null;
        emit();
      }
      resolve();
    };
    const finish = () => {
      if (finished || warming?.path !== path) return;
      finished = true;
      window.clearTimeout(timer);
      // The render that called this commits before the next task; then its DOM can be laid out.
      let tries = 0;
      const whenCommitted = () => {
        const container = document.querySelector<HTMLElement>('[data-page-warmer]');
        if (container?.firstElementChild) layOut(container);
        else if (++tries < 10) return void window.setTimeout(whenCommitted, 20);
        drop();
      };
      window.setTimeout(whenCommitted, 0);
    };
    timer = window.setTimeout(() => {
      finished = true;
      drop();
    }, timeout);
    warming = { path, done: finish };
    emit();
  });
}

export function subscribeWarming(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The page being pre-rendered now, if any. */
export const currentWarming = (): Warming => warming;
