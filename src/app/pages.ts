import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { landingSegment } from '@/app/landing';
import { lazyWithPreload, type PreloadableComponent } from '@/components/ui/lazy-with-preload';
import { withNamespaces } from '@/lib/i18n';

/**
 * One lazy page per route: each page (and its translations) is its own chunk, so the entry chunk
 * holds only the shell. Loading the namespaces with the code means the page never suspends a
 * second time on its strings. `preload()` fetches both ahead of a click (see page-prefetch.ts).
 */
function lazyPage<M>(
  load: () => Promise<M>,
  pick: (mod: M) => ComponentType,
  namespaces: string[],
): PreloadableComponent<object> {
  return lazyWithPreload(() => withNamespaces(load, namespaces)().then(pick));
}

export interface PageRoute {
  /** Route path under the layout; `/*` lets a feature own its sub-routes (e.g. /assets/:assetId). */
  path: string;
  /** Key in the common namespace naming the page (document title). */
  titleKey: string;
  Component: PreloadableComponent<object>;
  /** The translation namespaces the page renders with (loaded with its code). */
  namespaces: string[];
  /** Where a hidden pre-render of the page goes (page-warmer.tsx), when the bare path only redirects. */
  warmPath?: string;
  /**
   * The first query the page shows, fetched on intent (hover or focus of its link) so that a first
   * visit finds it in the cache as a repeat visit does. Query options come from `src/api`, loaded
   * with the page's code, not the shell. On the first open, main.tsx calls it for the landing page
   * with the location's query string as soon as the key is known (decision 200).
   */
  prefetchData?: (queryClient: QueryClient, query?: string) => Promise<unknown>;
}

/** The group list as the groups page and the task forms' group picker first ask for it. */
const prefetchGroups = (pageSize?: number) => async (queryClient: QueryClient) => {
  const { groupQueries } = await import('@/api/groups');
  await queryClient.prefetchQuery(groupQueries.list(pageSize ? { page: 1, pageSize } : {}));
};

export const PAGE_ROUTES: PageRoute[] = [
  {
    path: 'assets/*',
    titleKey: 'nav.assets',
    Component: lazyPage(
      () => import('@/features/assets/assets-page'),
      (m) => m.AssetsPage,
      ['assets'],
    ),
    // With the shell (vite.config.ts preloads the library's chunks), so this costs no round trip.
    // The library renders no string of `groups` (it was listed since the pages shared code).
    namespaces: ['assets'],
    prefetchData: (queryClient, query) =>
      // From the page's own module: a dynamic import of the hook's file would split it into a chunk of its own.
      import('@/features/assets/assets-page').then((m) => m.prefetchLibrary(queryClient, query)),
  },
  {
    path: 'groups/*',
    titleKey: 'nav.groups',
    Component: lazyPage(
      () => import('@/features/groups/groups-page'),
      (m) => m.GroupsPage,
      ['groups', 'assets'],
    ),
    namespaces: ['groups', 'assets'],
    // The groups page's PAGE_SIZE.
    prefetchData: prefetchGroups(50),
  },
  {
    path: 'composer',
    titleKey: 'nav.composer',
    Component: lazyPage(
      () => import('@/features/composer/composer-page'),
      (m) => m.ComposerPage,
      ['composer', 'money'],
    ),
    namespaces: ['composer', 'money'],
  },
  {
    path: 'storyboard/*',
    titleKey: 'nav.storyboard',
    Component: lazyPage(
      () => import('@/features/storyboard/storyboard-page'),
      (m) => m.StoryboardPage,
      // The shots are composer drafts: its fields and issues speak in its strings.
      ['storyboard', 'composer'],
    ),
    namespaces: ['storyboard', 'composer'],
  },
  {
    path: 'templates',
    titleKey: 'nav.templates',
    Component: lazyPage(
      () => import('@/features/templates/templates-page'),
      (m) => m.TemplatesPage,
      ['templates'],
    ),
    namespaces: ['templates'],
  },
  {
    path: 'batches/*',
    titleKey: 'nav.batches',
    Component: lazyPage(
      () => import('@/features/batches/batches-page'),
      (m) => m.BatchesPage,
      // A row is checked by the composer's rules, and its issues speak in its strings.
      ['batches', 'composer', 'money'],
    ),
    namespaces: ['batches', 'composer', 'money'],
  },
  {
    path: 'create/*',
    titleKey: 'nav.create',
    Component: lazyPage(
      () => import('@/features/task-forms/task-forms-page'),
      (m) => m.TaskFormsPage,
      ['task-forms', 'money'],
    ),
    namespaces: ['task-forms', 'money'],
    warmPath: '/create/digital-human',
    prefetchData: prefetchGroups(),
  },
  {
    path: 'tasks/*',
    titleKey: 'nav.tasks',
    Component: lazyPage(
      () => import('@/features/tasks/tasks-page'),
      (m) => m.TasksPage,
      ['tasks'],
    ),
    namespaces: ['tasks'],
  },
  {
    path: 'gallery/*',
    titleKey: 'nav.gallery',
    Component: lazyPage(
      () => import('@/features/tasks/gallery/gallery-page'),
      (m) => m.GalleryPage,
      ['tasks'],
    ),
    namespaces: ['tasks'],
  },
  {
    path: 'usage',
    titleKey: 'nav.usage',
    Component: lazyPage(
      () => import('@/features/tasks/usage/usage-page'),
      (m) => m.UsagePage,
      ['tasks', 'money'],
    ),
    namespaces: ['tasks', 'money'],
  },
  {
    path: 'playground',
    titleKey: 'nav.playground',
    Component: lazyPage(
      () => import('@/features/playground/playground-page'),
      (m) => m.PlaygroundPage,
      ['playground'],
    ),
    namespaces: ['playground'],
  },
  {
    path: 'settings',
    titleKey: 'nav.settings',
    Component: lazyPage(
      () => import('@/features/settings/settings-page'),
      (m) => m.SettingsPage,
      ['settings', 'money'],
    ),
    namespaces: ['settings', 'money'],
  },
];

/** The title key of the page at a path: its first segment names the page; anything else is a 404. */
export function titleKeyForPath(pathname: string): string | undefined {
  const first = pathname.split('/')[1] ?? '';
  if (first === '') return undefined;
  return PAGE_ROUTES.find((p) => p.path.split('/')[0] === first)?.titleKey ?? 'notFound.title';
}

/** The page a path opens on: `/` redirects to the library (router.tsx). */
export function landingPage(pathname: string): PageRoute | undefined {
  return pageForPath(landingSegment(pathname));
}

/** The route whose first path segment is `to`'s (e.g. `/tasks/task_1` → the tasks page). */
export function pageForPath(to: string): PageRoute | undefined {
  const first = to.split('/').filter(Boolean)[0] ?? '';
  return PAGE_ROUTES.find((p) => p.path.split('/')[0] === first);
}
