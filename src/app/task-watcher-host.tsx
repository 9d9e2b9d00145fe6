import { retryableImport } from '@/lib/chunk-retry';
import { ShellPart } from '@/app/shell-part';
import { withNamespaces } from '@/lib/i18n';

// One chunk for both (the tasks feature's watcher), with the strings its toasts use. Loaded again
// under a fresh URL after a failure (src/lib/chunk-retry.ts): the watcher comes without a reload.
const watcherChunk = withNamespaces(
  retryableImport(() => import('@/app/shell-watcher')),
  ['tasks'],
);
const loadWatcher = () => watcherChunk().then((m) => m.TaskWatcher);
const loadBadge = () => watcherChunk().then((m) => m.RunningTasksBadge);

/** Polls the unfinished tasks and announces their ends, on whatever page is open (decision 180). */
export function TaskWatcher() {
  return <ShellPart load={loadWatcher} />;
}

export function RunningTasksBadge() {
  return <ShellPart load={loadBadge} />;
}
