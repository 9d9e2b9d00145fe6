import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import {
  createMemoryRouter,
  Route,
  RouterProvider,
  Routes,
  UNSAFE_createMemoryHistory as createMemoryHistory,
  unstable_HistoryRouter as HistoryRouter,
  useLocation,
} from 'react-router';
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

  describe('a change written while an earlier navigation is still rendering', () => {
    // The app's router (HistoryRouter) renders each navigation in a transition; inside one act()
    // none of them commits until the act ends, so each step below runs against a stale render,
    // as a second click does on a busy machine before the first click's page has rendered.
    function renderLibrary(initial: string) {
      const history = createMemoryHistory({ initialEntries: [initial], v5Compat: true });
      const hook: { current?: ReturnType<typeof useLibrarySearch> } = {};
      function Probe() {
        hook.current = useLibrarySearch();
        return null;
      }
      renderHook(() => null, {
        wrapper: () => (
          <HistoryRouter history={history}>
            <Routes>
              <Route path="/assets/*" element={<Probe />} />
            </Routes>
          </HistoryRouter>
        ),
      });
      // Path and params, order aside: what the list and the sheet are read from.
      const url = () => {
        const params = [...new URLSearchParams(history.location.search)].sort(([a], [b]) =>
          a.localeCompare(b),
        );
        return `${history.location.pathname}?${new URLSearchParams(params)}`;
      };
      return {
        history,
        update: (patch: Parameters<ReturnType<typeof useLibrarySearch>[1]>[0]) => hook.current![1](patch),
        url,
        search: () => hook.current![0],
      };
    }

    it('keeps page_size chosen just before a click on Next', () => {
      const library = renderLibrary('/assets');
      act(() => {
        library.update({ pageSize: 100 });
        library.update({ page: 2 });
      });
      expect(library.url()).toBe('/assets?page=2&page_size=100');
      expect(library.search()).toMatchObject({ page: 2, pageSize: 100 });
    });

    it('a click on Next just after the detail sheet closed stays on the list', () => {
      const library = renderLibrary('/assets/asset_1?page_size=100');
      act(() => {
        library.history.push('/assets?page_size=100');
        library.update({ page: 2 });
      });
      expect(library.url()).toBe('/assets?page=2&page_size=100');
    });
  });
});
