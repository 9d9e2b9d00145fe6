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
  const currentKey = useRef(keyOf(location));
  const firstRender = useRef(true);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    positions.current ??= load();
    // Recorded at the scroll event itself, under the entry being scrolled, and exactly (decision
    // 303). A frame later, as it once was, a click that leaves the page in that frame filed the
    // last movement under the next entry, and Back landed the movement of one frame (8 px) off;
    // rounding moved it again by a fraction.
    const onScroll = () => {
      const all = (positions.current ??= load());
      delete all[currentKey.current];
      all[currentKey.current] = window.scrollY;
    };
    const onHide = () => save((positions.current ??= load()));
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onHide);
    };
  }, []);

  useLayoutEffect(() => {
    const all = (positions.current ??= load());
    const key = keyOf(location);
    currentKey.current = key;
    save(all);
    // The first render is a POP for the router whatever the browser did: only a reload or the
    // browser's own Back/Forward into the app restores; a typed URL opens at the top.
    const restoring = firstRender.current ? arrivedByHistory() : navigationType === NavigationType.Pop;
    firstRender.current = false;
    const saved = restoring ? all[key] : undefined;
    if (saved === undefined) {
      if (!location.hash) window.scrollTo(0, 0);
      return;
    }
    return restoreWhenTallEnough(saved);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyOf reads only these fields
  }, [location.key, location.pathname, location.search, location.hash, navigationType]);
}

/**
 * The entry's key. 'default' is the key of the entry the page was loaded on (the router did not
 * create it), shared by every fresh load: there the address tells entries apart.
 */
function keyOf(location: { key: string; pathname: string; search: string }): string {
  return location.key === 'default' ? `default:${location.pathname}${location.search}` : location.key;
}

function arrivedByHistory(): boolean {
  const entry = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return entry?.type === 'reload' || entry?.type === 'back_forward';
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
