import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppToaster } from '@/app/toaster';
import { requestToaster } from '@/lib/toaster-host';

// sonner's chunk fails to arrive, as when the browser is offline at the idle moment it is fetched.
vi.mock('sonner', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('AppToaster', () => {
  it('leaves the app on screen when its code cannot be fetched', async () => {
    // React reports the caught error; the point is that nothing else goes with it.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <>
        <h1>Library</h1>
        <AppToaster />
      </>,
    );
    await act(async () => {
      requestToaster();
      await Promise.resolve();
    });
    // Outside any error boundary, the failed chunk unmounted the whole root: a blank page.
    await vi.waitFor(() => expect(console.error).toHaveBeenCalled());
    expect(screen.getByRole('heading', { name: 'Library' })).toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
