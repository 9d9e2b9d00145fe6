import { act, renderHook } from '@testing-library/react';
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

/**
 * The conversation's scroll area, with its moves to the end counted: only it may move (the window
 * never does), and `scrollTop` is set to its full height to bring the end into view.
 */
function setup() {
  const observer = stubObserver();
  const scroller = document.body.appendChild(document.createElement('div'));
  const content = scroller.appendChild(document.createElement('div'));
  const sentinel = scroller.appendChild(document.createElement('div'));
  Object.defineProperty(scroller, 'scrollHeight', { value: 5000 });
  const scroll = vi.fn();
  Object.defineProperty(scroller, 'scrollTop', { set: scroll, get: () => 0 });
  const windowScroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  const hook = renderHook(() => useFollowStream(scroller, content, sentinel));
  observer.report(true);
  return { ...observer, ...hook, scroller, sentinel, scroll, windowScroll };
}

const wheel = (deltaY: number, target?: Element) =>
  (target ?? document.body.firstElementChild!).dispatchEvent(
    new WheelEvent('wheel', { deltaY, bubbles: true }),
  );

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('useFollowStream', () => {
  it('scrolls the sentinel into view after each update while the reader is at the end', () => {
    const { report, observed, sentinel, scroll, windowScroll, result, unmount } = setup();
    expect(observed).toEqual([sentinel]);
    expect(result.current.awayFromEnd).toBe(false);

    result.current.onRendered();
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(scroll).toHaveBeenLastCalledWith(5000);
    expect(windowScroll).not.toHaveBeenCalled();

    // The end left the view (the reader dragged the scroll bar up): updates no longer move it, and
    // "Jump to latest" is offered.
    act(() => report(false));
    expect(result.current.awayFromEnd).toBe(true);
    result.current.onRendered();
    result.current.onRendered();
    expect(scroll).toHaveBeenCalledTimes(1);

    // Back at the end: following again.
    act(() => report(true));
    expect(result.current.awayFromEnd).toBe(false);
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
    act(() => report(false));
    act(() => report(true));
    result.current.onRendered();
    expect(scroll).toHaveBeenCalledTimes(2);
  });

  it('takes keys that scroll up in the conversation as reading up, but not keys typed in a box', () => {
    const { scroll, result, scroller } = setup();
    const box = scroller.appendChild(document.createElement('textarea'));
    box.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', bubbles: true }));
    result.current.onRendered();
    expect(scroll).toHaveBeenCalledTimes(1);
    scroller.dispatchEvent(new KeyboardEvent('keydown', { key: 'PageUp', bubbles: true }));
    result.current.onRendered();
    expect(scroll).toHaveBeenCalledTimes(1);
    box.remove();
  });

  it('ignores a wheel turned over another part of the page (the settings)', () => {
    const { scroll, result } = setup();
    const settings = document.body.appendChild(document.createElement('aside'));
    wheel(-100, settings);
    result.current.onRendered();
    expect(scroll).toHaveBeenCalledTimes(1);
    settings.remove();
  });

  it('jumps to the end and follows again when a message is sent', () => {
    const { scroll, result } = setup();
    wheel(-100);
    result.current.jumpToEnd();
    result.current.onRendered();
    expect(scroll).toHaveBeenCalledTimes(2);
  });

  it('does nothing before the conversation area is mounted', () => {
    stubObserver();
    const { result } = renderHook(() => useFollowStream(null, null, null));
    expect(() => result.current.onRendered()).not.toThrow();
  });
});
