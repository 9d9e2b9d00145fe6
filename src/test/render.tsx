import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { TaskRegistry } from '@/api/task-registry';
import { TaskRegistryProvider } from '@/api/task-registry-context';
import { memoryBackend } from '@/api/task-registry-storage';

/*
 * The providers every component test needs: a fresh React Query client, a fresh task registry in
 * memory (never the browser's stored one) and, for pages, a memory router. The strings need no
 * provider (src/lib/i18n; setup.ts loads them all in English). Fetch is stubbed per test with
 * `mockFetch` from ./fetch-mock.
 */

/** A client that fails at once: a test asserts the error state, not three retries with backoff. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** A registry that keeps its tasks in memory, as a test's own (one per test). */
export function createTestRegistry(): TaskRegistry {
  return new TaskRegistry(memoryBackend());
}

function Providers({
  client,
  registry,
  children,
}: {
  client: QueryClient;
  registry: TaskRegistry;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={client}>
      <TaskRegistryProvider registry={registry}>{children}</TaskRegistryProvider>
    </QueryClientProvider>
  );
}

export interface RenderOptions {
  /** The app's own client (with its retry policy) when the test is about that policy. */
  client?: QueryClient;
  /** The registry the components use, when the test tracks tasks before rendering or reads it after. */
  registry?: TaskRegistry;
}

/** A component that needs no router (a dialog, a form). */
export function renderWithProviders(
  ui: ReactElement,
  { client = createTestQueryClient(), registry = createTestRegistry() }: RenderOptions = {},
): RenderResult & { client: QueryClient; registry: TaskRegistry } {
  const result = render(
    <Providers client={client} registry={registry}>
      {ui}
    </Providers>,
  );
  return { ...result, client, registry };
}

export interface RenderRouteOptions extends RenderOptions {
  /** The URL the router starts at, e.g. "/tasks/task_1?q=fox". */
  at: string;
}

/**
 * Pages at a URL. `routes` maps paths to elements, e.g. `{ '/tasks/*': <TasksPage /> }`, or is a
 * list of route objects. Returns the router so a test can read `router.state.location` or navigate.
 */
export function renderRoutes(
  routes: Record<string, ReactElement> | RouteObject[],
  { at, client = createTestQueryClient(), registry = createTestRegistry() }: RenderRouteOptions,
) {
  const objects = Array.isArray(routes)
    ? routes
    : Object.entries(routes).map(([path, element]) => ({ path, element }));
  const router = createMemoryRouter(objects, { initialEntries: [at] });
  const result = render(
    <Providers client={client} registry={registry}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router, client, registry };
}
