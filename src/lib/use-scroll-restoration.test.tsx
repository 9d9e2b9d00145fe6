import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useScrollRestoration } from './use-scroll-restoration';

function Page() {
  useScrollRestoration();
  return null;
}

/** jsdom does not scroll: scrollTo records the position and the document is tall enough. */
function fakeWindowScroll() {
  let y = 0;
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => y });
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 10_000 });
  const scrollTo = vi.fn((_x: number, top: number) => {
    y = top;
  });
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  return {
    scrollTo,
    scrollBy: async (top: number) => {
      y = top;
      window.dispatchEvent(new Event('scroll'));
      await act(() => new Promise((r) => requestAnimationFrame(() => r(undefined))));
    },
    scrollToNow: (top: number) => {
      y = top;
      window.dispatchEvent(new Event('scroll'));
    },
  };
}

describe('useScrollRestoration', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('opens a new navigation at the top, and Back where that entry was left', async () => {
    const win = fakeWindowScroll();
    const router = createMemoryRouter([{ path: '*', element: <Page /> }], { initialEntries: ['/assets'] });
    const navigate = (to: string | number) =>
      typeof to === 'number' ? router.navigate(to) : router.navigate(to);
    render(<RouterProvider router={router} />);
    await win.scrollBy(1200);

    await act(() => navigate('/tasks'));
    expect(win.scrollTo).toHaveBeenLastCalledWith(0, 0);
    await win.scrollBy(300);

    await act(() => navigate(-1));
    expect(window.scrollY).toBe(1200);

    await act(() => navigate(1));
    expect(window.scrollY).toBe(300);

    await act(() => navigate('/composer'));
    expect(window.scrollY).toBe(0);
  });

  it('keeps the position of a scroll made in the frame the page is left in, to the fraction', async () => {
    const win = fakeWindowScroll();
    const router = createMemoryRouter([{ path: '*', element: <Page /> }], { initialEntries: ['/assets'] });
    render(<RouterProvider router={router} />);
    await win.scrollBy(1200.5);
    // The last wheel movement and the click on a link come in the same frame: no frame between.
    win.scrollToNow(1208.25);
    await act(() => router.navigate('/tasks'));
    expect(window.scrollY).toBe(0);

    await act(() => router.navigate(-1));
    expect(window.scrollY).toBe(1208.25);
  });
});
