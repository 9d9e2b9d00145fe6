import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tab } from './test-tabs';
import { FakeLocks } from '@/test/fake-locks';
import { editsTransport, onLeaving } from './batch-edits-channel';
import { emptyBatch, type Batch } from './batch-model';
import { toRows } from './batch-table';

const settle = () => new Promise((resolve) => setTimeout(resolve, 40));

/** A second tab of this origin: an iframe's window shares localStorage and hears its `storage` events. */
function otherWindow(): Window {
  const iframe = document.createElement('iframe');
  document.body.append(iframe);
  return iframe.contentWindow!;
}

const fixed = (index: number, cell: string) => (b: Batch) => ({
  ...b,
  rows: b.rows.map((r, i) => (i === index ? { ...r, cells: [cell] } : r)),
});

describe('tabs coordinating a batch in a browser without BroadcastChannel', () => {
  beforeEach(() => vi.stubGlobal('BroadcastChannel', undefined));
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.replaceChildren();
  });

  it('tell each other by localStorage: an edit in the waiting tab reaches the running tab, which writes it', async () => {
    const kept = new Map<string, Batch>();
    const locks = new FakeLocks();
    const first = tab(kept, locks, editsTransport(window)!);
    const second = tab(kept, locks, editsTransport(otherWindow())!);
    expect(first.runner.tellsOtherTabs).toBe(true);
    const batch: Batch = { ...emptyBatch(), concurrency: 1, rows: toRows([['a'], ['b']]) };
    second.runner.open(structuredClone(batch));
    first.runner.start(batch);
    await vi.waitFor(() => expect(first.watchers.size).toBe(1));

    second.runner.edit(batch.id, fixed(1, 'b fixed'));
    // Written by the running tab while it runs: row a keeps its task.
    await vi.waitFor(() => expect(kept.get(batch.id)!.rows[1]!.cells).toEqual(['b fixed']));
    expect(first.runner.get(batch.id)!.rows[1]!.cells).toEqual(['b fixed']);
    expect(kept.get(batch.id)!.rows[0]).toMatchObject({ state: 'running', taskId: expect.any(String) });
    expect(second.deps.create).not.toHaveBeenCalled();
  });

  it('without localStorage either, an edit made while another tab runs is kept and written once that tab lets the run go', async () => {
    const kept = new Map<string, Batch>();
    const locks = new FakeLocks();
    const noStorage = {
      get localStorage(): Storage {
        throw new DOMException('denied', 'SecurityError');
      },
    } as unknown as Window;
    expect(editsTransport(noStorage)).toBeUndefined();
    const first = tab(kept, locks, null);
    const second = tab(kept, locks, null);
    expect(second.runner.tellsOtherTabs).toBe(false);
    const batch: Batch = { ...emptyBatch(), concurrency: 1, rows: toRows([['a'], ['b']]) };
    second.runner.open(structuredClone(batch));
    first.runner.start(batch);
    await vi.waitFor(() => expect(first.watchers.size).toBe(1));

    second.runner.edit(batch.id, fixed(1, 'b fixed'));
    await settle();
    // No tab could be told: the edit is shown where it was made, and the run's record is left alone.
    expect(second.runner.get(batch.id)!.rows[1]!.cells).toEqual(['b fixed']);
    expect(kept.get(batch.id)!.rows.map((r) => [r.cells[0], r.state])).toEqual([
      ['a', 'running'],
      ['b', 'pending'],
    ]);
    // The running tab pauses and its task ends: it lets the run go, and the edit lands on the
    // batch as kept (read back: this tab could not hear the other's writes), its progress kept.
    first.runner.pause(batch.id);
    for (const [id, seen] of [...first.watchers]) seen({ data: { id, status: 'succeeded' } });
    await vi.waitFor(() => expect(kept.get(batch.id)!.rows[1]!.cells).toEqual(['b fixed']));
    expect(kept.get(batch.id)!.rows[0]!.state).toBe('succeeded');
    expect(kept.get(batch.id)!.state).toBe('paused');
    expect(second.runner.get(batch.id)!.rows[0]!.state).toBe('succeeded');
  });

  it('without localStorage either, a new batch edited in its only tab is kept', async () => {
    const kept = new Map<string, Batch>();
    const only = tab(kept, new FakeLocks(), null);
    const batch: Batch = { ...emptyBatch(), rows: toRows([['a']]) };
    only.runner.open(batch);
    only.runner.edit(batch.id, (b) => ({ ...b, name: 'Mugs' }));
    await vi.waitFor(() => expect(kept.get(batch.id)?.name).toBe('Mugs'));
    only.runner.edit(batch.id, fixed(0, 'a fixed'));
    await vi.waitFor(() => expect(kept.get(batch.id)!.rows[0]!.cells).toEqual(['a fixed']));
    expect(only.runner.get(batch.id)!.name).toBe('Mugs');
  });
});

describe('a tab going away', () => {
  afterEach(() => vi.restoreAllMocks());

  it('tells its waiting edits on pagehide, and when it is hidden, not when it is shown again', () => {
    const flush = vi.fn();
    const unhook = onLeaving(flush);
    window.dispatchEvent(new Event('pagehide'));
    expect(flush).toHaveBeenCalledTimes(1);
    const state = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(flush).toHaveBeenCalledTimes(2);
    state.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(flush).toHaveBeenCalledTimes(2);
    unhook();
    window.dispatchEvent(new Event('pagehide'));
    expect(flush).toHaveBeenCalledTimes(2);
  });
});
