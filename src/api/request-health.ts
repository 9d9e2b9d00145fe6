import { useSyncExternalStore } from 'react';

/**
 * What real requests to the saved server say about it, and whether the browser thinks it is
 * online. The header's connection badge reads this so that it never says "Connected" while every
 * request fails: a periodic check alone notices a server going away a minute late (decision 077).
 */
export interface RequestHealth {
  /** navigator.onLine: false is reliable (no network at all); true only means "maybe". */
  online: boolean;
  /** The latest request to the saved server got no HTTP answer. */
  failing: boolean;
  /** Bumped on each change of `failing`, so that a watcher can re-check the connection. */
  changes: number;
}

let state: RequestHealth = {
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  failing: false,
  changes: 0,
};
const listeners = new Set<() => void>();

function set(patch: Partial<RequestHealth>) {
  const next = { ...state, ...patch };
  if (next.online === state.online && next.failing === state.failing) return;
  state = { ...next, changes: state.changes + 1 };
  for (const listener of listeners) listener();
}

/** Called by apiRequest for every request to the saved server: answered (any status) or not. */
export function reportRequestOutcome(outcome: 'answered' | 'unreachable'): void {
  set({ failing: outcome === 'unreachable' });
}

function subscribe(listener: () => void) {
  if (listeners.size === 0 && typeof window !== 'undefined') {
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    }
  };
}
const onOnline = () => set({ online: true });
const onOffline = () => set({ online: false });

export function getRequestHealth(): RequestHealth {
  return state;
}

export function useRequestHealth(): RequestHealth {
  return useSyncExternalStore(subscribe, getRequestHealth, getRequestHealth);
}
