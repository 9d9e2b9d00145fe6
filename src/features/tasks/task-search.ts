import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { TRACKED_TASK_KINDS, type TrackedTask, type TrackedTaskKind } from '@/api/task-registry';
import { matchesRating, RATING_FILTERS, type RatingFilter, type TaskRating } from './ratings/ratings-store';
import { STATE_FILTERS, statusDisplay, type StateFilter } from './task-display';

/** What the list shows; in the URL (`q`, `kind`, `state`) so that a filtered view is a link. */
export interface TaskSearch {
  q: string;
  kind: TrackedTaskKind | '';
  state: StateFilter | '';
  /** Stars or a note (ratings/ratings-store.ts). */
  rated: RatingFilter;
}

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | '' {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : '';
}

export function parseTaskSearch(params: URLSearchParams): TaskSearch {
  return {
    q: params.get('q')?.slice(0, 500) ?? '',
    kind: oneOf(params.get('kind'), TRACKED_TASK_KINDS),
    state: oneOf(params.get('state'), STATE_FILTERS),
    rated: oneOf(params.get('rated'), RATING_FILTERS),
  };
}

/** The filter group of a tracked task by what the monitor last saw (never seen: still waiting). */
export function stateGroupOf(task: TrackedTask): StateFilter {
  if (task.last?.notFound) return 'unknown';
  return task.last?.status === undefined ? 'waiting' : statusDisplay(task.last.status).group;
}

/** Search matches the prompt or the id, ignoring case; kind and state must match exactly. */
export function filterTasks(
  tasks: readonly TrackedTask[],
  search: TaskSearch,
  ratings: ReadonlyMap<string, TaskRating> = new Map(),
): readonly TrackedTask[] {
  const q = search.q.trim().toLowerCase();
  if (!q && !search.kind && !search.state && !search.rated) return tasks;
  return tasks.filter(
    (t) =>
      (!search.kind || t.kind === search.kind) &&
      (!search.state || stateGroupOf(t) === search.state) &&
      matchesRating(ratings.get(t.id), search.rated) &&
      (!q || t.id.toLowerCase().includes(q) || (t.prompt?.toLowerCase().includes(q) ?? false)),
  );
}

export function useTaskSearch(): [TaskSearch, (patch: Partial<TaskSearch>) => void] {
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => parseTaskSearch(params), [params]);
  const update = useCallback(
    (patch: Partial<TaskSearch>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(patch)) {
            if (value) next.set(key, String(value));
            else next.delete(key);
          }
          return next;
        },
        // Typing in the search box should not add a history entry per keystroke.
        { replace: true },
      ),
    [setParams],
  );
  return [search, update];
}
