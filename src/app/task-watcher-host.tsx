import { retryableImport } from '@/app/chunk-retry';
import { ShellPart } from '@/app/shell-part';
import { i18n } from '@/lib/i18n';

// One chunk for both (the tasks feature's watcher), with the strings its toasts use. Loaded again
// under a fresh URL after a failure (./chunk-retry.ts): the watcher comes without a reload.
const watcherChunk = retryableImport(() => import('@/features/tasks/task-watcher'));

async function loadWatcher() {
  const strings = i18n.loadNamespaces(['tasks']);
  const { TaskWatcher } = await watcherChunk();
  await strings;
  return TaskWatcher;
}

async function loadBadge() {
  const strings = i18n.loadNamespaces(['tasks']);
  const { RunningTasksBadge } = await watcherChunk();
  await strings;
  return RunningTasksBadge;
}

/** Polls the unfinished tasks and announces their ends, on whatever page is open (decision 180). */
export function TaskWatcher() {
  return <ShellPart load={loadWatcher} />;
}

export function RunningTasksBadge() {
  return <ShellPart load={loadBadge} />;
}
