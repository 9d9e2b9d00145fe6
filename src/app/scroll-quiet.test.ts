import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_QUIET_MS, watchScrolling, whenScrollQuiet } from './scroll-quiet';

describe('work that waits for a scroll to settle (the page warmer)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at once with no scroll, and only SCROLL_QUIET_MS after the last scroll of any box', () => {
    const stop = watchScrolling();
    const run = vi.fn();
    whenScrollQuiet(run);
    expect(run).toHaveBeenCalledTimes(1);

    const box = document.createElement('div');
    document.body.append(box);
    // A box of its own scrolling (scroll events do not bubble): the capturing listener sees it.
    box.dispatchEvent(new Event('scroll'));
    whenScrollQuiet(run);
    vi.advanceTimersByTime(SCROLL_QUIET_MS - 50);
    box.dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(SCROLL_QUIET_MS - 50);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60);
    expect(run).toHaveBeenCalledTimes(2);
    // Not listening (no warm pending): a scroll then holds nothing up.
    stop();
    box.dispatchEvent(new Event('scroll'));
    whenScrollQuiet(run);
    expect(run).toHaveBeenCalledTimes(3);
    box.remove();
  });
});
