import { lazy, Suspense } from 'react';
import { i18n } from '@/lib/i18n';

// One chunk for both (the tasks feature's watcher), with the strings its toasts use.
const load = () =>
  Promise.all([import('@/features/tasks/task-watcher'), i18n.loadNamespaces(['tasks'])]).then(([m]) => m);
const LazyWatcher = lazy(() => load().then((m) => ({ default: m.TaskWatcher })));
const LazyBadge = lazy(() => load().then((m) => ({ default: m.RunningTasksBadge })));

/** Polls the unfinished tasks and announces their ends, on whatever page is open (decision 180). */
export function TaskWatcher() {
  return (
    <Suspense fallback={null}>
      <LazyWatcher />
    </Suspense>
  );
}

export function RunningTasksBadge() {
  return (
    <Suspense fallback={null}>
      <LazyBadge />
    </Suspense>
  );
}
