import { afterEach, describe, expect, it, vi } from 'vitest';
import { startWorkers } from '../../../create-context';
import { ownerOf } from '../../../middleware/auth';
import { makeTestApp, type TestApp } from '../../../test/helpers';
import { isTerminal, pollTask, type TaskObject } from '../../../test/task-fixtures';
import { taskConcurrency } from './runner';

const A = 'sk-fair-a';
const B = 'sk-fair-b';
let t: TestApp | undefined;
afterEach(async () => {
  vi.unstubAllEnvs();
  await t?.close();
  t = undefined;
});

async function create(app: TestApp, prompt: string, key: string, extra: Record<string, unknown> = {}) {
  const res = await app.req('/v1/videos', { key, json: { model: 'video-2.0-cl', prompt, ...extra } });
  expect(res.status).toBe(200);
  return (await res.json()) as TaskObject;
}

interface Timing {
  id: string;
  owner: string;
  started_ms: number;
  completed_ms: number;
}

/** One pass of the runner's claim loop, at most. */
const TICK_MS = 25;

describe('task runner: concurrency and fairness', () => {
  it('TASK_CONCURRENCY is validated; the default leaves a core free and is at least 2', () => {
    expect(taskConcurrency({ TASK_CONCURRENCY: '3' })).toBe(3);
    expect(taskConcurrency({})).toBeGreaterThanOrEqual(2);
    expect(taskConcurrency({})).toBeLessThanOrEqual(8);
    for (const bad of ['0', '-1', '1.5', 'many', '1000']) {
      expect(() => taskConcurrency({ TASK_CONCURRENCY: bad })).toThrow(
        /TASK_CONCURRENCY must be a whole number/,
      );
    }
  });

  it('runs at most TASK_CONCURRENCY at once, sharing slots round-robin between keys', async () => {
    vi.stubEnv('TASK_CONCURRENCY', '2');
    t = makeTestApp({ env: { API_KEYS: `${A},${B}`, EMULATOR_SPEED: '40' } });
    // [fail] tasks hold a slot for their simulated time without rendering: fast and deterministic.
    const mine = [];
    for (let i = 0; i < 6; i++) mine.push(await create(t, `a${i} [fail]`, A));
    const theirs = [await create(t, 'b0 [fail]', B), await create(t, 'b1 [fail]', B)];
    startWorkers(t.ctx);

    let peak = 0;
    const running = t.ctx.db.prepare(`SELECT COUNT(*) AS n FROM tasks WHERE status = 'running'`);
    for (const task of [...mine, ...theirs]) {
      await pollTask(
        t,
        task.id,
        (x) => {
          peak = Math.max(peak, (running.get() as { n: number }).n);
          return isTerminal(x);
        },
        { key: task.id === theirs[0]!.id || task.id === theirs[1]!.id ? B : A },
      );
    }
    const rows = t.ctx.db
      .prepare('SELECT id, owner, started_ms, completed_ms FROM tasks ORDER BY started_ms')
      .all() as Timing[];
    // No instant has more than two tasks between start and completion.
    for (const r of rows) {
      const overlapping = rows.filter((o) => o.started_ms <= r.started_ms && o.completed_ms > r.started_ms);
      expect(overlapping.length).toBeLessThanOrEqual(2);
    }
    expect(peak).toBeLessThanOrEqual(2);
    expect(peak).toBe(2);
    // B queued after six of A's tasks, yet its first task starts before A's third, and from then on
    // B always holds a slot while it still has tasks waiting: slots are shared by how many each key
    // runs, so A never takes both while B waits. (When B's second task starts depends on how long
    // B's first runs, so it is not asserted against A's starts.)
    const aStarts = rows.filter((r) => r.owner === ownerOf(A)).map((r) => r.started_ms);
    const bRows = rows.filter((r) => r.owner === ownerOf(B));
    const bStarts = bRows.map((r) => r.started_ms);
    expect(Math.min(...bStarts)).toBeLessThanOrEqual(aStarts[2]!);
    for (const s of aStarts) {
      if (s <= Math.min(...bStarts) || s >= Math.max(...bStarts)) continue;
      // Two slots freed together are claimed in one tick, A's and B's a millisecond apart.
      const bRunning = bRows.filter((b) => b.started_ms <= s + TICK_MS && b.completed_ms > s).length;
      expect(bRunning).toBeGreaterThanOrEqual(1);
    }
  });

  it('a terminal state writes its webhook in the same transaction, with the task object as data', async () => {
    t = makeTestApp({ env: { EMULATOR_SPEED: '1000' } });
    const created = await create(t, 'notify me [fail]', 'sk-local-dev', {
      callback_url: 'http://127.0.0.1:9/hook',
    });
    const cancelled = await create(t, 'and me [cancel]', 'sk-local-dev', {
      callback_url: 'http://127.0.0.1:9/hook2',
    });
    const quiet = await create(t, 'no callback [fail]', 'sk-local-dev');
    startWorkers(t.ctx);
    const failed = (await pollTask(t, created.id, isTerminal)).task;
    await pollTask(t, cancelled.id, isTerminal);
    await pollTask(t, quiet.id, isTerminal);
    const deliveries = t.ctx.db
      .prepare('SELECT task_id, url, type, body FROM webhook_deliveries ORDER BY seq')
      .all() as { task_id: string; url: string; type: string; body: string }[];
    expect(deliveries.map((d) => [d.task_id, d.type, d.url])).toEqual(
      expect.arrayContaining([
        [created.id, 'task.failed', 'http://127.0.0.1:9/hook'],
        [cancelled.id, 'task.cancelled', 'http://127.0.0.1:9/hook2'],
      ]),
    );
    expect(deliveries).toHaveLength(2);
    const body = JSON.parse(deliveries.find((d) => d.task_id === created.id)!.body) as {
      type: string;
      data: TaskObject;
    };
    expect(body.type).toBe('task.failed');
    expect(body.data).toMatchObject({
      id: created.id,
      status: 'failed',
      error: failed.error,
      fail_reason: failed.fail_reason,
      request_id: created.request_id,
      trace_id: created.trace_id,
    });
    expect(JSON.stringify(body)).not.toContain('sk-local-dev');
  });
});
