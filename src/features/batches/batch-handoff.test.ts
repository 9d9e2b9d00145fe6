import { afterEach, describe, expect, it, vi } from 'vitest';
import { lettingGo, slowSaves, twoTabs } from './test-tabs';

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

// No edit a person makes is lost while a batch's run passes from one tab to another (decision 620).
describe('an edit during the run’s handoff', () => {
  it('told while the running tab closes, is taken up by the tab that runs the batch next', async () => {
    const { kept, first, second, batch } = twoTabs(['a', 'b', 'c'], 2, { shareEdits: true });
    first.runner.start(batch);
    await vi.waitFor(() => expect(first.watchers.size).toBe(2));
    second.runner.follow(kept.get(batch.id)!);
    await vi.waitFor(() => expect(second.runner.runningElsewhere(batch.id)).toBe(true));
    // The first tab closes; the person fixes row c in the second in the same moment.
    first.runner.forget(batch.id);
    second.runner.edit(batch.id, (b) => ({
      ...b,
      rows: b.rows.map((r, i) => (i === 2 ? { ...r, cells: ['c fixed'] } : r)),
    }));
    await vi.waitFor(() => expect(second.watchers.size).toBe(2));
    await settle();
    expect(second.runner.get(batch.id)!.rows[2]!.cells).toEqual(['c fixed']);
    expect(kept.get(batch.id)!.rows[2]!.cells).toEqual(['c fixed']);
    // Row c is sent as fixed once a slot frees up.
    const [id, seen] = [...second.watchers][0]!;
    seen({ data: { id, status: 'succeeded' } });
    await vi.waitFor(() => expect(second.deps.create).toHaveBeenCalledTimes(1));
    await settle();
    expect(kept.get(batch.id)!.rows[2]).toMatchObject({ cells: ['c fixed'], state: 'running' });
  });

  it('told while the running tab lets a paused run go, with no tab to take it up, is written onto the kept batch', async () => {
    const { kept, first, second, batch } = twoTabs(['a', 'b'], 1, { shareEdits: true });
    second.runner.open(structuredClone(batch));
    first.runner.start(batch);
    await vi.waitFor(() => expect(first.watchers.size).toBe(1));
    // The first tab's last write is slow: it still holds the run while it lets it go.
    const land = await lettingGo(first, batch.id);
    second.runner.edit(batch.id, (b) => ({
      ...b,
      rows: b.rows.map((r, i) => (i === 1 ? { ...r, cells: ['b fixed'] } : r)),
    }));
    await settle();
    land();
    await vi.waitFor(() => expect(kept.get(batch.id)!.rows[1]!.cells).toEqual(['b fixed']), {
      timeout: 3000,
    });
    expect(kept.get(batch.id)!.rows[0]!.state).toBe('succeeded');
  });
});

describe('an edit answered late', () => {
  afterEach(() => vi.useRealTimers());

  it('told again, is written once: a later edit in the running tab is not undone', async () => {
    // The clock is the test's: the edit is told again exactly when the test lets time pass.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { kept, first, second, batch, bus } = twoTabs(['a', 'b'], 1, { shareEdits: true });
    second.runner.open(structuredClone(batch));
    first.runner.start(batch);
    await vi.advanceTimersByTimeAsync(0);
    expect(first.watchers.size).toBe(1);
    // The running tab's writes are slow: its answer comes after the edit has been told again.
    const land = slowSaves(first);
    const patches = () => bus!.said.filter((m) => 'patch' in m).length;
    second.runner.edit(batch.id, (b) => ({
      ...b,
      rows: b.rows.map((r, i) => (i === 1 ? { ...r, cells: ['b2'] } : r)),
    }));
    await vi.advanceTimersByTimeAsync(0);
    expect(first.runner.get(batch.id)!.rows[1]!.cells).toEqual(['b2']);
    expect(patches()).toBe(1);
    first.runner.edit(batch.id, (b) => ({
      ...b,
      rows: b.rows.map((r, i) => (i === 1 ? { ...r, cells: ['b3'] } : r)),
    }));
    await vi.advanceTimersByTimeAsync(second.deps.editRetryMs);
    expect(patches()).toBe(2);
    land();
    await vi.advanceTimersByTimeAsync(0);
    expect(first.runner.get(batch.id)!.rows[1]!.cells).toEqual(['b3']);
    expect(kept.get(batch.id)!.rows[1]!.cells).toEqual(['b3']);
    // Answered: not told a third time.
    await vi.advanceTimersByTimeAsync(second.deps.editRetryMs * 3);
    expect(patches()).toBe(2);
  });
});
