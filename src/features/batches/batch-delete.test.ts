import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { runIfFree } from '@/lib/run-lock';
import { runningBatchIds } from './batch-active';
import { removeBatch, undoRemove, type BatchKeeping } from './batch-delete';
import { twoTabs, type tab } from './test-tabs';
import { deleteBatch, listBatches, loadBatch, restoreBatch, saveBatch } from './batch-storage';

type Tab = ReturnType<typeof tab>;
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

/** Two tabs on the browser's real batch storage (fake-indexeddb), not the harness's map. */
function tabsOnStorage(cells: string[], concurrency: number, options: { shareEdits?: boolean } = {}) {
  const tabs = twoTabs(cells, concurrency, { ...options, keepEdits: true });
  for (const t of [tabs.first, tabs.second]) {
    t.deps.save = saveBatch;
    t.deps.load = loadBatch;
  }
  const keeping: BatchKeeping = { remove: deleteBatch, restore: restoreBatch, pendingEdits: tabs.pending! };
  const free = () =>
    runIfFree('batch', tabs.batch.id, async () => undefined, tabs.locks as unknown as LockManager);
  return { ...tabs, keeping, free };
}

const succeedAll = (t: Tab) => {
  for (const [id, seen] of [...t.watchers]) seen({ data: { id, status: 'succeeded' } });
};

// Decision 700: a batch deleted in one tab is stopped in every tab and never written back.
describe('deleting a batch', () => {
  it('stops the run of the tab that runs it (told): nothing more sent, lock let go, kept edits gone', async () => {
    const { first, second, batch, keeping, pending, free } = tabsOnStorage(['a', 'b', 'c', 'd'], 2, {
      shareEdits: true,
    });
    second.runner.open(structuredClone(batch));
    first.runner.start(batch);
    await vi.waitFor(() => expect(first.watchers.size).toBe(2));
    await pending!.put({
      id: batch.id,
      key: 'crashed:1',
      at: Date.now(),
      patch: { fields: { name: 'x' }, rows: {} },
    });

    const was = await removeBatch(second.runner, batch.id, keeping);

    await vi.waitFor(() => expect(first.runner.get(batch.id)).toBeUndefined());
    expect(first.runner.deleted(batch.id)).toBe(true);
    // Its tasks run on on the server (and stay in the registry); this tab no longer follows them.
    expect(first.watchers.size).toBe(0);
    await vi.waitFor(async () => expect(await free()).toBe(true));
    await settle();
    expect(first.deps.create).toHaveBeenCalledTimes(2);
    expect(second.deps.create).not.toHaveBeenCalled();
    expect(await loadBatch(batch.id)).toBeUndefined();
    expect(await listBatches()).toEqual([]);
    expect(runningBatchIds()).not.toContain(batch.id);
    expect(pending!.kept.size).toBe(0);
    // What Undo would put back: the rows as they were, the run stopped (paused).
    expect(was).toMatchObject({ id: batch.id, state: 'paused' });
    expect(was!.rows.map((r) => r.state)).toEqual(['running', 'running', 'pending', 'pending']);
  });

  it('a running tab that never heard of it writes nothing back: its next write finds the tombstone', async () => {
    // Each tab its own channel: the delete is told to no one (an older build, or no channel).
    const { first, second, batch, keeping, free } = tabsOnStorage(['a', 'b', 'c'], 2);
    first.runner.start(batch);
    await vi.waitFor(() => expect(first.watchers.size).toBe(2));

    await removeBatch(second.runner, batch.id, keeping);
    expect(first.runner.get(batch.id)).toBeDefined();

    // A task ends: the tab writes it and would send row c; the write is refused, so nothing goes.
    succeedAll(first);
    await vi.waitFor(() => expect(first.runner.deleted(batch.id)).toBe(true));
    await settle();
    expect(first.deps.create).toHaveBeenCalledTimes(2);
    expect(first.runner.get(batch.id)).toBeUndefined();
    expect(await free()).toBe(true);
    expect(await loadBatch(batch.id)).toBeUndefined();
    expect(await listBatches()).toEqual([]);
    expect(runningBatchIds()).not.toContain(batch.id);
  });

  it('a late edit of a tab that shows the batch is not written back, and its kept record goes', async () => {
    const { first, second, batch, keeping, pending } = tabsOnStorage(['a', 'b'], 1);
    await saveBatch(batch);
    second.runner.open(structuredClone(batch));

    await removeBatch(first.runner, batch.id, keeping);
    second.runner.edit(batch.id, (b) => ({ ...b, name: 'edited after the delete' }));

    await vi.waitFor(() => expect(second.runner.deleted(batch.id)).toBe(true));
    await settle();
    expect(await loadBatch(batch.id)).toBeUndefined();
    expect(await listBatches()).toEqual([]);
    expect(pending!.kept.size).toBe(0);
  });

  it('deleting in the tab that runs it stops there and keeps its newest copy for Undo', async () => {
    const { first, batch, keeping, free } = tabsOnStorage(['a', 'b', 'c'], 1);
    first.runner.start(batch);
    await vi.waitFor(() => expect(first.watchers.size).toBe(1));

    const was = await removeBatch(first.runner, batch.id, keeping);
    expect(first.watchers.size).toBe(0);
    await vi.waitFor(async () => expect(await free()).toBe(true));
    expect(was!.rows[0]).toMatchObject({ state: 'running', taskId: expect.stringMatching(/^task_/) });
    expect(was!.state).toBe('paused');
  });

  it('Undo keeps the batch again as it was; the stopped run stays stopped, its sent tasks followed', async () => {
    const { first, second, batch, keeping } = tabsOnStorage(['a', 'b', 'c'], 2, { shareEdits: true });
    first.runner.start(batch);
    await vi.waitFor(() => expect(first.watchers.size).toBe(2));
    const was = await removeBatch(second.runner, batch.id, keeping);
    await vi.waitFor(() => expect(first.runner.get(batch.id)).toBeUndefined());

    await undoRemove(second.runner, was!, keeping);
    expect(second.runner.deleted(batch.id)).toBe(false);
    expect(await loadBatch(batch.id)).toMatchObject({ state: 'paused' });
    expect((await listBatches()).map((b) => b.id)).toEqual([batch.id]);
    // Shown again here: the two tasks it had sent are followed to their end; no row is sent.
    await vi.waitFor(() => expect(second.watchers.size).toBe(2));
    succeedAll(second);
    await settle();
    expect(second.deps.create).not.toHaveBeenCalled();
    expect(first.deps.create).toHaveBeenCalledTimes(2);
    await vi.waitFor(async () =>
      expect((await loadBatch(batch.id))!.rows.map((r) => r.state)).toEqual([
        'succeeded',
        'succeeded',
        'pending',
      ]),
    );
    expect(runningBatchIds()).not.toContain(batch.id);
  });
});
