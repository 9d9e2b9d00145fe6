import { ShellPart } from '@/app/shell-part';
import { i18n } from '@/lib/i18n';

// One chunk for both (the tasks feature's watcher), with the strings its toasts use. Imported by
// name, so that knip sees both exports used.
async function loadWatcher() {
  const strings = i18n.loadNamespaces(['tasks']);
  const { TaskWatcher } = await import('@/features/tasks/task-watcher');
  await strings;
  return TaskWatcher;
}

async function loadBadge() {
  const strings = i18n.loadNamespaces(['tasks']);
  const { RunningTasksBadge } = await import('@/features/tasks/task-watcher');
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
