import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseLibrarySearch, withLibrarySearch, type LibrarySearch } from './library-search';

/** The library state and a setter that writes it into the URL. */
export function useLibrarySearch(): [LibrarySearch, (patch: Partial<LibrarySearch>) => void] {
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => parseLibrarySearch(params), [params]);
  const update = useCallback(
    (patch: Partial<LibrarySearch>) => setParams((prev) => withLibrarySearch(prev, patch)),
    [setParams],
  );
  return [search, update];
}
