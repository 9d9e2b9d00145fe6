import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShellPart } from './shell-part';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function Watcher() {
  return <p>watching</p>;
}

describe('ShellPart (a part of the shell loaded after the first page)', () => {
  it('leaves the app on screen when its code cannot be fetched, and comes once the browser is back online', async () => {
    // React reports the caught error; the point is that nothing else goes with it.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<typeof Watcher>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Watcher);
    render(
      <>
        <h1>Library</h1>
        <ShellPart load={load} />
      </>,
    );
    // Outside any error boundary, the failed chunk unmounted the whole root: a blank page.
    await act(async () => {
      await Promise.resolve();
    });
    await vi.waitFor(() => expect(console.error).toHaveBeenCalled());
    expect(screen.getByRole('heading', { name: 'Library' })).toBeInTheDocument();
    expect(screen.queryByText('watching')).not.toBeInTheDocument();

    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('watching')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Library' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tries again every few seconds while online (the server, not the network, was down)', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<typeof Watcher>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Watcher);
    render(<ShellPart load={load} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByText('watching')).toBeInTheDocument();
  });

  it('mounted again once its code has arrived, renders at once, without its fallback', async () => {
    const load = vi.fn<() => Promise<typeof Watcher>>().mockResolvedValue(Watcher);
    const first = render(<ShellPart load={load} fallback={<p>loading</p>} />);
    expect(await screen.findByText('watching')).toBeInTheDocument();
    first.unmount();
    render(<ShellPart load={load} fallback={<p>loading</p>} />);
    expect(screen.getByText('watching')).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
