/**
 * Whether the person is scrolling, for work that can wait (the page warmer's layout of a hidden
 * page): seen by a capturing listener, since the lists that fling (gallery, monitor) scroll a box
 * of their own, not the window. Listened to only while such work is pending (`watchScrolling`
 * returns the stop): a listener on every scroll event of the page's life costs a little each frame.
 */
export const SCROLL_QUIET_MS = 300;

let lastScrollAt = Number.NEGATIVE_INFINITY;
const onScroll = () => {
  lastScrollAt = performance.now();
};

export function watchScrolling(): () => void {
  const options = { capture: true, passive: true };
  document.addEventListener('scroll', onScroll, options);
  return () => document.removeEventListener('scroll', onScroll, options);
}

/** Runs `run` once no scroll has happened for SCROLL_QUIET_MS (at once if none has). */
export function whenScrollQuiet(run: () => void): void {
  const wait = lastScrollAt + SCROLL_QUIET_MS - performance.now();
  if (wait <= 0) run();
  else window.setTimeout(() => whenScrollQuiet(run), wait);
}
