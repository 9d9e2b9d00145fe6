import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { PaletteHost } from './palette-host';
import { usePaletteStore } from './palette-store';

// The palette's chunk fails to arrive, as when it is first opened while the browser is offline.
vi.mock('./command-palette', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

afterEach(() => {
  vi.restoreAllMocks();
  usePaletteStore.getState().closed();
});

describe('PaletteHost', () => {
  it('leaves the app on screen when the palette is opened and its code cannot be fetched', async () => {
    // React reports the caught error; the point is that nothing else goes with it.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <>
        <h1>Library</h1>
        <PaletteHost />
      </>,
    );
    await act(async () => {
      usePaletteStore.getState().opened('palette');
      await Promise.resolve();
    });
    // In the header, outside the page's error boundary, the failed chunk unmounted the whole root.
    await vi.waitFor(() => expect(console.error).toHaveBeenCalled());
    expect(screen.getByRole('heading', { name: 'Library' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Search/ })).toBeInTheDocument();
  });

  it('shows the shortcuts list once its strings have come with its code, never as keys', async () => {
    let finish!: () => void;
    const strings = vi
      .spyOn(i18n, 'loadNamespaces')
      .mockReturnValue(new Promise<void>((resolve) => (finish = () => resolve())));
    render(<PaletteHost />);
    act(() => usePaletteStore.getState().opened('shortcuts'));
    await vi.waitFor(() => expect(strings).toHaveBeenCalledWith(['palette']));
    // Its code may be here by now; it still waits for its strings (the `palette` namespace).
    await import('./shortcuts-dialog');
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(async () => finish());
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Show this list' })).toBeInTheDocument();
  });
});
