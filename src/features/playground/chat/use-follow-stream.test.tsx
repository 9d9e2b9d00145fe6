import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFollowStream } from '@/features/playground/chat/use-follow-stream';

/** An IntersectionObserver the test drives: `report(true)` says the sentinel came into view. */
function stubObserver() {
  let callback: IntersectionObserverCallback | undefined;
  const observed: Element[] = [];
  class Stub {
    constructor(cb: IntersectionObserverCallback) {
      callback = cb;
    }
    observe(el: Element) {
      observed.push(el);
    }
    disconnect() {
      observed.length = 0;
    }
  }
  vi.stubGlobal('IntersectionObserver', Stub);
  const report = (isIntersecting: boolean) =>
    callback?.([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
  return { report, observed };
}

afterEach(() => vi.unstubAllGlobals());

describe('useFollowStream', () => {
  it('scrolls the sentinel into view after each update while the reader is at the end', () => {
    const { report, observed } = stubObserver();
    const sentinel = document.createElement('div');
    const scroll = vi.fn();
    sentinel.scrollIntoView = scroll;
    const { result, unmount } = renderHook(() => useFollowStream(sentinel));
    expect(observed).toEqual([sentinel]);

    result.current();
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(scroll).toHaveBeenLastCalledWith({ block: 'end' });

    // The reader scrolled up to read: updates no longer move the page.
    report(false);
    result.current();
    result.current();
    expect(scroll).toHaveBeenCalledTimes(1);

    // Back at the end: following again.
    report(true);
    result.current();
    expect(scroll).toHaveBeenCalledTimes(2);

    unmount();
    expect(observed).toEqual([]);
  });

  it('does nothing before the sentinel is mounted', () => {
    stubObserver();
    const { result } = renderHook(() => useFollowStream(null));
    expect(() => result.current()).not.toThrow();
  });
});
