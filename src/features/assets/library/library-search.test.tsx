import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LIBRARY_DEFAULTS, parseLibrarySearch, withLibrarySearch } from './library-search';
import { useLibrarySearch } from './use-library-search';

describe('library search params', () => {
  it('reads every filter from the URL and falls back on nonsense', () => {
    const search = parseLibrarySearch(
      new URLSearchParams(
        'group_id=grp_a&type=video&status=ready&domain=media&page=3&page_size=50&view=table&paging=scroll',
      ),
    );
    expect(search).toEqual({
      group: 'grp_a',
      type: 'video',
      status: 'ready',
      domain: 'media',
      page: 3,
      pageSize: 50,
      view: 'table',
      paging: 'scroll',
    });
    expect(parseLibrarySearch(new URLSearchParams('type=gif&page=-2&page_size=7&view=list'))).toEqual(
      LIBRARY_DEFAULTS,
    );
  });

  it('writes short URLs, resets the page when a filter changes, and keeps foreign params', () => {
    const start = new URLSearchParams('group_id=grp_a&page=4&register=1');
    expect(withLibrarySearch(start, { type: 'image' }).toString()).toBe(
      'group_id=grp_a&register=1&type=image',
    );
    expect(withLibrarySearch(start, { page: 5 }).get('page')).toBe('5');
    expect(withLibrarySearch(start, { view: 'table' }).get('page')).toBe('4');
    expect(withLibrarySearch(start, { group: 'grp_default' }).has('group_id')).toBe(false);
  });

  it('the hook updates the URL, so reloading the URL restores the same view', () => {
    let location = '';
    function Spy({ children }: { children: ReactNode }) {
      const l = useLocation();
      location = `${l.pathname}${l.search}`;
      return children;
    }
    let result: { current: ReturnType<typeof useLibrarySearch> } | undefined;
    function Probe() {
      const value = useLibrarySearch();
      result = { current: value };
      return null;
    }
    const router = createMemoryRouter(
      [
        {
          path: '/assets/*',
          element: (
            <Spy>
              <Probe />
            </Spy>
          ),
        },
      ],
      { initialEntries: ['/assets?group_id=grp_a'] },
    );
    renderHook(() => null, { wrapper: () => <RouterProvider router={router} /> });
    expect(result!.current[0].group).toBe('grp_a');
    act(() => result!.current[1]({ status: 'failed', pageSize: 100 }));
    expect(location).toBe('/assets?group_id=grp_a&status=failed&page_size=100');
    expect(parseLibrarySearch(new URLSearchParams(location.split('?')[1]))).toMatchObject({
      group: 'grp_a',
      status: 'failed',
      pageSize: 100,
      page: 1,
    });
  });
});
