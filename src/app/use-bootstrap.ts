import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useConnectionStore } from '@/api/connection-store';
import { systemQueries } from '@/api/system';

/**
 * First open just works: GET /bootstrap (no key) may offer the local server's default key; it is
 * adopted only when no key is stored, and kept out of localStorage (connection-store).
 *
 * `ready` is false until that decision is made, so pages do not fire keyless requests that would
 * fail with 401 a moment before the key arrives. A deployment without /bootstrap answers 404 (null)
 * or not at all: either way `ready` turns true and the dashboard carries on.
 */
export function useBootstrap() {
  const baseUrl = useConnectionStore((s) => s.baseUrl);
  const apiKey = useConnectionStore((s) => s.apiKey);
  const bootstrapKeyReceived = useConnectionStore((s) => s.bootstrapKeyReceived);
  const query = useQuery({ ...systemQueries.bootstrap(baseUrl), retry: 1 });
  const offeredKey = query.data?.default_api_key;

  useEffect(() => {
    if (offeredKey && !apiKey) bootstrapKeyReceived(offeredKey);
  }, [offeredKey, apiKey, bootstrapKeyReceived]);

  const settled = query.isSuccess || query.isError;
  const ready = apiKey !== '' || (settled && !offeredKey);
  return { bootstrap: query.data ?? null, ready, query };
}
