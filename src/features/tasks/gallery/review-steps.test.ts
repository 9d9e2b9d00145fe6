import { describe, expect, it } from 'vitest';
import type { TrackedTask } from '@/api/task-registry';
import type { TaskRating } from '../ratings/ratings-store';
import { groupBatches } from '../task-batches';
import { batchByTask, nextUnrated, reviewKey, tallyReview } from './review-steps';

const task = (id: string, extra: Partial<TrackedTask> = {}): TrackedTask => ({
  id,
  kind: 'video',
  createdAt: 1,
  source: 'composer',
  ...extra,
});

describe('review mode moves', () => {
  const tasks = ['a', 'b', 'c', 'd'].map((id) => task(id));

  it('N finds the next result without a verdict, wrapping round, skipping stars and rejects', () => {
    const ratings = new Map<string, TaskRating>([
      ['b', { stars: 3 }],
      ['c', { rejected: true }],
      ['a', { note: 'a note is no verdict' }],
    ]);
    expect(nextUnrated(tasks, ratings, 0)).toBe(3);
    expect(nextUnrated(tasks, ratings, 3)).toBe(0);
    expect(nextUnrated(tasks, ratings, -1)).toBe(0);
    const all = new Map(tasks.map((t) => [t.id, { stars: 1 }] as const));
    expect(nextUnrated(tasks, all, 0)).toBe(-1);
    expect(nextUnrated([], all, 0)).toBe(-1);
  });

  it('tallies rejected ids, rated and unrated (a rejected star counts as rejected)', () => {
    const ratings = new Map<string, TaskRating>([
      ['a', { stars: 5 }],
      ['b', { stars: 2, rejected: true }],
      ['d', { rejected: true }],
    ]);
    expect(tallyReview(tasks, ratings)).toEqual({ rejected: ['b', 'd'], rated: 1, unrated: 1 });
  });

  it('reads the culling keys and leaves every other key alone', () => {
    expect(reviewKey('ArrowRight')).toEqual({ move: 1 });
    expect(reviewKey('ArrowLeft')).toEqual({ move: -1 });
    expect(reviewKey('4')).toEqual({ stars: 4 });
    expect(reviewKey('0')).toEqual({ stars: 0 });
    expect(reviewKey('x')).toEqual({ reject: true });
    expect(reviewKey('N')).toEqual({ nextUnrated: true });
    expect(reviewKey('6')).toBeUndefined();
    expect(reviewKey('Enter')).toBeUndefined();
  });

  it("names each task's batch or storyboard run as its context", () => {
    const batched = [
      task('v1', { batchId: 'batch_1', createdAt: 1, request: { model: 'm1' } }),
      task('v2', { batchId: 'batch_1', createdAt: 2, request: { model: 'm2' } }),
      task('lone'),
    ];
    const context = batchByTask(groupBatches(batched));
    expect(context.get('v2')?.tasks.map((t) => t.id)).toEqual(['v1', 'v2']);
    expect(context.get('v2')?.varied?.field).toBe('model');
    expect(context.has('lone')).toBe(false);
  });
});
