import type { TrackedTask } from '@/api/task-registry';
import { matchesRating, type TaskRating } from '../ratings/ratings-store';
import type { TaskBatch } from '../task-batches';

/**
 * Review mode's moves, kept apart from its screen so they are tested without one. The reviewed list
 * is the gallery's filtered one; index `tasks.length` is the closing step (forget or hide the rejected).
 */

/** The first result after `from` (wrapping round) with no verdict yet, or -1 when every one has one. */
export function nextUnrated(
  tasks: readonly TrackedTask[],
  ratings: ReadonlyMap<string, TaskRating>,
  from: number,
): number {
  const n = tasks.length;
  for (let step = 1; step <= n; step++) {
    const i = (((from + step) % n) + n) % n;
    if (matchesRating(ratings.get(tasks[i]!.id), 'unrated')) return i;
  }
  return -1;
}

export interface ReviewTally {
  rejected: string[];
  rated: number;
  unrated: number;
}

export function tallyReview(
  tasks: readonly TrackedTask[],
  ratings: ReadonlyMap<string, TaskRating>,
): ReviewTally {
  const tally: ReviewTally = { rejected: [], rated: 0, unrated: 0 };
  for (const task of tasks) {
    const rating = ratings.get(task.id);
    if (rating?.rejected) tally.rejected.push(task.id);
    else if (rating?.stars) tally.rated += 1;
    else tally.unrated += 1;
  }
  return tally;
}

/** What a key does in review mode; undefined for keys it leaves alone. */
export type ReviewKey = { move: -1 | 1 } | { stars: number } | { reject: true } | { nextUnrated: true };

export function reviewKey(key: string): ReviewKey | undefined {
  if (key === 'ArrowRight') return { move: 1 };
  if (key === 'ArrowLeft') return { move: -1 };
  if (/^[0-5]$/.test(key)) return { stars: Number(key) };
  if (key === 'x' || key === 'X') return { reject: true };
  if (key === 'n' || key === 'N') return { nextUnrated: true };
  return undefined;
}

/** The batch or storyboard run each task belongs to, by task id (a lone task has none). */
export function batchByTask(batches: readonly TaskBatch[]): Map<string, TaskBatch> {
  const out = new Map<string, TaskBatch>();
  for (const batch of batches) for (const task of batch.tasks) out.set(task.id, batch);
  return out;
}
