import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router';
import { useConnectionStore } from '@/api/connection-store';
import { PageWarmerHost } from '@/app/page-warmer-host';
import { createQueryClient } from '@/app/query-client';
import { AppRoutes } from '@/app/router';
import { AppToaster } from '@/app/toaster';
import { createGuardedHistory } from '@/lib/navigation-guard';

// The browser history, with the blocking that lets Settings hold a navigation (decision 100).
const history = createGuardedHistory();

/**
 * Switching deployments or keys resets every cached query (except GET /bootstrap, which is keyed by
 * base URL and needs no key): no page ever shows the previous server's or key's data, and feature
 * query keys need not carry the connection. Active queries refetch at once with the new settings.
 */
function useResetCacheOnConnectionChange(queryClient: ReturnType<typeof createQueryClient>) {
  useEffect(
    () =>
      useConnectionStore.subscribe((state, prev) => {
        if (
          state.baseUrl === prev.baseUrl &&
          state.apiKey === prev.apiKey &&
          state.imagePrefix === prev.imagePrefix
        )
          return;
        void queryClient.cancelQueries();
        void queryClient.resetQueries({
          predicate: (query) => !(query.queryKey[0] === 'system' && query.queryKey[1] === 'bootstrap'),
        });
      }),
    [queryClient],
  );
}

/** `queryClient`: one main.tsx made to start the first requests before rendering. */
export function App({ queryClient: given }: { queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  useResetCacheOnConnectionChange(queryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <HistoryRouter history={history}>
        <AppRoutes />
        {/* Beside the routes, not in the layout: hidden pre-renders of other pages (page-prefetch.ts). */}
        <PageWarmerHost />
      </HistoryRouter>
      <AppToaster />
    </QueryClientProvider>
  );
}
