import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyBatch, isActiveRow, type Batch } from './batch-model';
import { BatchRunner, type BatchRunnerDeps, type Watched } from './batch-runner';
import { toRows } from './batch-table';

type Seen = (w: Watched) => void;

function setup(rows = 10, concurrency = 3) {
  const watchers = new Map<string, Seen>();
  const saved: Batch[] = [];
  let next = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const deps = {
    body: () => ({ model: 'video-2.0-cl', prompt: 'x' }),
    create: vi.fn(async () => {
      next += 1;
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      return { id: `task_${next}` };
    }),
    findCreated: vi.fn((): string | undefined => undefined),
    watchTask: (id: string, seen: Seen) => {
      watchers.set(id, seen);
      return () => watchers.delete(id);
    },
    save: async (b: Batch) => {
      saved.push(b);
    },
    describe: (e: unknown) => String((e as Error).message ?? e),
  } satisfies BatchRunnerDeps;
  const runner = new BatchRunner(deps);
  const batch: Batch = {
    ...emptyBatch(),
    concurrency,
    rows: toRows(Array.from({ length: rows }, (_, i) => [`row ${i}`])),
  };
  const finish = (id: string, status = 'succeeded') => {
    inFlight -= 1;
    watchers.get(id)?.({ data: { id, status, video_url: `https://x/${id}.mp4` } });
  };
  return { runner, batch, deps, watchers, saved, finish, maxInFlight: () => maxInFlight };
}

