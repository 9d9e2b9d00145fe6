/**
 * Whether the person is scrolling, for work that can wait (the page warmer's layout of a hidden
 * page): tracked from the first `watchScrolling` on, by a capturing listener, since the lists that
 * fling (gallery, monitor) scroll a box of their own, not the window.
 */
export const SCROLL_QUIET_MS = 300;

let lastScrollAt = Number.NEGATIVE_INFINITY;
let watching = false;

export function watchScrolling(): void {
  if (watching) return;
  watching = true;
  document.addEventListener('scroll', () => (lastScrollAt = performance.now()), {
    capture: true,
    passive: true,
  });
}

/** Runs `run` once no scroll has happened for SCROLL_QUIET_MS (at once if none has). */
export function whenScrollQuiet(run: () => void): void {
  const wait = lastScrollAt + SCROLL_QUIET_MS - performance.now();
  if (wait <= 0) run();
  else window.setTimeout(() => whenScrollQuiet(run), wait);
}
