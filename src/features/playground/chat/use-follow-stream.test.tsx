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

function setup() {
  const observer = stubObserver();
  const sentinel = document.createElement('div');
  const scroll = vi.fn();
  sentinel.scrollIntoView = scroll;
  const hook = renderHook(() => useFollowStream(sentinel));
  observer.report(true);
  return { ...observer, ...hook, sentinel, scroll };
}

const wheel = (deltaY: number) => window.dispatchEvent(new WheelEvent('wheel', { deltaY }));

afterEach(() => vi.unstubAllGlobals());

describe('useFollowStream', () => {
  it('scrolls the sentinel into view after each update while the reader is at the end', () => {
    const { report, observed, sentinel, scroll, result, unmount } = setup();
    expect(observed).toEqual([sentinel]);

    result.current.onRendered();
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(scroll).toHaveBeenLastCalledWith({ block: 'end' });

    // The end left the view (the reader dragged the scroll bar up): updates no longer move the page.
    report(false);
    result.current.onRendered();
    result.current.onRendered();
    expect(scroll).toHaveBeenCalledTimes(1);

    // Back at the end: following again.
    report(true);
    result.current.onRendered();
    expect(scroll).toHaveBeenCalledTimes(2);

    unmount();
    expect(observed).toEqual([]);
  });

  it('stops at the first wheel turn upwards, before the end has left the view', () => {
    const { report, scroll, result } = setup();
    wheel(-100);
    result.current.onRendered();
    expect(scroll).not.toHaveBeenCalled();
    // Scrolling down again while the end is still in view resumes at once.
    wheel(100);
    result.current.onRendered();
    expect(scroll).toHaveBeenCalledTimes(1);
    // Having left the end, returning to it resumes.
    wheel(-100);
    report(false);
    report(true);
    result.current.onRendered();
    expect(scroll).toHaveBeenCalledTimes(2);
  });

  it('takes keys that scroll up as reading up, but not keys typed into the composer', () => {
    const { scroll, result } = setup();
    const box = document.body.appendChild(document.createElement('textarea'));
    box.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', bubbles: true }));
    result.current.onRendered();
    expect(scroll).toHaveBeenCalledTimes(1);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'PageUp', bubbles: true }));
    result.current.onRendered();
    expect(scroll).toHaveBeenCalledTimes(1);
    box.remove();
  });

  it('jumps to the end and follows again when a message is sent', () => {
    const { scroll, result } = setup();
    wheel(-100);
    result.current.jumpToEnd();
    result.current.onRendered();
    expect(scroll).toHaveBeenCalledTimes(2);
  });

  it('does nothing before the sentinel is mounted', () => {
    stubObserver();
    const { result } = renderHook(() => useFollowStream(null));
    expect(() => result.current.onRendered()).not.toThrow();
  });
});
