import { useEffect, useRef, useSyncExternalStore } from 'react';
import {
  NavigationType,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type Location,
} from 'react-router';

/**
 * React Router's `useBlocker` for the declarative router: the data router that offers it costs
 * 16 KB gzipped on the first load, which the 150 KB shell budget has no room for
 * (decision 100). The app's history is this
 * wrapper around the browser history React Router would create itself; while a page registers a
 * blocker, navigations through the router (links, navigate(), the palette) and the browser's
 * Back and Forward are held until the person decides, exactly as `useBlocker` holds them.
 */
type BrowserHistory = ReturnType<typeof createBrowserHistory>;
type Listener = Parameters<BrowserHistory['listen']>[0];
type Target = Pick<Location, 'pathname' | 'search' | 'hash'>;

/** Decides whether leaving `current` for `next` must wait for the person's answer. */
export type ShouldBlock = (args: { current: Target; next: Target }) => boolean;

export type BlockerState =
  { state: 'unblocked' } | { state: 'blocked'; location: Target; proceed: () => void; reset: () => void };

const UNBLOCKED: BlockerState = { state: 'unblocked' };

let shouldBlock: ShouldBlock | null = null;
let blocker: BlockerState = UNBLOCKED;
const subscribers = new Set<() => void>();

function setBlocker(next: BlockerState) {
  blocker = next;
  subscribers.forEach((notify) => notify());
}

function targetOf(location: Target): Target {
  return { pathname: location.pathname, search: location.search, hash: location.hash };
}

/** Holds a navigation if the registered blocker asks to; `retry` performs it on proceed. */
function held(current: Target, next: Target, retry: () => void): boolean {
  if (!shouldBlock?.({ current, next })) return false;
  setBlocker({
    state: 'blocked',
    location: next,
    proceed: () => {
      setBlocker(UNBLOCKED);
      retry();
    },
    reset: () => setBlocker(UNBLOCKED),
  });
  return true;
}

/** The browser history for `unstable_HistoryRouter`, with the blocking above. Create one per app. */
export function createGuardedHistory(): BrowserHistory {
  const history = createBrowserHistory({ v5Compat: true });
  // The location the router shows (history.location already says where a Back went).
  let shown = targetOf(history.location);
  // Our own history.go that undoes a held Back/Forward: the router never sees either move.
  let undoing = 0;
  // Set while a held Back/Forward is replayed after "leave".
  let replaying = false;
  // Chromium drops a history.go() made while an earlier one has not landed yet: "leave" clicked
  // before the undo of a held Back had arrived never went back (and left `replaying` set). What
  // moves the history waits for the undo, then runs.
  let afterUndo: (() => void) | null = null;
  const whenUndone = (move: () => void) => {
    if (undoing > 0) afterUndo = move;
    else move();
  };

  const nextOf = (to: Parameters<BrowserHistory['push']>[0]): Target => {
    const url = history.createURL(to);
    return { pathname: url.pathname, search: url.search, hash: url.hash };
  };

  return {
    ...history,
    get action() {
      return history.action;
    },
    get location() {
      return history.location;
    },
    push(to, state) {
      const go = () =>
        whenUndone(() => {
          history.push(to, state);
          shown = targetOf(history.location);
        });
      if (!held(shown, nextOf(to), go)) go();
    },
    replace(to, state) {
      const go = () =>
        whenUndone(() => {
          history.replace(to, state);
          shown = targetOf(history.location);
        });
      if (!held(shown, nextOf(to), go)) go();
    },
    listen(listener: Listener) {
      return history.listen((update) => {
        if (update.action === NavigationType.Pop) {
          if (undoing > 0) {
            undoing -= 1;
            const move = undoing === 0 ? afterUndo : null;
            afterUndo = null;
            move?.();
            return;
          }
          const { delta } = update;
          // Without a known distance (an entry from before the app) the move cannot be undone.
          if (
            !replaying &&
            delta &&
            held(shown, targetOf(update.location), () =>
              whenUndone(() => {
                replaying = true;
                history.go(delta);
              }),
            )
          ) {
            undoing += 1;
            history.go(-delta);
            return;
          }
          replaying = false;
        }
        shown = targetOf(update.location);
        listener(update);
      });
    },
  };
}

function subscribe(notify: () => void) {
  subscribers.add(notify);
  return () => subscribers.delete(notify);
}

/**
 * While `active`, navigations away for which `filter` says so (default: all) wait: the returned
 * state is 'blocked' with the attempted location, `proceed()` performs it and `reset()` stays.
 * Only one blocker is active at a time (the last mounted), as with React Router's `useBlocker`.
 * Under any other router (tests' MemoryRouter) nothing is held.
 */
export function useNavigationBlocker(active: boolean, filter?: ShouldBlock): BlockerState {
  const state = useSyncExternalStore(
    subscribe,
    () => blocker,
    () => UNBLOCKED,
  );
  const latest = useRef(filter);
  useEffect(() => {
    latest.current = filter;
  });
  useEffect(() => {
    if (!active) return;
    const check: ShouldBlock = (args) => latest.current?.(args) ?? true;
    shouldBlock = check;
    return () => {
      if (shouldBlock === check) shouldBlock = null;
      // A blocker that goes away (saved meanwhile, page left) lets nothing hang.
      if (blocker.state === 'blocked') setBlocker(UNBLOCKED);
    };
  }, [active]);
  return state;
}
