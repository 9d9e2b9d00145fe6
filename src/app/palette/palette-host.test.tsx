import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
});
