import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'media-studio.scroll';
/** Entries kept: enough for a long session's Back button, bounded so sessionStorage stays small. */
const MAX_ENTRIES = 100;
/** How long a restore waits for the page to grow tall enough (its code and data loading). */
const RESTORE_PATIENCE_MS = 3_000;

type Positions = Record<string, number>;

function load(): Positions {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Positions) : {};
  } catch {
    return {};
  }
}

function save(positions: Positions) {
  const keys = Object.keys(positions);
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) delete positions[key];
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // Storage full or refused: scroll is then only restored within this page's memory.
  }
}

/**
 * Scroll per history entry, as the data router's <ScrollRestoration> does (the app uses the
 * declarative router, decision 100): a new navigation opens at the top, Back and Forward return
 * to where that entry was left, a reload included. A lazily loaded page is waited for until it is
 * tall enough, unless the person scrolls first.
 */
export function useScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Positions | null>(null);
  const currentKey = useRef(location.key);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    positions.current ??= load();
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        const all = (positions.current ??= load());
        delete all[currentKey.current];
        all[currentKey.current] = Math.round(window.scrollY);
      });
    };
    const onHide = () => save((positions.current ??= load()));
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onHide);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onHide);
    };
  }, []);

  useLayoutEffect(() => {
    const all = (positions.current ??= load());
    currentKey.current = location.key;
    save(all);
    // 'default' is the key of every entry the app did not create (a typed URL, a fresh tab): shared
    // by unrelated pages, so it is never restored.
    const saved = location.key === 'default' ? undefined : all[location.key];
    if (navigationType !== NavigationType.Pop || saved === undefined) {
      if (!location.hash) window.scrollTo(0, 0);
      return;
    }
    return restoreWhenTallEnough(saved);
  }, [location.key, location.hash, navigationType]);
}

function restoreWhenTallEnough(target: number): () => void {
  const started = performance.now();
  let frame = 0;
  let cancelled = false;
  const stop = () => {
    cancelled = true;
    cancelAnimationFrame(frame);
    for (const type of ['wheel', 'touchstart', 'keydown'] as const) {
      window.removeEventListener(type, stop);
    }
  };
  for (const type of ['wheel', 'touchstart', 'keydown'] as const) {
    window.addEventListener(type, stop, { passive: true });
  }
  const attempt = () => {
    if (cancelled) return;
    window.scrollTo(0, target);
    const reachable = document.documentElement.scrollHeight - window.innerHeight >= target;
    if (reachable && Math.abs(window.scrollY - target) <= 1) stop();
    else if (performance.now() - started > RESTORE_PATIENCE_MS) stop();
    else frame = requestAnimationFrame(attempt);
  };
  attempt();
  return stop;
}
