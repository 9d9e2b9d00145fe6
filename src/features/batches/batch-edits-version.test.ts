import { isRecord } from '@contract/is-record';
import { describe, expect, it, vi } from 'vitest';
import { toWire, type BatchEditMessage } from './batch-edits-channel';
import { runningTabs } from './test-tabs';

const settle = () => new Promise((resolve) => setTimeout(resolve, 40));

/** How a tab of the build before versions (decision 620) read what it heard. */
const readByOlderBuild = (v: unknown) =>
  isRecord(v) &&
  typeof v.id === 'string' &&
  ((isRecord(v.patch) && typeof v.key === 'string') || typeof v.ack === 'string' || v.wrote === true);

const patchOf = (cells: unknown) => ({ fields: {}, rows: { key: { cells } } });

// Two tabs of one browser may run two builds of the dashboard (decision 660).
describe('edit messages between tabs of two builds', () => {
  it('an older build’s edit is neither applied nor answered, and the page says another tab runs an older version', async () => {
    const { first, batch, bus } = await runningTabs(['a', 'b'], 1);
    const key = first.runner.get(batch.id)!.rows[1]!.key;
    bus!.send({ id: batch.id, patch: { fields: {}, rows: { [key]: { cells: ['b old'] } } }, key: 'old:1' });
    await settle();
    expect(first.runner.get(batch.id)!.rows[1]!.cells).toEqual(['b']);
    // No answer: the older tab keeps its edit, and writes it itself once the run is let go.
    expect(bus!.said.filter((m) => 'ack' in m)).toEqual([]);
    expect(first.runner.otherBuild).toBe('older');
  });

  it('a newer build’s edit is neither applied nor answered, and the page asks to reload', async () => {
    const { first, second, batch, bus } = await runningTabs(['a', 'b'], 1);
    const key = first.runner.get(batch.id)!.rows[1]!.key;
    const changed = { fields: { name: 'x' }, rows: { [key]: { cells: ['b new'] } }, v3only: true };
    bus!.send({
      protocol: 'media-studio.batch-edits',
      v: 3,
      message: { id: batch.id, patch: changed, key: 'new:1' },
    });
    await settle();
    expect(first.runner.get(batch.id)!.rows[1]!.cells).toEqual(['b']);
    expect(first.runner.get(batch.id)!.name).toBe('');
    expect(bus!.said.filter((m) => 'ack' in m)).toEqual([]);
    expect(first.runner.otherBuild).toBe('newer');
    expect(second.runner.otherBuild).toBe('newer');
  });

  it('a message of this version that does not pass its schema is dropped at the edge, never applied', async () => {
    const { first, batch, bus } = await runningTabs(['a', 'b'], 1);
    const key = first.runner.get(batch.id)!.rows[1]!.key;
    bus!.send(toWire({ id: batch.id, patch: patchOf('not a list') as never, key: 'bad:1' }));
    bus!.send(
      toWire({
        id: batch.id,
        patch: { ...patchOf(['ok']), rows: { [key]: { cells: [1] } } } as never,
        key: 'bad:2',
      }),
    );
    await settle();
    expect(first.runner.get(batch.id)!.rows[1]!.cells).toEqual(['b']);
    expect(bus!.said.filter((m) => 'ack' in m)).toEqual([]);
    expect(first.runner.otherBuild).toBeUndefined();
  });

  it('this build’s messages are not taken by a tab of the build before versions', () => {
    const messages: BatchEditMessage[] = [
      { id: 'batch_1', patch: { fields: {}, rows: {} }, key: 't:1' },
      { id: 'batch_1', ack: 't:1' },
      { id: 'batch_1', wrote: true },
    ];
    for (const m of messages) {
      expect(readByOlderBuild(m)).toBe(true);
      expect(readByOlderBuild(toWire(m))).toBe(false);
    }
  });

  it('between tabs of this build, an edit is applied and answered as before', async () => {
    const { kept, first, second, batch } = await runningTabs(['a', 'b'], 1);
    second.runner.edit(batch.id, (b) => ({
      ...b,
      rows: b.rows.map((r, i) => (i === 1 ? { ...r, cells: ['b fixed'] } : r)),
    }));
    await vi.waitFor(() => expect(kept.get(batch.id)!.rows[1]!.cells).toEqual(['b fixed']));
    expect(first.runner.otherBuild).toBeUndefined();
    expect(second.runner.otherBuild).toBeUndefined();
  });
});
