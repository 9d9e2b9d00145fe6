import 'fake-indexeddb/auto';
import { createStore, keys, set } from 'idb-keyval';
import { describe, expect, it, vi } from 'vitest';
import { markBatchRunning, runningBatchIds } from './batch-active';
import { BatchDeletedError, emptyBatch, type Batch, type BatchRow } from './batch-model';
import {
  deleteBatch,
  deletedAt,
  listBatches,
  loadBatch,
  restoreBatch,
  saveBatch,
  TOMBSTONES_KEPT,
} from './batch-storage';

const row = (key: string, state: BatchRow['state']): BatchRow => ({ key, cells: [key], state });

function batch(name: string, updatedAt: number, states: BatchRow['state'][] = []): Batch {
  return {
    ...emptyBatch(updatedAt),
    name,
    rows: states.map((s, i) => row(`r${i}`, s)),
    state: states.length > 0 ? 'running' : 'draft',
    updatedAt,
  };
}

// Decision 700: the list reads summaries kept beside the batches; a delete leaves a tombstone.
describe('batch storage', () => {
  it('lists the batches newest change first, with rows done, running, failed and left', async () => {
    const old = batch('Old', 1_000);
    const run = batch('Catalogue', 2_000, [
      'succeeded',
      'succeeded',
      'failed',
      'running',
      'sending',
      'pending',
      'dropped',
    ]);
    await saveBatch(old);
    await saveBatch(run);
    expect(await listBatches()).toEqual([
      {
        id: run.id,
        name: 'Catalogue',
        rows: 6,
        done: 2,
        failed: 1,
        running: 2,
        left: 1,
        state: 'running',
        updatedAt: 2_000,
      },
      expect.objectContaining({ id: old.id, name: 'Old', rows: 0, state: 'draft', updatedAt: 1_000 }),
    ]);
    // Saved again with progress: its summary follows.
    await saveBatch({
      ...run,
      rows: run.rows.map((r) => (r.state === 'dropped' ? r : { ...r, state: 'succeeded' as const })),
      state: 'done',
      updatedAt: 3_000,
    });
    expect((await listBatches())[0]).toMatchObject({ done: 6, left: 0, running: 0, state: 'done' });
  });

  it('reads no batch record to list them, once each has its summary (an older build’s get one)', async () => {
    // As a build before summaries kept it: the record alone.
    const older = batch('Kept by an older build', 5_000, ['succeeded', 'pending']);
    await set(older.id, older, createStore('media-studio-batches', 'batches'));
    expect((await listBatches()).find((b) => b.id === older.id)).toMatchObject({ rows: 2, done: 1, left: 1 });

    const get = vi.spyOn(IDBObjectStore.prototype, 'get');
    const listed = await listBatches();
    expect(listed.map((b) => b.name)).toContain('Kept by an older build');
    expect(get).not.toHaveBeenCalled();
    get.mockRestore();
  });

  it('deletes a batch for good: a later write (any tab’s) is refused and writes nothing', async () => {
    const b = batch('Trial', 6_000, ['running', 'pending']);
    await saveBatch(b);
    expect(runningBatchIds()).toContain(b.id);

    const was = await deleteBatch(b.id);
    expect(was).toEqual(b);
    expect(runningBatchIds()).not.toContain(b.id);
    expect(await loadBatch(b.id)).toBeUndefined();
    expect((await listBatches()).map((x) => x.id)).not.toContain(b.id);

    // A tab that still holds it writes its progress late: refused, nothing comes back.
    await expect(saveBatch({ ...b, updatedAt: 7_000 })).rejects.toBeInstanceOf(BatchDeletedError);
    expect(await loadBatch(b.id)).toBeUndefined();
    expect((await listBatches()).map((x) => x.id)).not.toContain(b.id);
    // Nor does it mark it running for the next start to resume.
    expect(runningBatchIds()).not.toContain(b.id);
  });

  it('refuses a write already waiting behind one under way when the delete comes between', async () => {
    const b = batch('Busy', 8_000, ['pending']);
    const first = saveBatch(b);
    const second = saveBatch({ ...b, updatedAt: 8_001 });
    const deleted = deleteBatch(b.id);
    await Promise.allSettled([first, second, deleted]);
    expect(await loadBatch(b.id)).toBeUndefined();
    await expect(saveBatch({ ...b, updatedAt: 8_002 })).rejects.toBeInstanceOf(BatchDeletedError);
  });

  it('restores a deleted batch as given (Undo), writable again', async () => {
    const b = batch('Undone', 9_000, ['succeeded']);
    await saveBatch(b);
    await deleteBatch(b.id);
    await restoreBatch({ ...b, state: 'paused' });
    expect(await loadBatch(b.id)).toMatchObject({ id: b.id, state: 'paused' });
    expect((await listBatches()).find((x) => x.id === b.id)).toMatchObject({ state: 'paused', done: 1 });
    await saveBatch({ ...b, name: 'Renamed', state: 'paused', updatedAt: 9_500 });
    expect(await loadBatch(b.id)).toMatchObject({ name: 'Renamed' });
    markBatchRunning(b.id, false);
  });

  it('keeps the newest tombstones only: the oldest beyond the bound go with the next delete', async () => {
    const gone = createStore('media-studio-batches', 'batches');
    // Written as a thousand deletes leave them, out of order, without a thousand transactions.
    for (let i = TOMBSTONES_KEPT; i >= 1; i--)
      await set(`gone:old-${i}`, { id: `old-${i}`, deletedAt: i }, gone);
    expect(await deletedAt('old-1')).toBe(1);
    const b = batch('Last', 20_000);
    await saveBatch(b);
    await deleteBatch(b.id, 5_000_000);
    expect(await deletedAt(b.id)).toBe(5_000_000);
    // The file's earlier deletes left tombstones too, all newer than these: the oldest went.
    const stones = (await keys(gone)).filter((k) => String(k).startsWith('gone:'));
    expect(stones).toHaveLength(TOMBSTONES_KEPT);
    expect(await deletedAt('old-1')).toBeUndefined();
    expect(await deletedAt(`old-${TOMBSTONES_KEPT}`)).toBe(TOMBSTONES_KEPT);
  });
});
