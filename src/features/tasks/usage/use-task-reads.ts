import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { TrackedTask } from '@/api/task-registry';
import { useTaskRegistry } from '@/api/task-registry-context';
import { taskKeys, taskQueryOptions, type Task } from '@/api/tasks';

/**
 * Tasks read at once. The specification has no list of tasks, only GET /v1/tasks/{id}: a registry
 * of 10,000 unfinished (or never seen finished) tasks is 10,000 reads, made a few at a time so the
 * page, the server and the watcher's polls are not flooded. A task read before (the watcher's, the
 * gallery's) comes from the cache.
 */
export const READ_CONCURRENCY = 6;
/** How long an answer stays in the cache once no view observes it (React Query's default is 5 min). */
const ANSWER_KEEP_MS = 30 * 60_000;

/**
 * Every task of `tasks`, as read so far (undefined for a read that failed: counted as unknown);
 * `pending` counts the ones not answered yet. A finished task whose usage the registry kept is not
 * read at all (decision 225): a reload of the page with 10,000 finished tasks makes no request;
 * only running tasks and records older than that are read.
 *
 * The answers are React Query's own (one query per task, shared with the watcher and the detail
 * view), never a copy in state. `useQueries` observes only the first READ_CONCURRENCY unanswered
 * tasks: each answer re-renders, and the window slides on. What was answered is read from the
 * cache in one pass; observing all 10,000 would make every answer's render cost 10,000 observers.
 * Leaving the page unsubscribes the window, which cancels the reads in flight.
 */
export function useTaskReads(tasks: readonly TrackedTask[]): {
  answers: ReadonlyMap<string, Task | undefined>;
  pending: number;
} {
  const queryClient = useQueryClient();
  const registry = useTaskRegistry();
  // A failure from before this page opened is asked again; one since is an answer ("unknown").
  const [openedAt] = useState(() => Date.now());
  const key = useMemo(() => tasks.map((t) => t.id).join('\n'), [tasks]);
  // Decided from the registry as it is when the list is given: a read that keeps a task's usage
  // changes the registry, and must not take the task out of what is being read.
  const ids = useMemo(
    () => new Set(key ? key.split('\n').filter((id) => !registry.get(id)?.last?.usage) : []),
    [key, registry],
  );
  const answers = new Map<string, Task | undefined>();
  for (const query of queryClient.getQueryCache().findAll({ queryKey: taskKeys.details() })) {
    const id = query.queryKey[2];
    const { state } = query;
    if (typeof id !== 'string' || !ids.has(id)) continue;
    if (state.data !== undefined || (state.status === 'error' && state.errorUpdatedAt >= openedAt)) {
      answers.set(id, state.data as Task | undefined);
    }
  }
  const reading: string[] = [];
  for (const id of ids) {
    if (reading.length === READ_CONCURRENCY) break;
    if (!answers.has(id)) reading.push(id);
  }
  useQueries({
    queries: reading.map((id) => ({
      ...taskQueryOptions(id, registry),
      // One read each: polling what runs is the watcher's job, and a 404 is an answer.
      refetchInterval: false as const,
      refetchOnWindowFocus: false,
      retry: false,
      // Unobserved once answered: kept while the page is likely open, not for the whole session.
      gcTime: ANSWER_KEEP_MS,
    })),
  });
  let pending = 0;
  for (const t of tasks) if (!t.last?.usage && !answers.has(t.id)) pending += 1;
  return { answers, pending };
}
