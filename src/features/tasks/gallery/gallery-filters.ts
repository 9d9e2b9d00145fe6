import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { TRACKED_TASK_KINDS, type TrackedTask, type TrackedTaskKind } from '@/api/task-registry';
import { matchesRating, RATING_FILTERS, type RatingFilter, type TaskRating } from '../ratings/ratings-store';
import { STATE_FILTERS, type StateFilter } from '../task-display';
import { stateGroupOf } from '../task-search';

/** What the gallery shows; in the URL (`kind`, `model`, `state`, `from`, `to`) so a view is a link. */
export interface GalleryFilters {
  kind: TrackedTaskKind | '';
  model: string;
  state: StateFilter | '';
  /** yyyy-mm-dd, local days, inclusive. */
  from: string;
  to: string;
  /** Stars or a note (ratings/ratings-store.ts). */
  rated: RatingFilter;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | '' {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : '';
}

function day(value: string | null): string {
  return value && DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : '';
}

export function parseGalleryFilters(params: URLSearchParams): GalleryFilters {
  return {
    kind: oneOf(params.get('kind'), TRACKED_TASK_KINDS),
    model: params.get('model')?.slice(0, 200) ?? '',
    state: oneOf(params.get('state'), STATE_FILTERS),
    from: day(params.get('from')),
    to: day(params.get('to')),
    rated: oneOf(params.get('rated'), RATING_FILTERS),
  };
}

/** Start of a local day in ms; `end` gives the start of the next day. */
function localDay(value: string, end = false): number {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + (end ? 1 : 0)).getTime();
}

export function filterGallery(
  tasks: readonly TrackedTask[],
  f: GalleryFilters,
  ratings: ReadonlyMap<string, TaskRating> = new Map(),
): readonly TrackedTask[] {
  if (!f.kind && !f.model && !f.state && !f.from && !f.to && !f.rated) return tasks;
  const from = f.from ? localDay(f.from) : -Infinity;
  const to = f.to ? localDay(f.to, true) : Infinity;
  return tasks.filter(
    (t) =>
      (!f.kind || t.kind === f.kind) &&
      (!f.model || t.model === f.model) &&
      (!f.state || stateGroupOf(t) === f.state) &&
      t.createdAt >= from &&
      t.createdAt < to &&
      matchesRating(ratings.get(t.id), f.rated),
  );
}

/** The models the tracked tasks used, for the model filter. */
export function modelsOf(tasks: readonly TrackedTask[]): string[] {
  const models = new Set<string>();
  for (const t of tasks) if (t.model) models.add(t.model);
  return [...models].sort();
}

export function useGalleryFilters(): [GalleryFilters, (patch: Partial<GalleryFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseGalleryFilters(params), [params]);
  const update = useCallback(
    (patch: Partial<GalleryFilters>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(patch)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [filters, update];
}
