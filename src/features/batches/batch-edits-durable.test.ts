import { describe, expect, it, vi } from 'vitest';
import type { Batch } from './batch-model';
import { emptyBatch } from './batch-model';
import { FakeLocks } from '@/test/fake-locks';
import { toRows } from './batch-table';
import { Bus, FakePendingEdits, lettingGo, runningTabs, tab } from './test-tabs';

const settle = () => new Promise((resolve) => setTimeout(resolve, 40));

const fixed = (index: number, cell: string) => (b: Batch) => ({
  ...b,
  rows: b.rows.map((r, i) => (i === index ? { ...r, cells: [cell] } : r)),
});

// An edit made in a tab that does not run the batch is not lost when that tab closes at once,
// before any tab wrote it (decision 660).
describe('an edit whose tab closes right after it is made', () => {
  it('is written by the running tab when it next writes the batch', async () => {
    const { kept, first, second, batch } = await runningTabs(['a', 'b', 'c'], 1);

    second.runner.edit(batch.id, fixed(2, 'c fixed'));
    second.close();
    // The running tab moves on (row a ends, row b is sent) and writes the batch.
    for (const [id, seen] of [...first.watchers]) seen({ data: { id, status: 'succeeded' } });
    await vi.waitFor(() => expect(first.deps.create).toHaveBeenCalledTimes(2));
    await settle();
    expect(first.runner.get(batch.id)!.rows[2]!.cells).toEqual(['c fixed']);
    expect(kept.get(batch.id)!.rows.map((r) => [r.cells[0], r.state])).toEqual([
      ['a', 'succeeded'],
      ['b', 'running'],
      ['c fixed', 'pending'],
    ]);
  });

  it('several edits, the later held behind the first, all land in order', async () => {
    const { kept, second, batch } = await runningTabs(['a', 'b', 'c'], 1);

    second.runner.edit(batch.id, fixed(1, 'b1'));
    second.runner.edit(batch.id, fixed(2, 'c1'));
    second.runner.edit(batch.id, fixed(1, 'b2'));
    second.close();
    await settle();
    expect(kept.get(batch.id)!.rows.map((r) => r.cells[0])).toEqual(['a', 'b2', 'c1']);
  });

  it('made while the running tab lets the run go, is kept and written by the tab that runs the batch next', async () => {
    const { kept, first, second, batch, pending } = await runningTabs(['a', 'b'], 1);
    const land = await lettingGo(first, batch.id);
    second.runner.edit(batch.id, fixed(1, 'b fixed'));
    second.close();
    await settle();
    land();
    await settle();
    // No tab wrote it: it is kept, and a tab that opens the batch shows it.
    expect(kept.get(batch.id)!.rows[1]!.cells).toEqual(['b']);
    expect((await first.runner.loadKept(batch.id))!.rows[1]!.cells).toEqual(['b fixed']);
    // The first tab resumes the run: row b is sent as fixed, and the edit is kept no longer.
    first.runner.resume(batch.id);
    await vi.waitFor(() => expect(first.deps.create).toHaveBeenCalledTimes(2));
    await settle();
    expect(kept.get(batch.id)!.rows[1]).toMatchObject({ cells: ['b fixed'], state: 'running' });
    expect(kept.get(batch.id)!.rows[0]!.state).toBe('succeeded');
    await first.runner.loadKept(batch.id);
    await vi.waitFor(() => expect(pending!.kept.size).toBe(0));
  });

  it('is written once: kept, told and taken up again, it does not undo a later edit', async () => {
    const { kept, first, second, batch, pending } = await runningTabs(['a', 'b'], 1);
    // The running tab writes the second tab's edit; the tab closes before it hears the answer.
    second.runner.edit(batch.id, fixed(1, 'b2'));
    second.close();
    await vi.waitFor(() => expect(kept.get(batch.id)!.rows[1]!.cells).toEqual(['b2']));
    expect(pending!.kept.size).toBe(1);
    // Later, the running tab's own edit of the same cell; then it closes and the batch is read again.
    first.runner.edit(batch.id, fixed(1, 'b3'));
    await settle();
    first.runner.forget(batch.id);
    expect((await first.runner.loadKept(batch.id))!.rows[1]!.cells).toEqual(['b3']);
    await vi.waitFor(() => expect(pending!.kept.size).toBe(0));
  });
});

describe('an edit written by the tab that made it', () => {
  it('is no longer kept before that tab writes its next edit, whose copy does not list it', async () => {
    const kept = new Map<string, Batch>();
    const store = new FakePendingEdits();
    const only = tab(kept, new FakeLocks(), new Bus().transport(), store);
    const batch: Batch = { ...emptyBatch(), rows: toRows([['a']]) };
    only.runner.open(batch);
    // The kept record's removal is slow.
    let removed!: () => void;
    const removing = new Promise<void>((resolve) => (removed = resolve));
    const remove = store.remove.bind(store);
    store.remove = async (keys) => {
      await removing;
      await remove(keys);
    };
    only.runner.edit(batch.id, fixed(0, 'ab'));
    only.runner.edit(batch.id, fixed(0, 'abc'));
    await vi.waitFor(() => expect(kept.get(batch.id)?.rows[0]!.cells).toEqual(['ab']));
    await settle();
    // Were the second written first, a record of the first left behind would be applied over it.
    expect(kept.get(batch.id)!.rows[0]!.cells).toEqual(['ab']);
    removed();
    await vi.waitFor(() => expect(kept.get(batch.id)!.rows[0]!.cells).toEqual(['abc']));
    expect(await only.runner.loadKept(batch.id)).toMatchObject({ rows: [{ cells: ['abc'] }] });
  });
});
