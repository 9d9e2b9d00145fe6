import { useCallback, useContext, useMemo } from 'react';
import {
  UNSAFE_NavigationContext,
  useLocation,
  useNavigate,
  useSearchParams,
  type Location,
} from 'react-router';
import { parseLibrarySearch, withLibrarySearch, type LibrarySearch } from './library-search';

type Where = Pick<Location, 'pathname' | 'search'>;

/**
 * Where the history is now. The router renders a navigation in a transition, so between a push and
 * its commit the rendered location is behind: a change written from it would be written over what
 * was pushed meanwhile (a page size chosen, a sheet closed), and lose it. The app's history and the
 * tests' memory history say where they are; a data router's navigator does not, and there the
 * rendered location is all there is.
 */
function currentLocation(navigator: object, rendered: Where): Where {
  const now = (navigator as { location?: unknown }).location;
  return now && typeof now === 'object' && 'pathname' in now && 'search' in now ? (now as Where) : rendered;
}

/** The library state and a setter that writes it into the URL. */
export function useLibrarySearch(): [LibrarySearch, (patch: Partial<LibrarySearch>) => void] {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const search = useMemo(() => parseLibrarySearch(params), [params]);
  const update = useCallback(
    (patch: Partial<LibrarySearch>) => {
      const now = currentLocation(navigator, location);
      const next = withLibrarySearch(new URLSearchParams(now.search), patch).toString();
      void navigate({ pathname: now.pathname, search: next ? `?${next}` : '' });
    },
    [navigator, location, navigate],
  );
  return [search, update];
}
