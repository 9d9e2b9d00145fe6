import { Component, lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';

/** How often a shell part whose code could not be fetched tries again while online. */
const RETRY_MS = 10_000;

/** A failed part renders nothing and tells its owner, which retries it. */
class Quiet extends Component<{ children: ReactNode; onError: () => void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Parts whose code has arrived: mounted again (the palette, opened anew), they render at once. */
const loaded = new WeakMap<() => Promise<ComponentType>, ComponentType>();

/** One try at loading a part: React.lazy keeps a failed load for good, so each retry is a new one. */
function attemptOf(load: () => Promise<ComponentType>): ComponentType {
  return (
    loaded.get(load) ??
    lazy(async () => {
      const Part = await load();
      loaded.set(load, Part);
      return { default: Part };
    })
  );
}

/**
 * A part of the shell loaded after the first page, which must never take the shell down with it.
 * These sit outside the page's error boundary: a chunk that failed to arrive (the browser went
 * offline just as the first page settled) blanked the whole app, not only the watcher. Now the
 * part is left out until its code comes, tried again when the browser is back online and every
 * few seconds.
 */
export function ShellPart({
  load,
  fallback = null,
}: {
  load: () => Promise<ComponentType>;
  /** Shown while the code loads (the command palette's stand-in box); nothing by default. */
  fallback?: ReactNode;
}) {
  // Kept here, above the Suspense boundary: state of a component that suspends before it ever
  // commits is dropped, which would start a new load on every try.
  const [Part, setPart] = useState(() => attemptOf(load));
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!failed) return;
    const retry = () => {
      setFailed(false);
      setPart(() => attemptOf(load));
    };
    const timer = window.setInterval(() => navigator.onLine && retry(), RETRY_MS);
    window.addEventListener('online', retry);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', retry);
    };
  }, [failed, load]);
  // Unmounted while failed, so that a retry starts from a fresh boundary.
  if (failed) return null;
  return (
    <Quiet onError={() => setFailed(true)}>
      <Suspense fallback={fallback}>
        <Part />
      </Suspense>
    </Quiet>
  );
}
