import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { isRecord } from '@contract/is-record';
import { isValidTaskId } from '@/api/task-registry-schema';

/**
 * A person's verdict on a result: 1-5 stars and a short note, by task id. Its own record beside the
 * task registry (not a field of it), kept in this browser and carried in the registry's export file
 * under `ratings`, so the registry and other records beside it change independently.
 */
export interface TaskRating {
  stars?: number;
  note?: string;
  /** Culled in review mode (X): kept apart from stars so a reject can be undone without losing them. */
  rejected?: true;
}

export const NOTE_MAX = 500;
const STORAGE_KEY = 'media-studio.task-ratings';
/** Bounds what a file or a stored record can make the page hold. */
const MAX_RATED = 50_000;

export type RatingFilter = '' | 'starred' | '3' | '4' | '5' | 'noted' | 'unrated' | 'rejected' | 'kept';
export const RATING_FILTERS: readonly Exclude<RatingFilter, ''>[] = [
  'starred',
  '3',
  '4',
  '5',
  'noted',
  'unrated',
  'rejected',
  'kept',
];

function parseRating(v: unknown): TaskRating | undefined {
  if (!isRecord(v)) return undefined;
  const rating: TaskRating = {};
  if (typeof v.stars === 'number' && Number.isInteger(v.stars) && v.stars >= 1 && v.stars <= 5) {
    rating.stars = v.stars;
  }
  if (typeof v.note === 'string' && v.note.trim()) rating.note = v.note.slice(0, NOTE_MAX);
  if (v.rejected === true) rating.rejected = true;
  return rating.stars || rating.note || rating.rejected ? rating : undefined;
}

/** Ratings from untrusted JSON (a stored record, an imported file): bad entries are dropped. */
export function parseRatings(v: unknown): Map<string, TaskRating> {
  const out = new Map<string, TaskRating>();
  if (!isRecord(v)) return out;
  for (const [id, value] of Object.entries(v)) {
    if (out.size >= MAX_RATED) break;
    const rating = parseRating(value);
    if (rating && isValidTaskId(id)) out.set(id, rating);
  }
  return out;
}

export function matchesRating(rating: TaskRating | undefined, filter: RatingFilter): boolean {
  switch (filter) {
    case '':
      return true;
    case 'starred':
      return (rating?.stars ?? 0) >= 1;
    case 'noted':
      return Boolean(rating?.note);
    case 'unrated':
      // A rejected result has had its verdict: review's "next unrated" skips it.
      return !rating?.stars && !rating?.rejected;
    case 'rejected':
      return rating?.rejected === true;
    case 'kept':
      return rating?.rejected !== true;
    default:
      return (rating?.stars ?? 0) >= Number(filter);
  }
}

/** What this store kept before it was a zustand store: the ratings object itself, by task id. */
function storedBeforePersist(): unknown {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    return isRecord(raw) && !('state' in raw) ? raw : undefined;
  } catch {
    return undefined;
  }
}

interface RatingsStore {
  ratings: ReadonlyMap<string, TaskRating>;
  ratingsChanged: (next: ReadonlyMap<string, TaskRating>) => void;
}

/**
 * The ratings, in this browser's localStorage like the other records beside the registry (zustand
 * `persist`, as the prices and the drafts). Storage full or denied: kept for this visit, and the
 * export file still carries them.
 */
const useRatingsStore = create<RatingsStore>()(
  persist((set) => ({ ratings: new Map(), ratingsChanged: (ratings) => set({ ratings }) }), {
    name: STORAGE_KEY,
    version: 1,
    storage: createJSONStorage(() => localStorage),
    partialize: (s) => ({ ratings: Object.fromEntries(s.ratings) }),
    // Stored data is untrusted (another version, a hand edit): parsed as an imported file is.
    merge: (persisted, current) => ({
      ...current,
      ratings: parseRatings(isRecord(persisted) ? persisted.ratings : storedBeforePersist()),
    }),
  }),
);

const current = () => useRatingsStore.getState().ratings;

if (typeof window !== 'undefined') {
  // Another tab rated a result: this one shows it too.
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY) void useRatingsStore.persist.rehydrate();
  });
}

/** `rejected: undefined` in a change takes the reject back (a spread would keep the old one). */
export function rateTask(id: string, change: Omit<TaskRating, 'rejected'> & { rejected?: boolean }) {
  if (!isValidTaskId(id)) return;
  const merged = parseRating({ ...current().get(id), ...change });
  const next = new Map(current());
  if (merged) next.set(id, merged);
  else next.delete(id);
  useRatingsStore.getState().ratingsChanged(next);
}

/** The ratings of these ids as they are now, to put back with `restoreRatings` (undo). */
export function ratingsOf(ids: readonly string[]): Map<string, TaskRating | undefined> {
  return new Map(ids.map((id) => [id, current().get(id)]));
}

/** Puts back what `ratingsOf` saw, in one write. */
export function restoreRatings(saved: ReadonlyMap<string, TaskRating | undefined>) {
  const next = new Map(current());
  for (const [id, rating] of saved) {
    if (rating) next.set(id, rating);
    else next.delete(id);
  }
  useRatingsStore.getState().ratingsChanged(next);
}

export function useRatings(): ReadonlyMap<string, TaskRating> {
  return useRatingsStore((s) => s.ratings);
}

export function useRating(id: string): TaskRating | undefined {
  return useRatingsStore((s) => s.ratings.get(id));
}

/** An export file (the registry's JSON) with the ratings of its tasks added under `ratings`. */
export function withRatings(exportJson: string): string {
  const file: unknown = JSON.parse(exportJson);
  if (!isRecord(file) || !Array.isArray(file.tasks)) return exportJson;
  const own: Record<string, TaskRating> = {};
  for (const task of file.tasks) {
    const rating = isRecord(task) && typeof task.id === 'string' ? current().get(task.id) : undefined;
    if (rating) own[task.id as string] = rating;
  }
  return JSON.stringify({ ...file, ratings: own }, null, 2);
}

/**
 * The ratings of an imported file; a result already rated here keeps this browser's rating, as a
 * task already tracked keeps what this tab knows. Returns how many were added.
 */
export function importRatings(text: string): number {
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch {
    return 0;
  }
  if (!isRecord(file)) return 0;
  const incoming = parseRatings(file.ratings);
  const next = new Map(current());
  let added = 0;
  for (const [id, rating] of incoming) {
    if (next.has(id) || next.size >= MAX_RATED) continue;
    next.set(id, rating);
    added++;
  }
  if (added) useRatingsStore.getState().ratingsChanged(next);
  return added;
}
