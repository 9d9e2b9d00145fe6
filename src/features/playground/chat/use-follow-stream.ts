import { useCallback, useEffect, useRef } from 'react';

/** Brings the sentinel (after the composer) to the bottom of the view: the last message above it. */
export function scrollToSentinel(sentinel: HTMLElement | null): void {
  // A block body on purpose: Chromium's scrollIntoView now returns a promise, and an effect that
  // returns anything but a cleanup function crashes React when it re-runs.
  sentinel?.scrollIntoView?.({ block: 'end' });
}

/**
 * Keeps the end of the conversation in view while a reply streams, as long as the reader is there;
 * scrolling up to read stops it, scrolling back down resumes it. The sentinel sits after the
 * composer, so the composer (sticky at the bottom) never covers the reply's last lines.
 *
 * "At the end" is an IntersectionObserver on the sentinel, never a read of
 * `scrollHeight` per token or a scroll listener: the browser reports it after its own layout, and
 * a scroll anchoring adjustment (a block above the view changing height) does not count as the
 * reader moving. The returned callback runs after each rendered update (ReplyMarkdown's
 * `onRendered`), once per frame, and scrolls with the layout that frame performs anyway.
 */
export function useFollowStream(sentinel: HTMLElement | null): () => void {
  const atEnd = useRef(true);
  useEffect(() => {
    if (!sentinel || typeof IntersectionObserver !== 'function') return;
    // A few lines of slack: a reader a little above the end still follows.
    const observer = new IntersectionObserver(
      (entries) => {
        const last = entries.at(-1);
        if (last) atEnd.current = last.isIntersecting;
      },
      { rootMargin: '0px 0px 64px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel]);
  return useCallback(() => {
    if (atEnd.current) scrollToSentinel(sentinel);
  }, [sentinel]);
}
