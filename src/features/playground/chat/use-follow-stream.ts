import { useEffect, useMemo, useRef, useState } from 'react';

export interface FollowStream {
  /** After each rendered update (a reply growing, a message added): to the end if the reader is there. */
  onRendered: () => void;
  /** The person sent a message, opened a conversation or asked for the latest: to the end, following again. */
  jumpToEnd: () => void;
  /** The end of the conversation is out of view (the reader scrolled up): "Jump to latest" shows. */
  awayFromEnd: boolean;
}

const UP_KEYS = new Set(['ArrowUp', 'PageUp', 'Home']);

function isEditable(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/** Only the conversation's own area moves: the window (and the header, tabs, settings) stay put. */
function scrollToEnd(scroller: HTMLElement | null): void {
  if (scroller) scroller.scrollTop = scroller.scrollHeight;
}

/**
 * Keeps the end of the conversation in view while a reply streams, as long as the reader is there;
 * scrolling up to read stops it, scrolling back to the end resumes it. The conversation scrolls in
 * its own area (`scroller`, a chat layout: decision 300), and `sentinel` is the last thing in it.
 *
 * "At the end" is an IntersectionObserver on the sentinel within the scroller (reported by the
 * browser after its own layout; a block above the view changing height does not count as the reader
 * moving), and the reader's wish to scroll up is the wheel, touch or key that asks for it inside the
 * conversation. That wish must count at once: a smooth wheel scroll takes several frames to leave
 * the end, and following in those frames would cancel it (decision 095). `content` is what grows.
 */
export function useFollowStream(
  scroller: HTMLElement | null,
  content: HTMLElement | null,
  sentinel: HTMLElement | null,
): FollowStream {
  const state = useRef({ atEnd: true, readingUp: false });
  const [awayFromEnd, setAwayFromEnd] = useState(false);
  useEffect(() => {
    if (!scroller || !sentinel || typeof IntersectionObserver !== 'function') return;
    const s = state.current;
    // A few lines of slack: a reader a little above the end still follows.
    const observer = new IntersectionObserver(
      (entries) => {
        const last = entries.at(-1);
        if (!last) return;
        s.atEnd = last.isIntersecting;
        if (s.atEnd) s.readingUp = false;
        setAwayFromEnd(!s.atEnd);
      },
      { root: scroller, rootMargin: '0px 0px 64px 0px' },
    );
    observer.observe(sentinel);
    // Growth nothing announces (a code block highlighted late, an image, the message box taking
    // more lines) keeps a following reader at the end too. Resize observations are delivered before
    // intersection ones in a frame, so `atEnd` still says where the reader was before it grew.
    const resized =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver(() => {
            if (s.atEnd && !s.readingUp) scrollToEnd(scroller);
          })
        : undefined;
    resized?.observe(scroller);
    if (content) resized?.observe(content);
    const towards = (up: boolean) => {
      if (up) s.readingUp = true;
      else if (s.atEnd) s.readingUp = false;
    };
    let touchY: number | undefined;
    const onWheel = (e: WheelEvent) => e.deltaY !== 0 && towards(e.deltaY < 0);
    const onTouchStart = (e: TouchEvent) => (touchY = e.touches[0]?.clientY);
    // A finger moving down the screen scrolls the conversation up.
    const onTouchMove = (e: TouchEvent) => {
      const y = e.touches[0]?.clientY;
      if (y !== undefined && touchY !== undefined && y !== touchY) towards(y > touchY);
    };
    const onKey = (e: KeyboardEvent) => {
      if (!isEditable(e.target) && (UP_KEYS.has(e.key) || (e.key === ' ' && e.shiftKey))) towards(true);
    };
    const options = { passive: true, capture: true };
    scroller.addEventListener('wheel', onWheel, options);
    scroller.addEventListener('touchstart', onTouchStart, options);
    scroller.addEventListener('touchmove', onTouchMove, options);
    scroller.addEventListener('keydown', onKey, options);
    return () => {
      observer.disconnect();
      resized?.disconnect();
      scroller.removeEventListener('wheel', onWheel, options);
      scroller.removeEventListener('touchstart', onTouchStart, options);
      scroller.removeEventListener('touchmove', onTouchMove, options);
      scroller.removeEventListener('keydown', onKey, options);
    };
  }, [scroller, content, sentinel]);
  const actions = useMemo(
    () => ({
      onRendered: () => {
        const { atEnd, readingUp } = state.current;
        if (atEnd && !readingUp) scrollToEnd(scroller);
      },
      jumpToEnd: () => {
        state.current.readingUp = false;
        state.current.atEnd = true;
        scrollToEnd(scroller);
      },
    }),
    [scroller],
  );
  return useMemo(() => ({ ...actions, awayFromEnd }), [actions, awayFromEnd]);
}
