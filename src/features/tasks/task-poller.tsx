import { useQueries } from '@tanstack/react-query';
import { memo, useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { isTerminalStatus, normalizeTaskStatus } from '@contract/task';
import { useConnectionStore } from '@/api/connection-store';
import { useThrottledValue } from '@/lib/use-throttled-value';
import type { TrackedTask } from '@/api/task-registry';
import { useOpenTasks, useTaskRegistry } from '@/api/task-registry-context';
import { onTaskFinished, taskQueryOptions } from '@/api/tasks';
import { FinishedGrouper, groupHref, throttledAnnouncer } from './finished-group';
import { announceFinished, trackedTaskName } from './task-notify';

/**
 * The newest unfinished tasks polled at once. A cap keeps a registry full of imported ids from
 * firing thousands of requests; beyond it a task is polled when opened (decision 046).
 */
export const MAX_POLLED_TASKS = 250;
export const POLL_SET_EVERY_MS = 1_000;

/** A task of another connection would be a 404 here (another key's task): it waits for its own. */
function belongsTo(task: TrackedTask, baseUrl: string): boolean {
  return task.baseUrl === undefined || task.baseUrl === baseUrl;
}

export function tasksToPoll(tasks: readonly TrackedTask[], baseUrl: string, excludeId?: string): string[] {
  const ids: string[] = [];
  for (const task of tasks) {
    if (ids.length >= MAX_POLLED_TASKS) break;
    if (task.id === excludeId || !belongsTo(task, baseUrl) || task.last?.notFound) continue;
    if (task.last?.status !== undefined && isTerminalStatus(normalizeTaskStatus(task.last.status))) continue;
    ids.push(task.id);
  }
  return ids;
}

/**
 * Renders nothing: keeps one query observer per unfinished task, each on the adaptive policy of
 * taskQueryOptions. The task open in the detail has its own observer there (one timer per task).
 */
export function TaskPoller({ excludeId, inBackground }: { excludeId?: string; inBackground?: boolean }) {
  // Only the open tasks: a write to one of thousands of finished ones does not render the poller.
  const tasks = useOpenTasks();
  const baseUrl = useConnectionStore((s) => s.baseUrl);
  // At most one new set a second: tasks ending in bulk changed it with every ending.
  const key = useThrottledValue(tasksToPoll(tasks, baseUrl, excludeId).join('\n'), POLL_SET_EVERY_MS);
  return <PolledTasks ids={key} inBackground={inBackground} />;
}

/**
 * The observers, apart from the open tasks: useQueries, at each render, checks all 250 observers
 * and re-sets them (its options object is new each time), so it renders only when the set changes,
 * not at every ending or progress update of an open task (decision 630).
 */
const PolledTasks = memo(function PolledTasks({
  ids,
  inBackground,
}: {
  ids: string;
  inBackground?: boolean;
}) {
  const registry = useTaskRegistry();
  const queries = useMemo(
    () => (ids ? ids.split('\n').map((id) => taskQueryOptions(id, registry, { inBackground })) : []),
    [ids, inBackground, registry],
  );
  // `combine` returning a constant: the poller never re-renders on a poll result.
  useQueries({ queries, combine: () => null });
  return null;
});

/**
 * Toasts (and browser notifications, if allowed) for tasks that finish while the page is open, one
 * per burst: several tasks ending together, or while the tab was hidden, are one toast.
 */
export function FinishedAnnouncer() {
  const navigate = useNavigate();
  const registry = useTaskRegistry();
  useEffect(() => {
    const grouper = new FinishedGrouper();
    const announcer = throttledAnnouncer((group) =>
      announceFinished(
        group,
        (href) => void navigate(href),
        // Read when Open is clicked, so a batch that has ended meanwhile opens in Compare.
        (events) => groupHref(events, registry.list()),
        {
          nameOf: (id) => trackedTaskName(registry.get(id)),
          onClosed: (serial) => grouper.closed(serial),
        },
      ),
    );
    const onVisibility = () => grouper.setHidden(document.visibilityState === 'hidden');
    onVisibility();
    document.addEventListener('visibilitychange', onVisibility);
    const stop = onTaskFinished((e) => announcer.push(grouper.add(e)));
    return () => {
      stop();
      announcer.cancel();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [navigate, registry]);
  return null;
}
