import { describe, expect, it, vi } from 'vitest';
import { emptyBatch, type Batch } from './batch-model';
import { claimRun } from '@/lib/run-lock';
import { tab, twoTabs } from './test-tabs';
import { FakeLocks } from '@/test/fake-locks';
import { toRows } from './batch-table';

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

type Tab = ReturnType<typeof tab>;

/** Every task the tab follows answers that it succeeded. */
function succeedAll(t: Tab) {
  for (const [id, seen] of [...t.watchers]) seen({ data: { id, status: 'succeeded' } });
}

/** The tab opens the batch as kept while another tab runs it, and says so. */
async function followElsewhere(t: Tab, kept: Map<string, Batch>, id: string) {
  t.runner.follow(kept.get(id)!);
  await vi.waitFor(() => expect(t.runner.runningElsewhere(id)).toBe(true));
}

describe('one batch, two tabs', () => {
  it('a second runner sends nothing while the first holds the run, and takes it up where it was left', async () => {
    const { kept, first, second, batch } = twoTabs(['a', 'b', 'c', 'd'], 2);

    first.runner.start(batch);
    await vi.waitFor(() => expect(first.deps.create).toHaveBeenCalledTimes(2));
    // The other tab resumes the same batch (its shell reads it as running) and is asked to run it.
    await followElsewhere(second, kept, batch.id);
    second.runner.resume(batch.id);
    second.runner.retryFailed(batch.id);
    await settle();
    expect(second.deps.create).not.toHaveBeenCalled();
    expect(second.watchers.size).toBe(0);
    expect(first.runner.runningElsewhere(batch.id)).toBe(false);

    // The first tab closes: the second reads the batch as the first left it, follows its two tasks
    // (the limit is full), and sends the last two rows only as they end.
    first.runner.forget(batch.id);
    await vi.waitFor(() => expect(second.runner.runningElsewhere(batch.id)).toBe(false));
    await vi.waitFor(() => expect(second.watchers.size).toBe(2));
    expect(second.deps.create).not.toHaveBeenCalled();
    succeedAll(second);
    await vi.waitFor(() => expect(second.deps.create).toHaveBeenCalledTimes(2));
    expect(first.deps.create).toHaveBeenCalledTimes(2);
    expect(kept.get(batch.id)!.rows.map((r) => r.state)).toEqual([
      'succeeded',
      'succeeded',
      'running',
      'running',
    ]);
  });

  it('a start from a tab holding an older copy waits for the run and never writes that copy over the kept one', async () => {
    const { kept, first, second, batch } = twoTabs(['a', 'b', 'c'], 2);
    // The second tab opened the batch before the first ran it: its copy has every row pending.
    second.runner.open(structuredClone(batch));
    first.runner.start(batch);
    await vi.waitFor(() => expect(first.watchers.size).toBe(2));
    second.runner.start(second.runner.get(batch.id)!);
    await vi.waitFor(() => expect(second.runner.runningElsewhere(batch.id)).toBe(true));
    await settle();
    expect(second.deps.create).not.toHaveBeenCalled();
    expect(kept.get(batch.id)!.rows.map((r) => r.state)).toEqual(['running', 'running', 'pending']);

    // When the first tab closes, the start applies to the batch as kept: rows a and b are followed,
    // not sent again; only c is sent, once one of them ends.
    first.runner.forget(batch.id);
    await vi.waitFor(() => expect(second.watchers.size).toBe(2));
    expect(second.deps.create).not.toHaveBeenCalled();
    const [id, seen] = [...second.watchers][0]!;
    seen({ data: { id, status: 'succeeded' } });
    await vi.waitFor(() => expect(second.deps.create).toHaveBeenCalledTimes(1));
    expect(first.deps.create.mock.calls.length + second.deps.create.mock.calls.length).toBe(3);
  });

  it('a finished run is let go: a tab waiting on it stops saying it runs elsewhere and sends nothing', async () => {
    const { kept, first, second, batch } = twoTabs(['a'], 1);
    first.runner.start(batch);
    await vi.waitFor(() => expect(first.watchers.size).toBe(1));
    await followElsewhere(second, kept, batch.id);
    succeedAll(first);
    await vi.waitFor(() => expect(second.runner.runningElsewhere(batch.id)).toBe(false));
    expect(second.runner.get(batch.id)!.state).toBe('done');
    expect(second.deps.create).not.toHaveBeenCalled();
  });

  it('an edit in a tab that does not know the batch runs is merged into the running tab’s record, not written from its older copy', async () => {
    const { kept, first, second, batch, bus } = twoTabs(['a', 'b', 'c', 'd'], 2, { shareEdits: true });
    // The second tab opened the batch as a draft, before the first ran it; it never claims it.
    second.runner.open(structuredClone(batch));
    first.runner.start(batch);
    await vi.waitFor(() => expect(first.watchers.size).toBe(2));
    const [keyA, , keyC, keyD] = batch.rows.map((r) => r.key);

    // The person fixes row c's cell, drops row d and renames the batch in the waiting tab.
    second.runner.edit(batch.id, (b) => ({
      ...b,
      name: 'Catalogue',
      rows: b.rows.map((r) =>
        r.key === keyC ? { ...r, cells: ['c fixed'] } : r.key === keyD ? { ...r, state: 'dropped' } : r,
      ),
    }));
    await settle();
    const stored = () => kept.get(batch.id)!;
    // The running tab's progress stays: its sent rows keep their tasks.
    expect(stored().rows.map((r) => r.state)).toEqual(['running', 'running', 'pending', 'dropped']);
    expect(stored().rows[0]!.taskId).toBeDefined();
    expect(stored().rows[2]!.cells).toEqual(['c fixed']);
    expect(stored().name).toBe('Catalogue');

    // The running tab goes on with the edit: its next writes keep it, and row d is never sent.
    succeedAll(first);
    await vi.waitFor(() => expect(first.deps.create).toHaveBeenCalledTimes(3));
    await settle();
    expect(stored().rows.find((r) => r.key === keyA)!.state).toBe('succeeded');
    expect(stored().rows.map((r) => r.cells[0])).toEqual(['a', 'b', 'c fixed', 'd']);
    expect(stored().rows.map((r) => r.state)).toEqual(['succeeded', 'succeeded', 'running', 'dropped']);
    expect(stored().name).toBe('Catalogue');
    expect(second.deps.create).not.toHaveBeenCalled();
    // The running tab said it wrote the edit: it was told once, never passed on again.
    expect(bus!.said.filter((m) => 'patch' in m)).toHaveLength(1);
    expect(bus!.said.filter((m) => 'ack' in m)).toHaveLength(1);
  });

  it('a pause in the tab that waits on the run pauses the running tab', async () => {
    const { kept, first, second, batch } = twoTabs(['a', 'b'], 1, { shareEdits: true });
    first.runner.start(batch);
    await vi.waitFor(() => expect(first.watchers.size).toBe(1));
    await followElsewhere(second, kept, batch.id);
    second.runner.pause(batch.id);
    await vi.waitFor(() => expect(first.runner.get(batch.id)!.state).toBe('paused'));
    succeedAll(first);
    await settle();
    expect(first.deps.create).toHaveBeenCalledTimes(1);
    expect(kept.get(batch.id)!.rows.map((r) => r.state)).toEqual(['succeeded', 'pending']);
    expect(kept.get(batch.id)!.state).toBe('paused');
  });

  it('an edit of a copy older than a run that has ended is written onto the kept batch, its results kept', async () => {
    const { kept, first, second, batch } = twoTabs(['a', 'b'], 1, { shareEdits: true });
    second.runner.open(structuredClone(batch));
    first.runner.start(batch);
    await vi.waitFor(() => expect(first.watchers.size).toBe(1));
    first.runner.pause(batch.id);
    succeedAll(first);
    // Nothing left to follow: the first tab lets the run go. No tab runs the batch now.
    await settle();
    second.runner.edit(batch.id, (b) => ({
      ...b,
      rows: b.rows.map((r, i) => (i === 1 ? { ...r, cells: ['b fixed'] } : r)),
    }));
    await settle();
    const stored = kept.get(batch.id)!;
    expect(stored.state).toBe('paused');
    expect(stored.rows.map((r) => r.state)).toEqual(['succeeded', 'pending']);
    expect(stored.rows[0]!.taskId).toBeDefined();
    expect(stored.rows[1]!.cells).toEqual(['b fixed']);
    // The tab that edited now shows the batch as kept.
    expect(second.runner.get(batch.id)!.rows[0]!.state).toBe('succeeded');
  });

  it('an edit in the one tab that has the batch writes its own copy: nothing read back, no row checked again', async () => {
    const kept = new Map<string, Batch>();
    const only = tab(kept, new FakeLocks());
    const load = vi.spyOn(only.deps, 'load');
    const batch: Batch = { ...emptyBatch(), rows: toRows([['a'], ['b']]) };
    only.runner.open(batch);
    only.runner.edit(batch.id, (b) => ({
      ...b,
      rows: b.rows.map((r, i) => (i ? { ...r, cells: ['b2'] } : r)),
    }));
    only.runner.edit(batch.id, (b) => ({ ...b, name: 'Mugs' }));
    await vi.waitFor(() => expect(kept.get(batch.id)?.name).toBe('Mugs'));
    await settle();
    expect(load).not.toHaveBeenCalled();
    expect(kept.get(batch.id)!.rows[1]!.cells).toEqual(['b2']);
    // The rows the edit did not touch are the same objects: their checks stay cached.
    expect(only.runner.get(batch.id)!.rows[0]).toBe(batch.rows[0]);
    expect(only.runner.get(batch.id)!.name).toBe('Mugs');
  });

  it('a start right after edits runs the batch as edited, and an edit made while the start waits is kept', async () => {
    const kept = new Map<string, Batch>();
    const only = tab(kept, new FakeLocks());
    const batch: Batch = { ...emptyBatch(), concurrency: 1 };
    kept.set(batch.id, structuredClone(batch));
    only.runner.open(batch);
    only.runner.edit(batch.id, (b) => ({ ...b, headers: ['product'], columns: [{ variable: 'product' }] }));
    only.runner.edit(batch.id, (b) => ({ ...b, rows: toRows([['mug'], ['hat']]) }));
    only.runner.start(only.runner.get(batch.id)!);
    only.runner.edit(batch.id, (b) => ({ ...b, name: 'Shop' }));
    await vi.waitFor(() => expect(only.deps.create).toHaveBeenCalledOnce());
    await settle();
    const held = only.runner.get(batch.id)!;
    expect(held.rows.map((r) => [r.cells[0], r.state])).toEqual([
      ['mug', 'running'],
      ['hat', 'pending'],
    ]);
    expect(held.name).toBe('Shop');
    expect(kept.get(batch.id)!.name).toBe('Shop');
    expect(kept.get(batch.id)!.rows).toHaveLength(2);
  });

  it('without Web Locks the run is granted at once, as before the guard', () => {
    const granted = vi.fn();
    const elsewhere = vi.fn();
    claimRun('batch', 'batch_x', { granted, elsewhere }, undefined);
    expect(granted).toHaveBeenCalledOnce();
    expect(elsewhere).not.toHaveBeenCalled();
  });
});
