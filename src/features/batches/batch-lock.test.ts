import { describe, expect, it, vi } from 'vitest';
import { emptyBatch, type Batch } from './batch-model';
import { claimRun } from '@/lib/run-lock';
import { FakeLocks } from '@/test/fake-locks';
import { BatchRunner, type BatchRunnerDeps, type Watched } from './batch-runner';
import { toRows } from './batch-table';

/** One tab: its own runner, the browser's shared storage and locks. */
function tab(kept: Map<string, Batch>, locks: FakeLocks) {
  const watchers = new Map<string, (w: Watched) => void>();
  let next = 0;
  const name = Math.random().toString(36).slice(2, 6);
  const deps = {
    body: () => ({ model: 'video-2.0-cl', prompt: 'x' }),
    create: vi.fn(async () => ({ id: `task_${name}_${++next}` })),
    findCreated: () => undefined,
    watchTask: (id: string, seen: (w: Watched) => void) => {
      watchers.set(id, seen);
      return () => watchers.delete(id);
    },
    save: async (b: Batch) => {
      kept.set(b.id, structuredClone(b));
    },
    load: async (id: string) => structuredClone(kept.get(id)),
    claim: (id, on) => claimRun('batch', id, on, locks as unknown as LockManager),
    describe: String,
  } satisfies BatchRunnerDeps;
  return { runner: new BatchRunner(deps), deps, watchers };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('one batch, two tabs', () => {
  it('a second runner sends nothing while the first holds the run, and takes it up where it was left', async () => {
    const kept = new Map<string, Batch>();
    const locks = new FakeLocks();
    const first = tab(kept, locks);
    const second = tab(kept, locks);
    const batch: Batch = { ...emptyBatch(), concurrency: 2, rows: toRows([['a'], ['b'], ['c'], ['d']]) };

    first.runner.start(batch);
    await vi.waitFor(() => expect(first.deps.create).toHaveBeenCalledTimes(2));
    // The other tab resumes the same batch (its shell reads it as running) and is asked to run it.
    second.runner.follow(kept.get(batch.id)!);
    await vi.waitFor(() => expect(second.runner.runningElsewhere(batch.id)).toBe(true));
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
    for (const [id, seen] of [...second.watchers]) seen({ data: { id, status: 'succeeded' } });
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
    const kept = new Map<string, Batch>();
    const locks = new FakeLocks();
    const first = tab(kept, locks);
    const second = tab(kept, locks);
    const batch: Batch = { ...emptyBatch(), concurrency: 2, rows: toRows([['a'], ['b'], ['c']]) };
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
    const kept = new Map<string, Batch>();
    const locks = new FakeLocks();
    const first = tab(kept, locks);
    const second = tab(kept, locks);
    const batch: Batch = { ...emptyBatch(), concurrency: 1, rows: toRows([['a']]) };
    first.runner.start(batch);
    await vi.waitFor(() => expect(first.watchers.size).toBe(1));
    second.runner.follow(kept.get(batch.id)!);
    await vi.waitFor(() => expect(second.runner.runningElsewhere(batch.id)).toBe(true));
    for (const [id, seen] of [...first.watchers]) seen({ data: { id, status: 'succeeded' } });
    await vi.waitFor(() => expect(second.runner.runningElsewhere(batch.id)).toBe(false));
    expect(second.runner.get(batch.id)!.state).toBe('done');
    expect(second.deps.create).not.toHaveBeenCalled();
  });

  it('without Web Locks the run is granted at once, as before the guard', () => {
    const granted = vi.fn();
    const elsewhere = vi.fn();
    claimRun('batch', 'batch_x', { granted, elsewhere }, undefined);
    expect(granted).toHaveBeenCalledOnce();
    expect(elsewhere).not.toHaveBeenCalled();
  });
});