describe('BatchRunner', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
  afterEach(() => vi.useRealTimers());

  it('never has more than the concurrency limit of tasks sent and unfinished, and ends done', async () => {
    const { runner, batch, deps, watchers, finish, maxInFlight } = setup(10, 3);
    runner.start(batch);
    await vi.runAllTimersAsync();
    expect(deps.create).toHaveBeenCalledTimes(3);
    for (let round = 0; round < 10 && watchers.size > 0; round++) {
      for (const id of [...watchers.keys()]) finish(id);
      await vi.runAllTimersAsync();
    }
    expect(deps.create).toHaveBeenCalledTimes(10);
    expect(maxInFlight()).toBe(3);
    const done = runner.get(batch.id)!;
    expect(done.state).toBe('done');
    expect(done.rows.every((r) => r.state === 'succeeded' && r.resultUrl?.endsWith('.mp4'))).toBe(true);
  });

  it('a 429 holds every send of the batch until its Retry-After, then goes on', async () => {
    const { runner, batch, deps } = setup(6, 3);
    deps.create.mockRejectedValueOnce(
      Object.assign(new Error('Too many'), { status: 429, retryAfterMs: 5000 }),
    );
    runner.start(batch);
    await vi.advanceTimersByTimeAsync(0);
    const afterRefusal = deps.create.mock.calls.length;
    // The refused row is pending again, and nothing is sent during the wait even though a slot is free.
    expect(runner.get(batch.id)!.pausedUntil).toBeGreaterThan(Date.now());
    await vi.advanceTimersByTimeAsync(4900);
    expect(deps.create.mock.calls.length).toBe(afterRefusal);
    await vi.advanceTimersByTimeAsync(200);
    expect(deps.create.mock.calls.length).toBe(afterRefusal + 1);
    expect(runner.get(batch.id)!.rows.filter(isActiveRow)).toHaveLength(3);
  });

  it('a 402 stops the batch, says so, and sends nothing more', async () => {
    const { runner, batch, deps, finish } = setup(6, 2);
    deps.create
      .mockResolvedValueOnce({ id: 'task_a' })
      .mockRejectedValueOnce(Object.assign(new Error('Insufficient quota'), { status: 402 }));
    runner.start(batch);
    await vi.runAllTimersAsync();
    const stopped = runner.get(batch.id)!;
    expect(stopped.state).toBe('stopped');
    expect(stopped.stopReason).toBe('quota');
    expect(stopped.rows[1]!.state).toBe('pending');
    finish('task_a');
    await vi.runAllTimersAsync();
    expect(deps.create).toHaveBeenCalledTimes(2);
    expect(runner.get(batch.id)!.rows[0]!.state).toBe('succeeded');
  });

  it('after a reload, a row cut off while sending takes the task the registry recorded, or fails saying so', async () => {
    const { runner, batch, deps, watchers } = setup(3, 3);
    const stored: Batch = {
      ...batch,
      state: 'running',
      rows: batch.rows.map((r, i) => (i < 2 ? { ...r, state: 'sending', startedAt: 1 } : r)),
    };
    deps.findCreated.mockImplementation(((_b: Batch, index: number) =>
      index === 0 ? 'task_kept' : undefined) as () => string | undefined);
    runner.follow(stored);
    await vi.runAllTimersAsync();
    expect(watchers.has('task_kept')).toBe(true);
    // Its POST may have made a paid task whose answer the reload cut off: never sent again by itself.
    expect(deps.create).toHaveBeenCalledTimes(1);
    expect(runner.get(batch.id)!.rows.map((r) => [r.state, r.error])).toEqual([
      ['running', undefined],
      ['failed', 'sendCutOff'],
      ['running', undefined],
    ]);
    // The person retries it: a new request.
    runner.retryFailed(batch.id);
    await vi.runAllTimersAsync();
    expect(deps.create).toHaveBeenCalledTimes(2);
    expect(runner.get(batch.id)!.rows[1]!.state).toBe('running');
  });

  it('through the local server, a row cut off while sending goes again under its send key (decision 640)', async () => {
    const { batch, deps } = setup(3, 3);
    const keyed = { ...deps, sendKeys: () => true };
    const local = new BatchRunner(keyed);
    const stored: Batch = {
      ...batch,
      state: 'running',
      rows: batch.rows.map((r, i) =>
        i === 0
          ? { ...r, state: 'sending', startedAt: 1, sendKey: 'key-row-1' }
          : i === 1
            ? { ...r, state: 'sending', startedAt: 1 }
            : r,
      ),
    };
    local.follow(stored);
    await vi.runAllTimersAsync();
    const keys = deps.create.mock.calls.map((call) => (call as unknown[])[3]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe('key-row-1');
    // Row 3 was never sent: a fresh key of its own. Row 2 left without one (an older record): failed.
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(local.get(batch.id)!.rows.map((r) => [r.state, r.sendKey])).toEqual([
      ['running', undefined],
      ['failed', undefined],
      ['running', undefined],
    ]);
  });

  it('a row’s send key is written with its sending state, before its POST leaves', async () => {
    const { batch, deps, saved } = setup(1, 1);
    let keptWhenSent: Batch | undefined;
    const runner = new BatchRunner({
      ...deps,
      sendKeys: () => true,
      create: (body, b, index, sendKey) => {
        keptWhenSent = saved.at(-1);
        expect(sendKey).toBe(b.rows[index]!.sendKey);
        return deps.create();
      },
    });
    runner.start(batch);
    await vi.runAllTimersAsync();
    const row = keptWhenSent!.rows[0]!;
    expect(row.state).toBe('sending');
    expect(row.sendKey).toMatch(/^[0-9a-f-]{36}$/);
    // Its answer kept, the key is let go: a later send of the row is a new request.
    expect(runner.get(batch.id)!.rows[0]!.sendKey).toBeUndefined();
  });

  it('pause holds new sends; resume and retry of failed rows go on', async () => {
    const { runner, batch, deps, finish } = setup(4, 1);
    runner.start(batch);
    await vi.runAllTimersAsync();
    runner.pause(batch.id);
    finish('task_1', 'failed');
    await vi.runAllTimersAsync();
    expect(deps.create).toHaveBeenCalledTimes(1);
    expect(runner.get(batch.id)!.rows[0]!.state).toBe('failed');
    runner.resume(batch.id);
    await vi.runAllTimersAsync();
    expect(deps.create).toHaveBeenCalledTimes(2);
    finish('task_2');
    await vi.runAllTimersAsync();
    finish('task_3');
    await vi.runAllTimersAsync();
    finish('task_4');
    await vi.runAllTimersAsync();
    expect(runner.get(batch.id)!.state).toBe('done');
    runner.retryFailed(batch.id);
    await vi.runAllTimersAsync();
    expect(deps.create).toHaveBeenCalledTimes(5);
    expect(runner.get(batch.id)!.rows[0]!.state).toBe('running');
  });

  it('lets go of the notes of its rows’ edits once they have all succeeded (decision 671)', async () => {
    const { runner, batch, finish } = setup(2, 2);
    runner.open(batch);
    runner.edit(batch.id, (b) => ({ ...b, rows: b.rows.map((r) => ({ ...r, cells: ['fixed'] })) }));
    expect(Object.keys(runner.get(batch.id)!.editedAt ?? {})).toHaveLength(2);
    runner.start(runner.get(batch.id)!);
    await vi.runAllTimersAsync();
    finish('task_1');
    finish('task_2');
    await vi.runAllTimersAsync();
    expect(runner.get(batch.id)!.state).toBe('done');
    expect(Object.keys(runner.get(batch.id)!.editedAt ?? {})).toEqual(['state']);
  });
});
