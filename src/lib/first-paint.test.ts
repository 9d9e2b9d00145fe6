import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, prefetchAllowance } from '@/lib/first-paint';

describe('prefetchAllowance', () => {
  it('fetches nothing ahead on Save-Data or a 2g link, the next page on 3g, all pages otherwise', () => {
    expect(prefetchAllowance({ saveData: true, effectiveType: '4g' })).toBe('none');
    expect(prefetchAllowance({ effectiveType: 'slow-2g' })).toBe('none');
    expect(prefetchAllowance({ effectiveType: '2g' })).toBe('none');
    expect(prefetchAllowance({ effectiveType: '3g' })).toBe('next');
    expect(prefetchAllowance({ effectiveType: '4g', saveData: false })).toBe('all');
    // A browser without the Network Information API.
    expect(prefetchAllowance(undefined)).toBe('all');
  });
});

describe('afterFirstPaint', () => {
  it('resolves once the page has loaded where the browser reports no largest paint', async () => {
    // jsdom has no largest-contentful-paint entries; the document is complete.
    expect(document.readyState).toBe('complete');
    await expect(afterFirstPaint()).resolves.toBeUndefined();
  });
});

describe('whenFirstPageIdle', () => {
  it('runs only once the first page has settled, in an idle period, unless cancelled', async () => {
    vi.resetModules();
    const { markFirstPageSettled, whenFirstPageIdle } = await import('@/lib/first-paint');
    const run = vi.fn();
    const cancelled = vi.fn();
    whenFirstPageIdle(run);
    whenFirstPageIdle(cancelled)();
    vi.useFakeTimers();
    try {
      // Every timer run out (jsdom has no requestIdleCallback: the fallback is a timer): nothing
      // may run before the page has settled.
      await vi.runAllTimersAsync();
      expect(run).not.toHaveBeenCalled();
      markFirstPageSettled();
      await vi.runAllTimersAsync();
      expect(run).toHaveBeenCalledTimes(1);
      expect(cancelled).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('afterRenderOnScreen', () => {
  type Callback = (list: { getEntries: () => Array<{ startTime: number; element: Element | null }> }) => void;
  let observers: Callback[] = [];
  /** A largest paint reported to every observer, as Chromium does once its frame is presented. */
  const report = (startTime: number, element: Element | null) => {
    for (const callback of [...observers]) callback({ getEntries: () => [{ startTime, element }] });
  };

  async function load() {
    vi.resetModules();
    observers = [];
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        static supportedEntryTypes = ['largest-contentful-paint'];
        constructor(private readonly callback: Callback) {}
        observe() {
          observers.push(this.callback);
        }
        disconnect() {
          observers = observers.filter((c) => c !== this.callback);
        }
      },
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    return import('@/lib/first-paint');
  }
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.body.replaceChildren();
  });

  it('on the first open, waits for a largest paint presented after the call, of an element still shown', async () => {
    const { afterRenderOnScreen } = await load();
    const onScreen = vi.fn();
    void afterRenderOnScreen().then(onScreen);
    // Frames come and go: their presentation (the LCP's time) is what counts, and is reported.
    await vi.advanceTimersByTimeAsync(100);
    // A paint presented before the call, or of what the render removed (the loading text), is not it.
    report(performance.now() - 50, document.body.appendChild(document.createElement('p')));
    report(performance.now() + 10, null);
    await vi.advanceTimersByTimeAsync(0);
    expect(onScreen).not.toHaveBeenCalled();
    report(performance.now() + 10, document.body.appendChild(document.createElement('div')));
    await vi.advanceTimersByTimeAsync(0);
    expect(onScreen).toHaveBeenCalledTimes(1);
    expect(observers).toHaveLength(0);
  });

  it('goes ahead after a while when the render paints nothing larger', async () => {
    const { afterRenderOnScreen } = await load();
    const onScreen = vi.fn();
    void afterRenderOnScreen().then(onScreen);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(onScreen).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onScreen).toHaveBeenCalledTimes(1);
    expect(observers).toHaveLength(0);
  });

  it('once the first page has settled (navigations report no largest paint), at once', async () => {
    const { afterRenderOnScreen, markFirstPageSettled } = await load();
    markFirstPageSettled();
    const onScreen = vi.fn();
    void afterRenderOnScreen().then(onScreen);
    await vi.advanceTimersByTimeAsync(0);
    expect(onScreen).toHaveBeenCalledTimes(1);
    expect(observers).toHaveLength(0);
  });
});
