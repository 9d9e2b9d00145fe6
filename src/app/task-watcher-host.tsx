import { lazy, Suspense } from 'react';
import { i18n } from '@/lib/i18n';

// One chunk for both (the tasks feature's watcher), with the strings its toasts use.
const LazyWatcher = lazy(async () => {
  const strings = i18n.loadNamespaces(['tasks']);
  const { TaskWatcher } = await import('@/features/tasks/task-watcher');
  await strings;
  return { default: TaskWatcher };
});
const LazyBadge = lazy(async () => {
  const strings = i18n.loadNamespaces(['tasks']);
  const { RunningTasksBadge } = await import('@/features/tasks/task-watcher');
  await strings;
  return { default: RunningTasksBadge };
});

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
