import { useSyncExternalStore } from 'react';

/**
 * One shared one-second clock for every ticking elapsed time on the page: visible rows and the
 * open task re-render together, on one timer, and only while something subscribes.
 */
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, 1_000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const noop = () => () => {};
const read = () => now;

/** The current time, updated every second while `ticking`; the last reading otherwise. */
export function useNow(ticking: boolean): number {
  return useSyncExternalStore(ticking ? subscribe : noop, read);
}
