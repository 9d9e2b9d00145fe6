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
import { currentWarming, subscribeWarming } from '@/app/page-warming';
import { watchScrolling, whenScrollQuiet } from '@/app/scroll-quiet';

/** The hidden pre-render of the page being warmed (page-warming.ts, decision 101). */
/**
 * Rendered last in the hidden tree: the page above it has rendered when this does. What `done`
 * starts (a whole hidden page laid out in one task) waits for a scroll to settle: in a profile of
 * the gallery flung seconds after opening, 0.34 s went to such layouts mid-fling (decision 630).
 */
function Rendered({ done }: { done: () => void }) {
  whenScrollQuiet(done);
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
  const current = useSyncExternalStore(subscribeWarming, currentWarming, () => null);
  const { pathname } = useLocation();
  const warming = current !== null;
  useEffect(() => (warming ? watchScrolling() : undefined), [warming]);
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
