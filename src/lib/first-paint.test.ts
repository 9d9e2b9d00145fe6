import { describe, expect, it, vi } from 'vitest';
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
