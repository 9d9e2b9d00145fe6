import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useConnectionStore } from '@/api/connection-store';
import { json } from '@/test/fetch-mock';
import { createTestQueryClient, createTestRegistry } from '@/test/render';
import { checkRow } from './batch-check';
import { emptyBatch, type Batch } from './batch-model';
import { batchRunner } from './batch-session';
import { guessColumns, toRows } from './batch-table';

// Issue 45 §3: a batch in direct mode, the dashboard calling the deployment itself (a base URL in
// Settings, not the local server's proxy), never sends more than its concurrency limit, whatever
// the deployment answers. The whole path is real (the runner as the page makes it, postTask,
// apiRequest, the task polls); only fetch is a deployment answering as the specification says.
const DEPLOYMENT = 'https://deployment.test';
const KEY = 'sk-direct';

type Refusal = () => Response;

/**
 * A deployment reached directly. A task ends (succeeded) at its second poll. What the test reads:
 * every request, and the most tasks the dashboard had outstanding at once as the deployment sees
 * them: a POST under way or a task whose end it has not yet been answered.
 */
function deployment(refusals: Record<number, Refusal>) {
  const requests: { url: URL; method: string; auth: string | null; key: string | null; at: number }[] = [];
  const tasks = new Map<string, { polls: number; endAnswered: boolean }>();
  const postsAt: number[] = [];
  let posting = 0;
  let worst = 0;
  const outstanding = () => posting + [...tasks.values()].filter((t) => !t.endAnswered).length;
  const fetch = vi.fn<typeof globalThis.fetch>(async (input, init) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    requests.push({
      url,
      method,
      auth: headers.get('Authorization'),
      key: headers.get('Idempotency-Key'),
      at: Date.now(),
    });
    if (method === 'POST' && url.pathname === '/v1/videos') {
      posting += 1;
      worst = Math.max(worst, outstanding());
      const refusal = refusals[postsAt.push(Date.now())];
      await Promise.resolve();
      posting -= 1;
      if (refusal) return refusal();
      const id = `task_${tasks.size + 1}`;
      tasks.set(id, { polls: 0, endAnswered: false });
      return json({ id, object: 'video', status: 'queued', model: 'video-2.0-cl' });
    }
    const task = /^\/v1\/tasks\/(task_\d+)$/.exec(url.pathname)?.[1];
    if (method === 'GET' && task && tasks.has(task)) {
      const t = tasks.get(task)!;
      t.polls += 1;
      if (t.polls < 2) return json({ id: task, object: 'video', status: 'in_progress', progress: 40 });
      t.endAnswered = true;
      return json({ id: task, object: 'video', status: 'succeeded', video_url: `${DEPLOYMENT}/${task}.mp4` });
    }
    return json({ error: { message: `Not found: ${method} ${url.pathname}` } }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return { requests, postsAt, tasks, worst: () => worst };
}

const rateLimited = (seconds: number) => () =>
  json({ error: { message: 'Rate limit reached', type: 'rate_limit' } }, 429, {
    'Retry-After': String(seconds),
  });
const quotaSpent = () => json({ error: { message: 'Insufficient quota', type: 'quota' } }, 402);

// The batch's record is kept in (fake) IndexedDB, which answers on the real event loop: time on
// the fake clock passes in small steps, each after a few real turns.
const realSetTimeout = globalThis.setTimeout;
async function pass(ms: number, step = 50): Promise<void> {
  for (let t = 0; t < ms; t += step) {
    for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => realSetTimeout(resolve, 0));
    await vi.advanceTimersByTimeAsync(Math.min(step, ms - t));
  }
}

/**
 * Real turns, no fake time, until `done`: how many turns the runner's IndexedDB reads and writes
 * take before a send is the runner's business, not the test's (a fixed count broke when a read of
 * the kept edits before each send was added, and failed one run in five).
 */
async function until(done: () => boolean, what: string): Promise<void> {
  for (let turn = 0; !done(); turn++) {
    if (turn > 500) throw new Error(`still not so after 500 real turns: ${what}`);
    await new Promise((resolve) => realSetTimeout(resolve, 0));
  }
}

function catalogue(rows: number, concurrency: number): Batch {
  const base = emptyBatch(Date.now(), 'video');
  const request = { ...base.request, prompt: 'A turntable shot of {{product}}' };
  const headers = ['product'];
  return {
    ...base,
    request,
    headers,
    columns: guessColumns(headers, request, 'video'),
    rows: toRows(Array.from({ length: rows }, (_, i) => [`mug ${i + 1}`])),
    concurrency,
  };
}

describe('a batch in direct mode', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    useConnectionStore.setState({ baseUrl: DEPLOYMENT, apiKey: KEY, remember: false, keySource: 'user' });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends each row to the deployment itself, within the limit through a 429, and stops on a 402', async () => {
    // The second POST is refused with a 429 for 3 s; the sixth with a 402.
    const d = deployment({ 2: rateLimited(3), 6: quotaSpent });
    const registry = createTestRegistry();
    const runner = batchRunner(registry, createTestQueryClient());
    const batch = catalogue(8, 2);
    expect(checkRow(batch, batch.rows[0]!.cells).body).toMatchObject({ prompt: 'A turntable shot of mug 1' });

    runner.start(batch);
    await until(() => d.postsAt.length >= 2, 'the first two rows sent');
    await pass(100);
    expect(d.postsAt).toHaveLength(2);
    const refusedAt = d.postsAt[1]!;
    // The 429 holds every send of the batch, not only the refused row's: the first task ends at its
    // second poll (a slot frees up), and still nothing is sent until the Retry-After is over.
    await pass(2800);
    expect(d.tasks.get('task_1')!.endAnswered).toBe(true);
    expect(d.postsAt).toHaveLength(2);
    expect(runner.get(batch.id)!.rows[0]!.state).toBe('succeeded');

    for (let i = 0; i < 30 && runner.get(batch.id)!.state === 'running'; i++) {
      await pass(1000);
    }
    expect(d.postsAt[2]!).toBeGreaterThanOrEqual(refusedAt + 3000);
    const stopped = runner.get(batch.id)!;
    expect(stopped.state).toBe('stopped');
    expect(stopped.stopReason).toBe('quota');
    expect(d.postsAt).toHaveLength(6);
    // Whatever the deployment answered, never more than 2 tasks outstanding at once.
    expect(d.worst()).toBe(2);

    // Nothing more is sent after the 402; the tasks already sent are followed to their end.
    await pass(30_000, 250);
    expect(d.postsAt).toHaveLength(6);
    const rows = runner.get(batch.id)!.rows;
    expect(rows.filter((r) => r.state === 'succeeded')).toHaveLength(4);
    expect(rows.filter((r) => r.state === 'pending')).toHaveLength(4);
    expect(rows.every((r) => r.state !== 'succeeded' || r.resultUrl?.startsWith(DEPLOYMENT))).toBe(true);

    // Direct: every request went to the deployment's own origin with the key, none to the page's.
    expect(new Set(d.requests.map((r) => r.url.origin))).toEqual(new Set([DEPLOYMENT]));
    expect(d.requests.every((r) => r.auth === `Bearer ${KEY}`)).toBe(true);
    // No send key: a custom header would ask the deployment for a CORS preflight (decision 640).
    expect(d.requests.filter((r) => r.key !== null)).toEqual([]);
    expect(registry.list().map((t) => t.baseUrl)).toEqual(Array(4).fill(DEPLOYMENT));
    runner.forget(batch.id);
  });

  it('after a reload, a row whose POST was cut off is not sent again by itself: it fails saying so', async () => {
    const d = deployment({});
    const runner = batchRunner(createTestRegistry(), createTestQueryClient());
    const batch = catalogue(2, 2);
    runner.follow({
      ...batch,
      state: 'running',
      rows: batch.rows.map((r, i) =>
        i === 0 ? { ...r, state: 'sending', startedAt: Date.now(), sendKey: 'k' } : r,
      ),
    });
    await pass(500);
    const rows = runner.get(batch.id)!.rows;
    expect(rows[0]).toMatchObject({ state: 'failed', error: 'sendCutOff' });
    // The other row goes as usual; only it was sent.
    expect(d.postsAt).toHaveLength(1);
    expect(rows[1]!.state).not.toBe('pending');
    runner.forget(batch.id);
  });
});
