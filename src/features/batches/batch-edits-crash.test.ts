import { describe, expect, it, vi } from 'vitest';
import type { Batch } from './batch-model';
import type { BatchRunnerDeps } from './batch-runner';
import { runningTabs, tab } from './test-tabs';

const settle = () => new Promise((resolve) => setTimeout(resolve, 40));

const fixed = (index: number, cell: string) => (b: Batch) => ({
  ...b,
  rows: b.rows.map((r, i) => (i === index ? { ...r, cells: [cell] } : r)),
});

// An edit made in a tab that does not run the batch, kept in IndexedDB, whose tab crashed (no
// pagehide) before the running tab heard it: the running tab takes it up while it runs (decision 660).
describe('an edit whose tab crashed before telling it', () => {
  it('is written by the running tab at its next look into the kept edits, once', async () => {
    const { kept, first, second, batch, bus, pending } = await runningTabs(['a', 'b', 'c'], 1);

    second.runner.edit(batch.id, fixed(2, 'c fixed'));
    second.crash();
    await settle();
    // Kept, never told: the running tab has not written it.
    expect(bus!.said.some((m) => 'patch' in m)).toBe(false);
    expect(pending!.kept.size).toBe(1);
    const [key] = [...pending!.kept.keys()];
    expect(kept.get(batch.id)!.rows[2]!.cells).toEqual(['c']);

    await first.checkKept();
    await settle();
    expect(kept.get(batch.id)!.rows.map((r) => [r.cells[0], r.state])).toEqual([
      ['a', 'running'],
      ['b', 'pending'],
      ['c fixed', 'pending'],
    ]);
    expect(first.runner.get(batch.id)!.rows[2]!.cells).toEqual(['c fixed']);
    expect(pending!.kept.size).toBe(0);

    // Looked again: nothing more is applied, and the edit is listed once.
    await first.checkKept();
    await settle();
    expect(kept.get(batch.id)!.editsWritten!.filter((k) => k === key)).toHaveLength(1);
    // The run goes on with the fixed cell: row c is sent as fixed.
    for (const [id, seen] of [...first.watchers]) seen({ data: { id, status: 'succeeded' } });
    await vi.waitFor(() => expect(first.deps.create).toHaveBeenCalledTimes(2));
    for (const [id, seen] of [...first.watchers]) seen({ data: { id, status: 'succeeded' } });
    await vi.waitFor(() => expect(first.deps.create).toHaveBeenCalledTimes(3));
    await settle();
    expect(kept.get(batch.id)!.rows[2]).toMatchObject({ cells: ['c fixed'], state: 'running' });
  });

  /** Three tabs: the first runs the batch, the second edits row c and crashes, the third has it open. */
  async function crashedEditBesideThirdTab() {
    const tabs = await runningTabs(['a', 'b', 'c'], 1);
    const { kept, second, batch, bus, pending, locks } = tabs;
    const third = tab(kept, locks, bus!.transport(), pending);
    third.runner.open((await third.runner.loadKept(batch.id))!);
    second.runner.edit(batch.id, fixed(2, 'c crashed'));
    second.crash();
    return { ...tabs, third };
  }

  it('does not undo a later edit of the same cell by another tab, now or when the run changes hands', async () => {
    const { kept, first, batch, pending, third } = await crashedEditBesideThirdTab();
    // Made later (the clock has moved on), told to the running tab and written by it.
    await settle();
    third.runner.edit(batch.id, fixed(2, 'c later'));
    await vi.waitFor(() => expect(kept.get(batch.id)!.rows[2]!.cells).toEqual(['c later']));
    await vi.waitFor(() => expect(pending!.kept.size).toBe(1));

    await first.checkKept();
    await settle();
    expect(kept.get(batch.id)!.rows[2]!.cells).toEqual(['c later']);
    expect(first.runner.get(batch.id)!.rows[2]!.cells).toEqual(['c later']);
    // Taken up (listed as written, so no tab applies it again) and no longer kept.
    expect(pending!.kept.size).toBe(0);

    // The running tab closes; the tab that reads the batch next shows the later edit.
    first.runner.forget(batch.id);
    expect((await third.runner.loadKept(batch.id))!.rows[2]!.cells).toEqual(['c later']);
  });

  it('is not undone by a later edit of another cell, nor undoes it', async () => {
    const { kept, first, batch, third } = await crashedEditBesideThirdTab();
    await settle();
    third.runner.edit(batch.id, fixed(1, 'b later'));
    await vi.waitFor(() => expect(kept.get(batch.id)!.rows[1]!.cells).toEqual(['b later']));

    await first.checkKept();
    await settle();
    expect(kept.get(batch.id)!.rows.map((r) => r.cells[0])).toEqual(['a', 'b later', 'c crashed']);
  });

  /** The running tab's body of a row is its cell, as the real check makes it. */
  const cellBodies = (t: { deps: object }) =>
    ((t.deps as BatchRunnerDeps).body = (b, i) => ({ model: 'video-2.0-cl', prompt: b.rows[i]!.cells[0]! }));
  const prompts = (t: { deps: { create: { mock: { calls: unknown[][] } } } }) =>
    t.deps.create.mock.calls.map((c) => (c[0] as { prompt: string }).prompt);

  // Decision 671: the running tab looks into the kept edits right before each row's POST leaves.
  it('goes with the row sent next even when the 10-second look has not come', async () => {
    const { kept, first, second, batch, pending } = await runningTabs(['a', 'b', 'c'], 1);
    cellBodies(first);
    second.runner.edit(batch.id, fixed(1, 'b fixed'));
    second.crash();
    await settle();
    for (const [id, seen] of [...first.watchers]) seen({ data: { id, status: 'succeeded' } });
    await vi.waitFor(() => expect(first.deps.create).toHaveBeenCalledTimes(2));
    expect(prompts(first)).toEqual(['x', 'b fixed']);
    await settle();
    expect(kept.get(batch.id)!.rows[1]).toMatchObject({ cells: ['b fixed'], state: 'running' });
    expect(pending!.kept.size).toBe(0);
  });

  it('that dropped the row sent next keeps it from being sent', async () => {
    const { kept, first, second, batch } = await runningTabs(['a', 'b', 'c'], 1);
    cellBodies(first);
    second.runner.edit(batch.id, (b) => ({
      ...b,
      rows: b.rows.map((r, i) => (i === 1 ? { ...r, state: 'dropped' as const } : r)),
    }));
    second.crash();
    await settle();
    for (const [id, seen] of [...first.watchers]) seen({ data: { id, status: 'succeeded' } });
    await vi.waitFor(() => expect(first.deps.create).toHaveBeenCalledTimes(2));
    expect(prompts(first)).toEqual(['x', 'c']);
    await settle();
    expect(kept.get(batch.id)!.rows.map((r) => r.state)).toEqual(['succeeded', 'dropped', 'running']);
  });

  it('edits two rows sent in the same turn: each goes as edited, whichever send found it', async () => {
    const { first, second, batch } = await runningTabs(['a', 'b', 'c', 'd'], 2);
    cellBodies(first);
    second.runner.edit(batch.id, (b) => fixed(3, 'd fixed')(fixed(2, 'c fixed')(b)));
    second.crash();
    await settle();
    for (const [id, seen] of [...first.watchers]) seen({ data: { id, status: 'succeeded' } });
    await vi.waitFor(() => expect(first.deps.create).toHaveBeenCalledTimes(4));
    expect(prompts(first).slice(2).sort()).toEqual(['c fixed', 'd fixed']);
  });

  // Decision 671: `editedAt` is let go of once no kept edit can be older than its notes.
  it('lets the notes of edits go once the running tab has looked into the kept edits a minute after', async () => {
    const { kept, first, second, batch } = await runningTabs(['a', 'b', 'c'], 1);
    second.runner.edit(batch.id, fixed(2, 'c told'));
    const part = `r:${batch.rows[2]!.key}`;
    await vi.waitFor(() => expect(kept.get(batch.id)!.editedAt?.[part]).toBeDefined());
    // Looked now: an edit made a moment ago may not be kept yet, so its note stays.
    await first.checkKept();
    await settle();
    expect(kept.get(batch.id)!.editedAt?.[part]).toBeDefined();
    // Two minutes on: every edit made before the note was kept then, and the look wrote it.
    const later = Date.now() + 120_000;
    (first.deps as BatchRunnerDeps).now = () => later;
    await first.checkKept();
    await settle();
    expect(kept.get(batch.id)!.editedAt).toEqual({});
    expect(kept.get(batch.id)!.rows[2]!.cells).toEqual(['c told']);
  });
});
