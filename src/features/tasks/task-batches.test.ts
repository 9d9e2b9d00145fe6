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

  it('a batch from a table is one batch by row, not variations; each task is told by its row', () => {
    const tasks = [
      task('t2', 2, { batchId: 'batch_1', source: 'batch', table: { row: 1, name: 'Catalogue' } }),
      task('t1', 1, {
        batchId: 'batch_1',
        source: 'batch',
        table: { row: 2, name: 'Catalogue' },
        request: { duration: 8 },
      }),
      task('t3', 3, {
        batchId: 'batch_1',
        source: 'batch',
        table: { row: 2, name: 'Catalogue' },
        request: { duration: 5 },
      }),
    ];
    const [batch] = groupBatches(tasks);
    expect(batch!.table).toEqual({ name: 'Catalogue', rows: 2 });
    expect(batch!.varied).toBeUndefined();
    expect(batch!.tasks.map((t) => t.id)).toEqual(['t2', 't1', 't3']);
    expect(variantsByTask(tasks).get('t3')).toEqual({ n: 2, count: 2, field: undefined, value: undefined });
    expect(
      parseTrackedTask({ id: 't1', source: 'batch', table: { row: 3, name: 'x' } }, 'imported'),
    ).toMatchObject({
      source: 'batch',
      table: { row: 3, name: 'x' },
    });
    expect(parseTrackedTask({ id: 't1', table: { row: 0 } }, 'imported')).not.toHaveProperty('table');
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

  it("group a storyboard run's tasks as its shots, in shot order, a retake after its first take", () => {
    const shot = (n: number, name?: string) => ({
      batchId: 'run1',
      source: 'storyboard' as const,
      request: { prompt: `shot ${n}` },
      storyboard: { id: 'sb-1', shot: n, ...(name ? { name } : {}) },
    });
    const tasks = [
      task('s2b', 4, { ...shot(2, 'Pier'), last: { status: 'running' } }),
      task('s3', 3, { ...shot(3), last: { status: 'succeeded' } }),
      task('s2', 2, { ...shot(2), last: { status: 'failed' } }),
      task('s1', 1, { ...shot(1), last: { status: 'succeeded' } }),
    ];
    const [batch] = groupBatches(tasks);
    expect(batch!.tasks.map((t) => t.id)).toEqual(['s1', 's2', 's2b', 's3']);
    expect(batch!.storyboard).toEqual({ id: 'sb-1', name: 'Pier', shots: 3 });
    // Shots differ in their prompts by design: not a varied field, and not variants in the gallery.
    expect(batch!).not.toHaveProperty('varied');
    expect(batch!.done).toBe(3);
    expect(variantsByTask(tasks).size).toBe(0);
    // A batch whose tasks do not all record one storyboard stays a batch of variations.
    const [mixed] = groupBatches([task('v1', 1, { batchId: 'run1' }), ...tasks]);
    expect(mixed!.storyboard).toBeUndefined();
  });

  it("keep a stored task's storyboard shot, and drop one that is malformed", () => {
    const parsed = (storyboard: unknown) =>
      parseTrackedTask({ id: 't1', storyboard }, 'imported')?.storyboard;
    expect(parsed({ id: 'sb-1', name: 'Pier', shot: 2 })).toEqual({ id: 'sb-1', name: 'Pier', shot: 2 });
    expect(parsed({ id: 'sb-1', shot: 1 })).toEqual({ id: 'sb-1', shot: 1 });
    for (const bad of [
      { id: 'sb-1', shot: 0 },
      { id: 'sb-1', shot: 1.5 },
      { id: '../x', shot: 1 },
      { shot: 1 },
      'sb-1',
    ])
      expect(parsed(bad)).toBeUndefined();
  });
});
