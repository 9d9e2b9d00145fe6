import { useCallback, useRef } from 'react';

/** Frames to wait for the dialog to leave the DOM (the route change renders in a transition). */
const MAX_FRAMES = 30;

/**
 * Gives focus back to what opened a dialog or sheet once it closes. Radix does this for a dialog
 * with a trigger, but these open from a route or a search param, and a lazily loaded one records its
 * Suspense fallback as the element to return to, so focus fell to <body>. `remember` runs when
 * opening; `restore` when closing, and acts only if focus is nowhere once the dialog has gone.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  const remember = useCallback(() => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body) opener.current = active;
  }, []);
  const restore = useCallback(() => {
    const target = opener.current;
    opener.current = null;
    if (!target) return;
    let frames = 0;
    const attempt = () => {
      frames += 1;
      const dialogOpen = document.querySelector('[role="dialog"]') !== null;
      if (dialogOpen && frames < MAX_FRAMES) {
        requestAnimationFrame(attempt);
        return;
      }
      const active = document.activeElement;
      if (target.isConnected && (active === null || active === document.body)) target.focus();
    };
    requestAnimationFrame(attempt);
  }, []);
  return { remember, restore };
}
