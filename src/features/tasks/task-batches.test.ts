import { describe, expect, it } from 'vitest';
import { parseTrackedTask, type TrackedTask } from '@/api/task-registry-schema';
import { compareHref, groupBatches, variantsByTask } from './task-batches';

const task = (id: string, createdAt: number, extra: Partial<TrackedTask> = {}): TrackedTask => ({
  id,
  kind: 'video',
  createdAt,
  source: 'composer',
  ...extra,
});

describe('task batches', () => {
  it('group tasks by batch id in creation order, count the ended ones and name the varied field', () => {
    const tasks = [
      task('t3', 3, { batchId: 'b1', request: { model: 'm', duration: 10 }, last: { status: 'running' } }),
      task('t2', 2, { batchId: 'b1', request: { model: 'm', duration: 5 }, last: { status: 'succeeded' } }),
      task('t1', 1),
    ];
    const [batch, ...rest] = groupBatches(tasks);
    expect(rest).toEqual([]);
    expect(batch!.tasks.map((t) => t.id)).toEqual(['t2', 't3']);
    expect(batch!.done).toBe(1);
    expect(batch!.varied).toEqual({ field: 'duration', values: ['5', '10'] });
    expect(compareHref(batch!)).toBe('/gallery/compare?ids=t2,t3');
  });

  it('keep the batch id of a stored record and parse older records without one', () => {
    expect(parseTrackedTask({ id: 't1', batchId: 'batch-1' }, 'imported')?.batchId).toBe('batch-1');
    expect(parseTrackedTask({ id: 't1' }, 'imported')).not.toHaveProperty('batchId');
    expect(parseTrackedTask({ id: 't1', batchId: 'no/slash' }, 'imported')).not.toHaveProperty('batchId');
  });

  it('give each batched task its variant number and its varied value; unbatched tasks have none', () => {
    const variants = variantsByTask([
      task('t3', 3, { batchId: 'b1', request: { duration: 10 } }),
      task('t2', 2, { batchId: 'b1', request: { duration: 5 } }),
      task('t1', 1),
    ]);
    expect(variants.get('t2')).toEqual({ n: 1, count: 2, field: 'duration', value: '5' });
    expect(variants.get('t3')).toEqual({ n: 2, count: 2, field: 'duration', value: '10' });
    expect(variants.has('t1')).toBe(false);
  });
});
