import {
  Activity,
  Component as ReactComponent,
  Suspense,
  useEffect,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { PAGE_ROUTES, pageForPath } from '@/app/pages';

/**
 * A first visit to a page whose code is already loaded still cost 1.5-3× a repeat visit: V8
 * compiles each component on its first call, the page's Intl formatters and icons are built, and
 * its lazy parts are fetched. A hidden pre-render (React's <Activity mode="hidden">: rendered at
 * the lowest priority, no effects, so no requests, timers or navigation) does all of that in an
 * idle period, then is dropped. See decision 101.
 */
type Warming = { path: string; done: () => void } | null;

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

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Rendered last in the hidden tree: the page above it has rendered when this does. */
function Rendered({ done }: { done: () => void }) {
  done();
  return null;
}

/** A page that fails in a pre-render fails again, visibly, when it is opened: here it is only dropped. */
class IgnoreErrors extends ReactComponent<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function PageWarmer() {
  const current = useSyncExternalStore(
    subscribe,
    () => warming,
    () => null,
  );
  const { pathname } = useLocation();
  // The person went to the page being warmed: it is rendered for real. A hidden copy beside it
  // doubled every control in the document (two "API key" fields on Settings) until it was dropped.
  const shown = current !== null && pageForPath(current.path) === pageForPath(pathname);
  useEffect(() => {
    if (shown && current) current.done();
  }, [shown, current]);
  if (!current || shown) return null;
  return (
    <IgnoreErrors key={current.path}>
      <Activity mode="hidden">
        <div data-page-warmer="" inert>
          <Suspense fallback={null}>
            <Routes location={current.path}>
              {PAGE_ROUTES.map(({ path, Component }) => (
                <Route key={path} path={path} element={<Component />} />
              ))}
              <Route path="*" element={null} />
            </Routes>
            <Rendered done={current.done} />
          </Suspense>
        </div>
      </Activity>
    </IgnoreErrors>
  );
}
