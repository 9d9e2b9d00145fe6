import 'fake-indexeddb/auto';
import { createStore, keys, set } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { emptyBatch } from './batch-model';
import { idbPendingEdits, pruned, withEdits, type PendingEdit } from './batch-pending-edits';
import { toRows } from './batch-table';

const edit = (id: string, key: string, at: number, cell: string): PendingEdit => ({
  id,
  key,
  at,
  patch: { fields: {}, rows: { r1: { cells: [cell] } } },
});

describe('edits kept in IndexedDB until a tab writes them', () => {
  it('lists a batch’s edits of this version in the order they were made, and leaves another version’s', async () => {
    await idbPendingEdits.put(edit('batch_a', 't:2', 20, 'second'));
    await idbPendingEdits.put(edit('batch_a', 't:1', 10, 'first'));
    await idbPendingEdits.put(edit('batch_b', 'u:1', 5, 'other batch'));
    // A newer build's kept edit, and something that is not an edit at all.
    const raw = createStore('media-studio-batch-edits', 'edits');
    await set('n:1', { v: 3, id: 'batch_a', key: 'n:1', at: 1, patch: { changed: true } }, raw);
    await set('junk', 'junk', raw);

    const listed = await idbPendingEdits.list('batch_a');
    expect(listed.map((e) => [e.key, e.patch.rows.r1!.cells])).toEqual([
      ['t:1', ['first']],
      ['t:2', ['second']],
    ]);
    await idbPendingEdits.remove(['t:1', 't:2']);
    expect((await keys(raw)).sort()).toEqual(['junk', 'n:1', 'u:1']);
  });

  it('applied to a batch once, whoever finds them: a later edit of the same cell is not undone', () => {
    const batch = { ...emptyBatch(), rows: toRows([['a']]).map((r) => ({ ...r, key: 'r1' })) };
    const once = withEdits(batch, [edit(batch.id, 't:1', 1, 'b2')]);
    expect(once.rows[0]!.cells).toEqual(['b2']);
    const later = { ...once, rows: once.rows.map((r) => ({ ...r, cells: ['b3'] })) };
    expect(withEdits(later, [edit(batch.id, 't:1', 1, 'b2')])).toBe(later);
  });
});

// An edit found kept late (its tab crashed before telling it) is applied part by part: a part
// edited after it was made keeps its later value (decision 660, amended).
describe('an edit found kept after a later edit was written', () => {
  const base = () => ({
    ...emptyBatch(),
    state: 'running' as const,
    rows: toRows([['a'], ['b']]).map((r, i) => ({ ...r, key: `r${i + 1}` })),
  });
  const late = (patch: PendingEdit['patch']): PendingEdit => ({ id: 'x', key: 'c:1', at: 10, patch });

  it('leaves the fields and rows edited later, and applies the rest', () => {
    const batch = { ...base(), name: 'later name', editedAt: { 'f:name': 20, 'r:r1': 20 } };
    const merged = withEdits(batch, [
      late({
        fields: { name: 'old name', concurrency: 5 },
        rows: { r1: { cells: ['a old'] }, r2: { cells: ['b new'] } },
      }),
    ]);
    expect(merged.name).toBe('later name');
    expect(merged.concurrency).toBe(5);
    expect(merged.rows.map((r) => r.cells[0])).toEqual(['a', 'b new']);
    expect(merged.editedAt).toMatchObject({ 'f:name': 20, 'r:r1': 20, 'f:concurrency': 10, 'r:r2': 10 });
    expect(merged.editsWritten).toEqual(['c:1']);
  });

  it('does not pause a run started after it, and keeps a later order while adding its rows', () => {
    const batch = { ...base(), editedAt: { state: 20, order: 20 } };
    const added = { key: 'r3', cells: ['c'], state: 'pending' as const };
    const merged = withEdits(batch, [
      late({ fields: {}, rows: {}, pause: true, order: { keys: ['r2', 'r1', 'r3'], added: [added] } }),
    ]);
    expect(merged.state).toBe('running');
    expect(merged.rows.map((r) => r.key)).toEqual(['r1', 'r2', 'r3']);
  });

  it('applies what was edited before it, and stamps it', () => {
    const batch = { ...base(), editedAt: { state: 5, 'r:r1': 5 } };
    const merged = withEdits(batch, [late({ fields: {}, rows: { r1: { cells: ['a new'] } }, pause: true })]);
    expect(merged.state).toBe('paused');
    expect(merged.rows[0]!.cells).toEqual(['a new']);
    expect(merged.editedAt).toMatchObject({ state: 10, 'r:r1': 10 });
  });

  it('lets go of the notes of rows gone or succeeded, and of every note older than the settled time', () => {
    const [gone, done, failed, waiting] = toRows([['a'], ['b'], ['c'], ['d']]);
    const batch = {
      ...emptyBatch(),
      rows: [{ ...done!, state: 'succeeded' as const }, { ...failed!, state: 'failed' as const }, waiting!],
      editedAt: {
        [`r:${gone!.key}`]: 50,
        [`r:${done!.key}`]: 50,
        [`r:${failed!.key}`]: 50,
        [`r:${waiting!.key}`]: 10,
        'f:request': 10,
      },
    };
    expect(pruned(batch, 0)).toBe(batch);
    expect(pruned(batch, 20).editedAt).toEqual({
      [`r:${gone!.key}`]: 50,
      [`r:${done!.key}`]: 50,
      [`r:${failed!.key}`]: 50,
    });
    expect(pruned(batch, 0, { rows: true }).editedAt).toEqual({
      [`r:${failed!.key}`]: 50,
      [`r:${waiting!.key}`]: 10,
      'f:request': 10,
    });
    const tidy = pruned(batch, 20, { rows: true });
    expect(tidy.editedAt).toEqual({ [`r:${failed!.key}`]: 50 });
    expect(pruned(tidy, 20, { rows: true })).toBe(tidy);
  });
});
