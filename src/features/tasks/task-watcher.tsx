import { isActiveStatus, normalizeTaskStatus } from '@contract/task';
import { useLocation } from 'react-router';
import { useConnectionStore } from '@/api/connection-store';
import type { TrackedTask } from '@/api/task-registry';
import { useTranslation } from '@/lib/i18n';
import { useOpenTasks } from '@/api/task-registry-context';
import { useNotificationPermission } from './task-notify';
import { FinishedAnnouncer, TaskPoller } from './task-poller';

/** The task open at /tasks/<id>: its detail has its own observer, so the watcher leaves it out. */
export function openTaskId(pathname: string): string | undefined {
  const m = /^\/tasks\/([^/?#]+)/.exec(pathname);
  if (!m) return undefined;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return m[1];
  }
}

/**
 * Mounted by the shell on every page (decision 180): the unfinished tasks keep being polled on the
 * adaptive policy wherever the person is, and a toast says when one ends. A hidden tab polls only
 * when browser notifications are on, so that the notification can arrive.
 */
export function TaskWatcher() {
  const { pathname } = useLocation();
  const permission = useNotificationPermission();
  return (
    <>
      <TaskPoller excludeId={openTaskId(pathname)} inBackground={permission === 'granted'} />
      <FinishedAnnouncer />
    </>
  );
}

/** Tasks of this connection last seen waiting or running (what the navigation counts). */
export function countRunning(tasks: readonly TrackedTask[], baseUrl: string): number {
  let n = 0;
  for (const task of tasks) {
    if (task.baseUrl !== undefined && task.baseUrl !== baseUrl) continue;
    if (task.last?.notFound || task.last?.status === undefined) continue;
    if (isActiveStatus(normalizeTaskStatus(task.last.status))) n += 1;
  }
  return n;
}

/** The number beside "Tasks" in the navigation; nothing when no task runs. */
export function RunningTasksBadge() {
  const { t } = useTranslation();
  // Finished tasks never count: only the open ones are read, and only when one of them changes.
  const tasks = useOpenTasks();
  const baseUrl = useConnectionStore((s) => s.baseUrl);
  const running = countRunning(tasks, baseUrl);
  if (running === 0) return null;
  return (
    <span className="ml-auto rounded-full bg-primary px-1.5 text-xs font-semibold tabular-nums text-primary-foreground">
      <span aria-hidden="true">{running}</span>
      <span className="sr-only">{t('nav.running', { count: running })}</span>
    </span>
  );
}
