import { describe, expect, it } from 'vitest';
import { emptyBatch, type Batch } from './batch-model';
import { applyBatchPatch, batchPatch } from './batch-patch';
import { toRows } from './batch-table';

describe('an edit passed on as a patch', () => {
  const older: Batch = { ...emptyBatch(), rows: toRows([['a'], ['b'], ['c']]) };
  // The kept batch: another tab has run it since the older copy was read.
  const kept: Batch = {
    ...older,
    state: 'running',
    rows: older.rows.map((r, i) => (i < 2 ? { ...r, state: 'running', taskId: `task_${i}` } : r)),
  };

  it('carries the person’s changes only, never the older copy’s states or tasks', () => {
    const edited: Batch = {
      ...older,
      concurrency: 5,
      rows: older.rows.map((r, i) => (i === 2 ? { ...r, cells: ['c2'] } : r)),
    };
    const merged = applyBatchPatch(kept, batchPatch(older, edited));
    expect(merged.state).toBe('running');
    expect(merged.concurrency).toBe(5);
    expect(merged.rows.map((r) => [r.cells[0], r.state, r.taskId])).toEqual([
      ['a', 'running', 'task_0'],
      ['b', 'running', 'task_1'],
      ['c2', 'pending', undefined],
    ]);
  });

  it('does not drop or remove a row the run has sent meanwhile', () => {
    const dropped: Batch = { ...older, rows: older.rows.map((r) => ({ ...r, state: 'dropped' as const })) };
    expect(applyBatchPatch(kept, batchPatch(older, dropped)).rows.map((r) => r.state)).toEqual([
      'running',
      'running',
      'dropped',
    ]);
    const replaced: Batch = { ...older, rows: toRows([['x']]) };
    const merged = applyBatchPatch(kept, batchPatch(older, replaced));
    expect(merged.rows.map((r) => r.cells[0])).toEqual(['x', 'a', 'b']);
    expect(merged.rows.slice(1).map((r) => r.taskId)).toEqual(['task_0', 'task_1']);
  });

  it('pauses a running batch, and leaves any other state as it is', () => {
    const running = { ...older, state: 'running' as const };
    const patch = batchPatch(running, { ...running, state: 'paused' });
    expect(applyBatchPatch(kept, patch).state).toBe('paused');
    expect(applyBatchPatch({ ...kept, state: 'done' }, patch).state).toBe('done');
  });

  it('leaves the cells of a row whose task is out as sent, and fixes a failed row’s', () => {
    const sent: Batch = {
      ...kept,
      rows: kept.rows.map((r, i) =>
        i === 1 ? { ...r, state: 'succeeded' } : i === 2 ? { ...r, state: 'failed' } : r,
      ),
    };
    const edited: Batch = { ...older, rows: older.rows.map((r, i) => ({ ...r, cells: [`${i} late`] })) };
    expect(applyBatchPatch(sent, batchPatch(older, edited)).rows.map((r) => r.cells[0])).toEqual([
      'a',
      'b',
      '2 late',
    ]);
  });
});
