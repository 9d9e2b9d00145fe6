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

/**
 * Keys of a request body whose text is searched: what was asked (prompt), of which model, and the
 * names of what it referred to (an alias, an Asset:// reference, a media URL, an asset id). Other
 * values ("16:9", durations) are no names and would only add noise.
 */
const NAMED_KEY = /^(prompt|model|name|alias|url|asset_id|text)$|_(url|asset_id)$/;
const SKIPPED_KEY = /^callback_url$/;
/** Bounds the walk of an imported (untrusted) body. */
const MAX_DEPTH = 4;

function collectNames(value: unknown, key: string, depth: number, out: string[]): void {
  if (typeof value === 'string') {
    if (NAMED_KEY.test(key) && !SKIPPED_KEY.test(key)) out.push(value.slice(0, 20_000));
    return;
  }
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value.slice(0, 100)) collectNames(item, key, depth + 1, out);
    return;
  }
  for (const [k, v] of Object.entries(value)) collectNames(v, k, depth + 1, out);
}

/** One lower-case string per task; a task object is replaced, never changed, so it is cached by identity. */
const searchTexts = new WeakMap<TrackedTask, string>();

export function searchTextOf(task: TrackedTask): string {
  let text = searchTexts.get(task);
  if (text === undefined) {
    const parts = [task.id, task.prompt ?? '', task.model ?? ''];
    if (task.request) collectNames(task.request, '', 0, parts);
    if (task.storyboard?.name) parts.push(task.storyboard.name);
    text = parts.join('\n').toLowerCase();
    searchTexts.set(task, text);
  }
  return text;
}

/**
 * Search matches every word of the query somewhere in the id, the prompt, the model or the names in
 * the request body, ignoring case; kind and state must match exactly.
 */
export function filterTasks(
  tasks: readonly TrackedTask[],
  search: TaskSearch,
  ratings: ReadonlyMap<string, TaskRating> = new Map(),
): readonly TrackedTask[] {
  const q = search.q.trim().toLowerCase();
  if (!q && !search.kind && !search.state && !search.rated) return tasks;
  const words = q.split(/\s+/).filter(Boolean);
  return tasks.filter(
    (t) =>
      (!search.kind || t.kind === search.kind) &&
      (!search.state || stateGroupOf(t) === search.state) &&
      matchesRating(ratings.get(t.id), search.rated) &&
      (words.length === 0 || words.every((word) => searchTextOf(t).includes(word))),
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
