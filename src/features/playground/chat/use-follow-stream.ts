import { useEffect, useMemo, useRef } from 'react';

export interface FollowStream {
  /** After each rendered update of the reply: keeps the end in view if the reader is there. */
  onRendered: () => void;
  /** A message was added or a conversation opened: to the end, following again. */
  jumpToEnd: () => void;
}

/** Brings the sentinel (after the composer) to the bottom of the view: the last message above it. */
function scrollToSentinel(sentinel: HTMLElement | null): void {
  // A block body on purpose: Chromium's scrollIntoView now returns a promise, and an effect that
  // returns anything but a cleanup function crashes React when it re-runs.
  sentinel?.scrollIntoView?.({ block: 'end' });
}

const UP_KEYS = new Set(['ArrowUp', 'PageUp', 'Home']);

function isEditable(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/**
 * Keeps the end of the conversation in view while a reply streams, as long as the reader is there;
 * scrolling up to read stops it, scrolling back to the end resumes it. The sentinel sits after the
 * composer, so the composer (sticky at the bottom) never covers the reply's last lines.
 *
 * Nothing here reads layout: "at the end" is an IntersectionObserver on the sentinel (reported by
 * the browser after its own layout; a block above the view changing height does not count as the
 * reader moving), and the reader's wish to scroll up is the wheel, touch or key that asks for it.
 * That wish must count at once: a smooth wheel scroll takes several frames to leave the end, and
 * following in those frames would cancel it. `onRendered` runs after each rendered update (once per
 * frame) and scrolls with the layout that frame does anyway (decision 095).
 */
export function useFollowStream(sentinel: HTMLElement | null): FollowStream {
  const state = useRef({ atEnd: true, readingUp: false });
  useEffect(() => {
    if (!sentinel || typeof IntersectionObserver !== 'function') return;
    const s = state.current;
    // A few lines of slack: a reader a little above the end still follows.
    const observer = new IntersectionObserver(
      (entries) => {
        const last = entries.at(-1);
        if (!last) return;
        s.atEnd = last.isIntersecting;
        if (s.atEnd) s.readingUp = false;
      },
      { rootMargin: '0px 0px 64px 0px' },
    );
    observer.observe(sentinel);
    const towards = (up: boolean) => {
      if (up) s.readingUp = true;
      else if (s.atEnd) s.readingUp = false;
    };
    let touchY: number | undefined;
    const onWheel = (e: WheelEvent) => e.deltaY !== 0 && towards(e.deltaY < 0);
    const onTouchStart = (e: TouchEvent) => (touchY = e.touches[0]?.clientY);
    // A finger moving down the screen scrolls the page up.
    const onTouchMove = (e: TouchEvent) => {
      const y = e.touches[0]?.clientY;
      if (y !== undefined && touchY !== undefined && y !== touchY) towards(y > touchY);
    };
    const onKey = (e: KeyboardEvent) => {
      if (!isEditable(e.target) && (UP_KEYS.has(e.key) || (e.key === ' ' && e.shiftKey))) towards(true);
    };
    const options = { passive: true, capture: true };
    window.addEventListener('wheel', onWheel, options);
    window.addEventListener('touchstart', onTouchStart, options);
    window.addEventListener('touchmove', onTouchMove, options);
    window.addEventListener('keydown', onKey, options);
    return () => {
      observer.disconnect();
      window.removeEventListener('wheel', onWheel, options);
      window.removeEventListener('touchstart', onTouchStart, options);
      window.removeEventListener('touchmove', onTouchMove, options);
      window.removeEventListener('keydown', onKey, options);
    };
  }, [sentinel]);
  return useMemo(
    () => ({
      onRendered: () => {
        const { atEnd, readingUp } = state.current;
        if (atEnd && !readingUp) scrollToSentinel(sentinel);
      },
      jumpToEnd: () => {
        state.current.readingUp = false;
        scrollToSentinel(sentinel);
      },
    }),
    [sentinel],
  );
}
