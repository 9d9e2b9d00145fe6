import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyBatch, type Batch, type BatchRow } from './batch-model';
import { BatchRunner, type BatchRunnerDeps } from './batch-runner';
import { toRows } from './batch-table';

const fail = (status: number, message: string, code?: string) =>
  Object.assign(new Error(message), { status, ...(code ? { code } : {}) });

/**
 * The local server's Idempotency-Key as decision 640 keeps it: the first request under a key is
 * run and its answer kept (a task, or a refusal of the request); the same body again gets that
 * answer; another body under the key a 422 `idempotency_key_reused`.
 */
function keyedServer() {
  const kept = new Map<string, { body: string; answer: { id: string } | Error }>();
  const tasks: string[] = [];
  /** What the server does with the next new request: make its task, or refuse it and keep that. */
  let refuseNext: Error | undefined;
  const create = vi.fn(async (body: object, _b: Batch, _i: number, sendKey?: string) => {
    const text = JSON.stringify(body);
    const record = sendKey ? kept.get(sendKey) : undefined;
    if (record && record.body !== text)
      throw fail(
        422,
        'This Idempotency-Key was already used for a different request.',
        'idempotency_key_reused',
      );
    const answer = record?.answer ?? refuseNext ?? { id: `task_${tasks.push(text)}` };
    if (!record) refuseNext = undefined;
    if (sendKey && !record) kept.set(sendKey, { body: text, answer });
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return {
    create,
    tasks,
    refuse: (error: Error) => (refuseNext = error),
    /** A POST whose answer a reload cut off: the server ran it, the tab never heard. */
    ranUnheard: (sendKey: string, body: object) =>
      void create(body, emptyBatch(), 0, sendKey).catch(() => {}),
  };
}

function setup(server = keyedServer()) {
  const deps = {
    body: (b: Batch, i: number) => ({ model: 'video-2.0-cl', prompt: b.rows[i]!.cells[0]! }),
    create: server.create,
    sendKeys: () => true,
    findCreated: () => undefined,
    watchTask: () => () => {},
    save: async () => {},
    describe: (e: unknown) => (e as Error).message,
  } satisfies BatchRunnerDeps;
  const batch: Batch = { ...emptyBatch(), concurrency: 2, rows: toRows([['cat'], ['owl']]) };
  return { runner: new BatchRunner(deps), batch, server };
}

const row = (r: BatchRunner, id: string, n: number): BatchRow => r.get(id)!.rows[n]!;
const setCell = (index: number, cell: string) => (b: Batch) => ({
  ...b,
  rows: b.rows.map((r, i) => (i === index ? { ...r, cells: [cell] } : r)),
});

/** The batch as a reload left it: paused while row 1's POST was out, under `sendKey`, with the bodies it kept. */
function cutOff(batch: Batch, sendKey: string, sentBodies?: Record<string, unknown>[]): Batch {
  return {
    ...batch,
    state: 'paused',
    rows: batch.rows.map((r, i) =>
      i === 0 ? { ...r, state: 'sending', startedAt: 1, sendKey, ...(sentBodies ? { sentBodies } : {}) } : r,
    ),
  };
}

// A row in doubt: sent under a key, its answer never seen (decision 670).
describe('a row in doubt', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
  afterEach(() => vi.useRealTimers());

  it('edited while paused, whose first send made a task: follows that task, says so, and makes no second', async () => {
    const { runner, batch, server } = setup();
    server.ranUnheard('key-1', { model: 'video-2.0-cl', prompt: 'cat' });
    runner.follow(cutOff(batch, 'key-1', [{ model: 'video-2.0-cl', prompt: 'cat' }]));
    runner.edit(batch.id, setCell(0, 'dog'));
    runner.resume(batch.id);
    await vi.runAllTimersAsync();
    expect(server.tasks).toHaveLength(2);
    expect(row(runner, batch.id, 0)).toMatchObject({
      state: 'running',
      taskId: 'task_1',
      note: 'sentBeforeEdit',
      cells: ['dog'],
    });
    expect(row(runner, batch.id, 0).sendKey).toBeUndefined();
    expect(row(runner, batch.id, 1)).toMatchObject({ state: 'running', taskId: 'task_2' });
  });

  it('edited while paused, whose first send never reached the server: goes as edited, under its key', async () => {
    const { runner, batch, server } = setup();
    runner.follow(cutOff(batch, 'key-1', [{ model: 'video-2.0-cl', prompt: 'cat' }]));
    runner.edit(batch.id, setCell(0, 'dog'));
    runner.resume(batch.id);
    await vi.runAllTimersAsync();
    expect(server.tasks).toEqual([
      JSON.stringify({ model: 'video-2.0-cl', prompt: 'dog' }),
      JSON.stringify({ model: 'video-2.0-cl', prompt: 'owl' }),
    ]);
    expect(server.create.mock.calls[0]![3]).toBe('key-1');
    expect(row(runner, batch.id, 0).note).toBeUndefined();
  });

  it('edited after its first send was refused: goes as edited under a new key, one task', async () => {
    const { runner, batch, server } = setup();
    server.refuse(fail(400, 'prompt: too short'));
    server.ranUnheard('key-1', { model: 'video-2.0-cl', prompt: 'cat' });
    runner.follow(cutOff(batch, 'key-1', [{ model: 'video-2.0-cl', prompt: 'cat' }]));
    runner.edit(batch.id, setCell(0, 'a dog on a skateboard'));
    runner.resume(batch.id);
    await vi.runAllTimersAsync();
    expect(server.tasks).toHaveLength(2);
    expect(row(runner, batch.id, 0)).toMatchObject({ state: 'running', cells: ['a dog on a skateboard'] });
    const keys = server.create.mock.calls.map((c) => c[3]);
    expect(keys.at(-1)).not.toBe('key-1');
  });

  it('of a record that kept no body, edited: fails saying a task may exist, never a second one silently', async () => {
    const { runner, batch, server } = setup();
    server.ranUnheard('key-1', { model: 'video-2.0-cl', prompt: 'cat' });
    runner.follow(cutOff(batch, 'key-1'));
    runner.edit(batch.id, setCell(0, 'dog'));
    runner.resume(batch.id);
    await vi.runAllTimersAsync();
    expect(server.tasks).toHaveLength(2);
    expect(row(runner, batch.id, 0)).toMatchObject({ state: 'failed', error: 'sendCutOff' });
  });

  it('whose answer was lost to the network: its retry goes under the same key and gets the task made', async () => {
    const { runner, batch, server } = setup();
    const create = server.create.getMockImplementation()!;
    server.create.mockImplementationOnce(async (...args) => {
      await create(...args);
      throw fail(0, 'Failed to fetch');
    });
    runner.start(batch);
    await vi.runAllTimersAsync();
    expect(row(runner, batch.id, 0)).toMatchObject({ state: 'failed', error: 'Failed to fetch' });
    runner.retryFailed(batch.id);
    await vi.runAllTimersAsync();
    expect(server.tasks).toHaveLength(2);
    expect(row(runner, batch.id, 0)).toMatchObject({ state: 'running', taskId: 'task_1' });
  });

  it('held by a 429 keeps its key: sent again after Retry-After, it gets the task its first send made', async () => {
    const { runner, batch, server } = setup();
    server.ranUnheard('key-1', { model: 'video-2.0-cl', prompt: 'cat' });
    server.create.mockRejectedValueOnce(Object.assign(fail(429, 'Too many'), { retryAfterMs: 1000 }));
    runner.follow({
      ...cutOff(batch, 'key-1', [{ model: 'video-2.0-cl', prompt: 'cat' }]),
      state: 'running',
    });
    await vi.runAllTimersAsync();
    expect(server.tasks).toHaveLength(2);
    expect(row(runner, batch.id, 0)).toMatchObject({ state: 'running', taskId: 'task_1' });
  });

  it('not in doubt, refused with a 429 or a 5xx: the answer was seen, and its next send is a new request', async () => {
    const { runner, batch, server } = setup();
    server.create
      .mockRejectedValueOnce(Object.assign(fail(429, 'Too many'), { retryAfterMs: 1000 }))
      .mockRejectedValueOnce(fail(503, 'Upstream unavailable'));
    runner.start(batch);
    await vi.advanceTimersByTimeAsync(0);
    expect(row(runner, batch.id, 0).sendKey).toBeUndefined();
    expect(row(runner, batch.id, 1)).toMatchObject({ state: 'failed', sendKey: undefined });
  });
});
