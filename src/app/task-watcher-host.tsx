import { ShellPart } from '@/app/shell-part';
import { i18n } from '@/lib/i18n';

// One chunk for both (the tasks feature's watcher), with the strings its toasts use.
async function loadWatcherChunk() {
  const strings = i18n.loadNamespaces(['tasks']);
  const chunk = await import('@/features/tasks/task-watcher');
  await strings;
  return chunk;
}

const loadWatcher = () => loadWatcherChunk().then((m) => m.TaskWatcher);
const loadBadge = () => loadWatcherChunk().then((m) => m.RunningTasksBadge);

/** Polls the unfinished tasks and announces their ends, on whatever page is open (decision 180). */
export function TaskWatcher() {
  return <ShellPart load={loadWatcher} />;
}

export function RunningTasksBadge() {
  return <ShellPart load={loadBadge} />;
}
