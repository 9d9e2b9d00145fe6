import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGuardedHistory, useNavigationBlocker } from '@/lib/navigation-guard';

/** jsdom's history.go is asynchronous like a browser's: wait for the popstate it dispatches. */
function popped(): Promise<void> {
  return new Promise((resolve) => window.addEventListener('popstate', () => resolve(), { once: true }));
}

describe('guarded history', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('passes navigations through while nothing blocks', () => {
    const history = createGuardedHistory();
    const listener = vi.fn();
    const stop = history.listen(listener);
    history.push('/tasks');
    expect(window.location.pathname).toBe('/tasks');
    expect(listener).toHaveBeenCalledWith(expect.objectContaining({ action: 'PUSH' }));
    stop();
  });

  it('holds a push until proceed, and drops it on reset', () => {
    const history = createGuardedHistory();
    history.push('/settings');
    const listener = vi.fn();
    const stop = history.listen(listener);
    const { result, unmount } = renderHook(() =>
      useNavigationBlocker(true, ({ current, next }) => current.pathname !== next.pathname),
    );

    act(() => history.push('/assets'));
    expect(window.location.pathname).toBe('/settings');
    expect(listener).not.toHaveBeenCalled();
    expect(result.current).toMatchObject({ state: 'blocked', location: { pathname: '/assets' } });

    act(() => (result.current.state === 'blocked' ? result.current.reset() : undefined));
    expect(result.current.state).toBe('unblocked');
    expect(window.location.pathname).toBe('/settings');

    // The filter lets a change of query string through.
    act(() => history.push('/settings?x=1'));
    expect(window.location.search).toBe('?x=1');

    act(() => history.push('/groups'));
    act(() => (result.current.state === 'blocked' ? result.current.proceed() : undefined));
    expect(window.location.pathname).toBe('/groups');
    expect(listener).toHaveBeenLastCalledWith(expect.objectContaining({ action: 'PUSH' }));
    unmount();
    stop();
  });

  it('undoes a Back while blocked and replays it on proceed', async () => {
    const history = createGuardedHistory();
    const listener = vi.fn();
    const stop = history.listen(listener);
    history.push('/assets');
    history.push('/settings');
    listener.mockClear();
    const { result, unmount } = renderHook(() => useNavigationBlocker(true));

    // Back: the browser moves, the guard moves it forward again before the router hears of it.
    const back = popped();
    await act(async () => {
      window.history.back();
      await back;
    });
    expect(result.current).toMatchObject({ state: 'blocked', location: { pathname: '/assets' } });
    await vi.waitFor(() => expect(window.location.pathname).toBe('/settings'));
    expect(listener).not.toHaveBeenCalled();

    const replay = popped();
    await act(async () => {
      if (result.current.state === 'blocked') result.current.proceed();
      await replay;
    });
    await vi.waitFor(() => expect(window.location.pathname).toBe('/assets'));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith(expect.objectContaining({ action: 'POP', delta: -1 }));
    unmount();
    stop();
  });

  it('replays a Back left before its undo has landed only once it has (Chromium drops the earlier go)', async () => {
    const history = createGuardedHistory();
    const listener = vi.fn();
    const stop = history.listen(listener);
    history.push('/assets');
    history.push('/settings');
    listener.mockClear();
    const { result, unmount } = renderHook(() => useNavigationBlocker(true));
    const go = vi.spyOn(window.history, 'go');
    const wentFrom: string[] = [];
    go.mockImplementation(function (this: History, delta?: number) {
      wentFrom.push(window.location.pathname);
      return History.prototype.go.call(this, delta);
    });

    // Back, and "leave" at once: the undo (forward to Settings) is still on its way.
    const back = popped();
    await act(async () => {
      window.history.back();
      await back;
      if (result.current.state === 'blocked') result.current.proceed();
    });
    expect(wentFrom).toEqual(['/assets']);
    await vi.waitFor(() => expect(listener).toHaveBeenCalledTimes(1));
    // The replay started from Settings, after the undo: a go made while the undo was in flight
    // (from /assets) is the one Chromium drops.
    expect(wentFrom).toEqual(['/assets', '/settings']);
    expect(window.location.pathname).toBe('/assets');
    expect(listener).toHaveBeenCalledWith(expect.objectContaining({ action: 'POP', delta: -1 }));
    go.mockRestore();
    unmount();
    stop();
  });

  it('unblocks when the blocker goes away', () => {
    const history = createGuardedHistory();
    history.push('/settings');
    const { result, rerender } = renderHook(({ active }) => useNavigationBlocker(active), {
      initialProps: { active: true },
    });
    act(() => history.push('/assets'));
    expect(result.current.state).toBe('blocked');
    rerender({ active: false });
    expect(result.current.state).toBe('unblocked');
    act(() => history.push('/assets'));
    expect(window.location.pathname).toBe('/assets');
  });
});
