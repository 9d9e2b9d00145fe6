import { useSyncExternalStore } from 'react';

/**
 * Whether a request is waiting out a 429 right now, and until when: apiRequest reports it, the
 * shell shows "rate limited, retrying in N s" so a person knows why the page is slow.
 */
interface RateLimitWait {
  /** Epoch ms when the next try goes out; null when nothing waits. */
  until: number | null;
  /** The whole wait in seconds, rounded up, as the server asked for it. */
  seconds: number;
}

let state: RateLimitWait = { until: null, seconds: 0 };
let waiting = 0;
const listeners = new Set<() => void>();

function set(next: RateLimitWait) {
  state = next;
  for (const listener of listeners) listener();
}

/** A request starts waiting until `until`; returns the call that ends its wait. */
export function beginRateLimitWait(until: number): () => void {
  waiting += 1;
  if (state.until === null || until > state.until)
    set({ until, seconds: Math.max(0, Math.ceil((until - Date.now()) / 1000)) });
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    waiting -= 1;
    if (waiting === 0) set({ until: null, seconds: 0 });
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getRateLimitWait(): RateLimitWait {
  return state;
}

export function useRateLimitWait(): RateLimitWait {
  return useSyncExternalStore(subscribe, getRateLimitWait, getRateLimitWait);
}
