import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useThrottledValue } from './use-throttled-value';

describe('useThrottledValue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('passes a change after a quiet spell on the next tick, a burst at most once per interval', () => {
    const { result, rerender } = renderHook(({ value }) => useThrottledValue(value, 1_000), {
      initialProps: { value: 'a' },
    });
    expect(result.current).toBe('a');
    rerender({ value: 'b' });
    act(() => vi.advanceTimersByTime(0));
    expect(result.current).toBe('b');
    // A burst of changes within the interval: none shown until it is up, then the latest.
    for (const value of ['c', 'd', 'e']) {
      rerender({ value });
      act(() => vi.advanceTimersByTime(100));
    }
    expect(result.current).toBe('b');
    act(() => vi.advanceTimersByTime(700));
    expect(result.current).toBe('e');
  });

  it('drops a change undone before it was shown', () => {
    const { result, rerender } = renderHook(({ value }) => useThrottledValue(value, 1_000), {
      initialProps: { value: 'a' },
    });
    rerender({ value: 'b' });
    act(() => vi.advanceTimersByTime(0));
    rerender({ value: 'c' });
    rerender({ value: 'b' });
    act(() => vi.advanceTimersByTime(2_000));
    expect(result.current).toBe('b');
  });
});
