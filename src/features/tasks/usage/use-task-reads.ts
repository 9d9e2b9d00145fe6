import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { TrackedTask } from '@/api/task-registry';
import { useTaskRegistry } from '@/api/task-registry-context';
import { taskQueryOptions, type Task } from '@/api/tasks';

/**
 * Tasks read at once. The specification has no list of tasks, only GET /v1/tasks/{id}: a registry
 * of 10,000 unfinished (or never seen finished) tasks is 10,000 reads, made a few at a time so the
 * page, the server and the watcher's polls are not flooded. A task read before (the watcher's, the
 * gallery's) comes from the cache.
 */
export const READ_CONCURRENCY = 6;
/** How often the page is told of what has come in: a render per answer would be 10,000 renders. */
const FLUSH_MS = 150;

/**
 * Reads every id through `read`, at most `concurrency` at a time, calling `onSome` with the answers
 * gathered so far (undefined for a read that failed: counted as unknown). Stops when `signal` aborts.
 */
export async function readAll(
  ids: readonly string[],
  read: (id: string) => Promise<Task>,
  onSome: (answers: ReadonlyMap<string, Task | undefined>) => void,
  { concurrency = READ_CONCURRENCY, signal }: { concurrency?: number; signal?: AbortSignal } = {},
): Promise<void> {
  const answers = new Map<string, Task | undefined>();
  let next = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    if (!signal?.aborted) onSome(new Map(answers));
  };
  const worker = async () => {
    while (next < ids.length && !signal?.aborted) {
      const id = ids[next++]!;
      answers.set(id, await read(id).catch(() => undefined));
      timer ??= setTimeout(flush, FLUSH_MS);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, ids.length) }, worker));
  if (timer !== undefined) clearTimeout(timer);
  flush();
}

/**
 * Every task of `tasks`, as read so far; `pending` counts the ones not answered yet. A finished task
 * whose usage the registry kept is not read at all (decision 225): a reload of the page with 10,000
 * finished tasks makes no request; only running tasks and records older than that are read.
 */
export function useTaskReads(tasks: readonly TrackedTask[]): {
  answers: ReadonlyMap<string, Task | undefined>;
  pending: number;
} {
  const queryClient = useQueryClient();
  const registry = useTaskRegistry();
  const [answers, setAnswers] = useState<ReadonlyMap<string, Task | undefined>>(() => new Map());
  const key = useMemo(() => tasks.map((t) => t.id).join('\n'), [tasks]);
  useEffect(() => {
    const controller = new AbortController();
    // Decided from the registry as it is when the reads start: a read that keeps a task's usage
    // changes the registry, and must not restart the reads.
    const list = key ? key.split('\n').filter((id) => !registry.get(id)?.last?.usage) : [];
    // Merged into what was read before: a task tracked meanwhile restarts the reads (the others
    // from the cache) without the figures dropping and climbing again.
    const merge = (some: ReadonlyMap<string, Task | undefined>) =>
      setAnswers((before) => new Map([...before, ...some]));
    void readAll(list, (id) => queryClient.fetchQuery(taskQueryOptions(id, registry)), merge, {
      signal: controller.signal,
    });
    return () => controller.abort();
  }, [key, queryClient, registry]);
  let pending = 0;
  for (const t of tasks) if (!t.last?.usage && !answers.has(t.id)) pending += 1;
  return { answers, pending };
}
