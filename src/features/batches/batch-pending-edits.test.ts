import 'fake-indexeddb/auto';
import { createStore, keys, set } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { emptyBatch } from './batch-model';
import { idbPendingEdits, withEdits, type PendingEdit } from './batch-pending-edits';
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
