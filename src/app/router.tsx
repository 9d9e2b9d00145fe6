import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AppLayout } from '@/app/app-layout';
import { NotFoundPage } from '@/app/not-found-page';
import { RouteError } from '@/app/route-error';
import { i18n } from '@/lib/i18n';

/** Route metadata read by the layout (document title). */
export interface RouteHandle {
  /** Key in the common namespace naming the page. */
  titleKey: string;
}

/**
 * One lazy route per page: each page (and its translations) is its own chunk, fetched on first
 * visit, so the entry chunk holds only the shell. Loading the namespace here, in parallel with the
 * code, means the page never suspends on its strings.
 */
function page<M>(load: () => Promise<M>, pick: (mod: M) => ComponentType, namespaces: string[]) {
  return async () => {
    const [mod] = await Promise.all([load(), i18n.loadNamespaces(namespaces)]);
    return { Component: pick(mod) };
  };
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteError />,
    // Shown only while the first page's chunk loads on a cold start.
    hydrateFallbackElement: <AppLayout.Fallback />,
    children: [
      { index: true, element: <Navigate to="/assets" replace /> },
      {
        // `/*`: the assets feature owns its sub-routes (e.g. /assets/:assetId) inside its page.
        path: 'assets/*',
        handle: { titleKey: 'nav.assets' } satisfies RouteHandle,
        lazy: page(
          () => import('@/features/assets/assets-page'),
          (m) => m.AssetsPage,
          ['assets', 'groups'],
        ),
      },
      {
        path: 'groups/*',
        handle: { titleKey: 'nav.groups' } satisfies RouteHandle,
        lazy: page(
          () => import('@/features/groups/groups-page'),
          (m) => m.GroupsPage,
          ['groups', 'assets'],
        ),
      },
      {
        path: 'composer',
        handle: { titleKey: 'nav.composer' } satisfies RouteHandle,
        lazy: page(
          () => import('@/features/composer/composer-page'),
          (m) => m.ComposerPage,
          ['composer'],
        ),
      },
      {
        path: 'tasks',
        handle: { titleKey: 'nav.tasks' } satisfies RouteHandle,
        lazy: page(
          () => import('@/features/tasks/tasks-page'),
          (m) => m.TasksPage,
          ['tasks'],
        ),
      },
      {
        path: 'playground',
        handle: { titleKey: 'nav.playground' } satisfies RouteHandle,
        lazy: page(
          () => import('@/features/playground/playground-page'),
          (m) => m.PlaygroundPage,
          ['playground'],
        ),
      },
      {
        path: 'settings',
        handle: { titleKey: 'nav.settings' } satisfies RouteHandle,
        lazy: page(
          () => import('@/features/settings/settings-page'),
          (m) => m.SettingsPage,
          ['settings'],
        ),
      },
      { path: '*', element: <NotFoundPage />, handle: { titleKey: 'notFound.title' } satisfies RouteHandle },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
