import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '@/api/api-client';
import { DEFAULT_IMAGE_PREFIX, useConnectionStore } from '@/api/connection-store';
import type { TaskRegistry } from '@/api/task-registry';
import { createTestRegistry } from '@/test/render';
import {
  fetchTask,
  imagePrefixNotFound,
  onTaskFinished,
  stableRefetchInterval,
  taskQueryOptions,
  taskRefetchInterval,
  type Task,
} from '@/api/tasks';
import { MAX_ERROR_DELAY_MS } from '@/api/task-poll-policy';
import { json, mockFetch } from '@/test/fetch-mock';

const NOW = 2_000_000_000_000;
const mid = () => 0.5;

function query(
  state: Partial<{ data: Task; error: Error | null; dataUpdatedAt: number; fetchFailureCount: number }>,
) {
  return {
    state: { data: undefined, error: null, dataUpdatedAt: NOW, fetchFailureCount: 0, ...state },
  } as never;
}

let registry: TaskRegistry;
beforeEach(() => {
  registry = createTestRegistry();
  // Ends announced while nothing listened wait, module-wide, for the first listener: one that
  // listens and leaves at once takes those an earlier test left, so each test hears its own only.
  onTaskFinished(() => undefined)();
});
afterEach(() => {
  vi.unstubAllGlobals();
  useConnectionStore.setState({ imagePrefix: DEFAULT_IMAGE_PREFIX });
});

describe('taskRefetchInterval', () => {
  it('stops for a terminal task and for a task the server does not know', () => {
    expect(taskRefetchInterval(query({ data: { id: 't', status: 'SUCCESS' } as Task }), NOW, mid)).toBe(
      false,
    );
    const notFound = new ApiRequestError({ status: 404, message: 'No task', code: 'task_not_found' });
    expect(taskRefetchInterval(query({ error: notFound }), NOW, mid)).toBe(false);
  });

  it('keeps a running task polled through failed polls, honouring Retry-After', () => {
    const data = { id: 't', status: 'running', progress: 10, created_at: 1, updated_at: 1 } as Task;
    expect(taskRefetchInterval(query({ data }), NOW, mid)).toBeGreaterThan(0);
    const limited = new ApiRequestError({ status: 429, message: 'slow down' }, { retryAfterMs: 30_000 });
    expect(taskRefetchInterval(query({ data, error: limited, fetchFailureCount: 1 }), NOW, mid)).toBe(30_000);
    const offline = new ApiRequestError({ status: 0, message: 'offline' }, { isNetworkError: true });
    expect(taskRefetchInterval(query({ data, error: offline, fetchFailureCount: 20 }), NOW, mid)).toBe(
      MAX_ERROR_DELAY_MS,
    );
  });

  it('gives one answer one delay, however often a re-render asks (else the timer restarts each time)', () => {
    const data = { id: 't', status: 'pending', created_at: 1, updated_at: 1 } as Task;
    const q = query({ data }) as { state: { dataUpdatedAt: number } };
    let calls = 0;
    const jittered = () => (calls += 1) * 1_000;
    const first = stableRefetchInterval(q as never, jittered);
    expect(stableRefetchInterval(q as never, jittered)).toBe(first);
    expect(stableRefetchInterval(q as never, jittered)).toBe(first);
    q.state.dataUpdatedAt += 5_000; // the next answer
    expect(stableRefetchInterval(q as never, jittered)).not.toBe(first);
    expect(calls).toBe(2);
  });

  it('goes by the age the registry knows when the answer has no timestamps (not every 2 s after a reload)', () => {
    // Running at a fixed progress with no created_at/updated_at: the age is all the policy has.
    const data = { id: 'old', status: 'running', progress: 40 } as Task;
    expect(taskRefetchInterval(query({ data }), NOW, mid)).toBe(2_000);
    expect(taskRefetchInterval(query({ data }), NOW, mid, NOW - 3_600_000)).toBe(15_000);
    // A registry date later than the server's own span does not make the task younger.
    const stamped = { ...data, created_at: 1_000, updated_at: 1_000 + 3_600 } as Task;
    expect(taskRefetchInterval(query({ data: stamped }), NOW, mid, NOW - 1_000)).toBe(15_000);
  });

  it("polls a task on the registry's createdAt through taskQueryOptions", () => {
    registry.track({ id: 'old', kind: 'video', createdAt: Date.now() - 3_600_000, source: 'imported' });
    const data = { id: 'old', status: 'running', progress: 40 } as Task;
    const { refetchInterval } = taskQueryOptions('old', registry) as unknown as {
      refetchInterval: (q: never) => number | false;
    };
    // 15 s ± 20 % jitter, where a task seen for the first time just now would be polled in 2 s.
    expect(refetchInterval(query({ data, dataUpdatedAt: Date.now() }))).toBeGreaterThanOrEqual(12_000);
  });
});

describe('fetchTask', () => {
  it('reads an image task at the image service query, every other kind at GET /v1/tasks/{id}', async () => {
    registry.track({ id: 'task_img', kind: 'image', createdAt: 1, source: 'pasted' });
    registry.track({ id: 'task_res', kind: 'resource', createdAt: 1, source: 'pasted' });
    const fetchMock = mockFetch({
      'GET /mj/task/task_img/fetch': () =>
        json({ id: 'task_img', model: 'image-v1', status: 'succeeded', url: 'https://x/i.png' }),
      'GET /v1/tasks/task_res': () =>
        json({ id: 'task_res', model: 'resource-thumbnail', status: 'running' }),
    });
    expect(await fetchTask('task_img', registry)).toMatchObject({ kind: 'image' });
    expect(await fetchTask('task_res', registry)).toMatchObject({ kind: 'resource' });
    const paths = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://h').pathname);
    expect(paths).toEqual(['/mj/task/task_img/fetch', '/v1/tasks/task_res']);
  });

  it('polls image tasks at the prefix of the connection setting (decision 378)', async () => {
    useConnectionStore.getState().connectionSaved({
      baseUrl: '',
      apiKey: 'k',
      remember: false,
      imagePrefix: 'image/v2/',
    });
    registry.track({ id: 'cgt-1', kind: 'image', createdAt: 1, source: 'pasted' });
    const fetchMock = mockFetch({
      'GET /image/v2/task/cgt-1/fetch': () => json({ id: 'cgt-1', model: 'image-v1', status: 'SUCCESS' }),
    });
    await fetchTask('cgt-1', registry);
    expect(new URL(String(fetchMock.mock.calls[0]![0]), 'http://h').pathname).toBe(
      '/image/v2/task/cgt-1/fetch',
    );
  });

  it('keeps an image task that answers 404 as not found at this prefix, not as lost', async () => {
    useConnectionStore
      .getState()
      .connectionSaved({ baseUrl: '', apiKey: 'k', remember: false, imagePrefix: '/mj' });
    registry.track({ id: 'img_1', kind: 'image', createdAt: 1, source: 'pasted' });
    registry.recordSnapshot('img_1', { status: 'running', progress: 40 });
    mockFetch({ 'GET /mj/task/img_1/fetch': () => json({ error: { message: 'unknown task' } }, 404) });
    const error: unknown = await fetchTask('img_1', registry).catch((e: unknown) => e);
    expect(imagePrefixNotFound(error)).toBe('/mj');
    const last = registry.get('img_1')?.last;
    expect(last).toMatchObject({ notFoundAt: '/mj', status: 'running' });
    expect(last?.notFound).toBeUndefined();
  });

  it('remembers a tracked task the server does not know, so the list stops polling it', async () => {
    registry.track({ id: 'task_gone', kind: 'unknown', createdAt: 1, source: 'imported' });
    mockFetch({
      'GET /v1/tasks/task_gone': () =>
        json({ error: { message: 'No such task', code: 'task_not_found' } }, 404),
    });
    await expect(fetchTask('task_gone', registry)).rejects.toThrow('No such task');
    expect(registry.get('task_gone')?.last?.notFound).toBe(true);
  });

  it('records what it saw and announces a watched task that finished', async () => {
    registry.track({ id: 'task_1', kind: 'video', createdAt: 1, source: 'pasted' });
    const events: string[] = [];
    const off = onTaskFinished((e) => events.push(`${e.task.id}:${e.status}`));
    let status = 'running';
    mockFetch({
      'GET /v1/tasks/task_1': () =>
        json({
          id: 'task_1',
          status,
          progress: status === 'running' ? 50 : 100,
          completed_at: 1_700_000_000,
        }),
    });
    // First sight of a pasted task that is already running: recorded, not news.
    await fetchTask('task_1', registry);
    expect(registry.get('task_1')?.last).toMatchObject({ status: 'running', progress: 50 });
    expect(events).toEqual([]);
    status = 'canceled';
    await fetchTask('task_1', registry);
    expect(events).toEqual(['task_1:cancelled']);
    // Seen finished again: no second announcement.
    await fetchTask('task_1', registry);
    expect(events).toHaveLength(1);
    expect(registry.get('task_1')?.last?.endedAt).toBe(1_700_000_000_000);
    off();
  });

  it('does not announce a pasted task first seen finished, but does one the composer just created', async () => {
    registry.track({ id: 'task_old', kind: 'video', createdAt: 1, source: 'pasted' });
    registry.track({ id: 'task_new', kind: 'video', createdAt: 1, source: 'composer' });
    const events: string[] = [];
    const off = onTaskFinished((e) => events.push(e.task.id));
    mockFetch({
      'GET /v1/tasks/task_old': () => json({ id: 'task_old', status: 'succeeded' }),
      'GET /v1/tasks/task_new': () => json({ id: 'task_new', status: 'succeeded' }),
    });
    await fetchTask('task_old', registry);
    await fetchTask('task_new', registry);
    expect(events).toEqual(['task_new']);
    off();
  });

  it('keeps an end seen before anything listened for the first listener (the watcher loads late)', async () => {
    registry.track({ id: 'task_early', kind: 'video', createdAt: 1, source: 'composer' });
    mockFetch({ 'GET /v1/tasks/task_early': () => json({ id: 'task_early', status: 'failed' }) });
    await fetchTask('task_early', registry);
    const first: string[] = [];
    const second: string[] = [];
    const offFirst = onTaskFinished((e) => first.push(`${e.task.id}:${e.status}`));
    const offSecond = onTaskFinished((e) => second.push(e.task.id));
    expect(first).toEqual(['task_early:failed']);
    expect(second).toEqual([]);
    offFirst();
    offSecond();
  });
});

describe('fetchTask keeps what usage counts once a task is finished (decision 225)', () => {
  it('stores the usage of a terminal task only, small, and the rule of the body it was created with', async () => {
    registry.track({
      id: 'task_u',
      kind: 'video',
      createdAt: 1,
      source: 'composer',
      request: { model: 'video-2.0-cl', prompt: 'p', video_url: 'https://example.com/in.mp4' },
    });
    let body: Record<string, unknown> = { id: 'task_u', status: 'running', model: 'video-2.0-cl' };
    mockFetch({ 'GET /v1/tasks/task_u': () => json(body) });
    await fetchTask('task_u', registry);
    expect(registry.get('task_u')?.last?.usage).toBeUndefined();

    body = { ...body, status: 'SUCCESS', usage: { total_tokens: 1234, prompt_tokens: 4 }, video_url: 'x' };
    await fetchTask('task_u', registry);
    expect(registry.get('task_u')?.last?.usage).toEqual({
      tokens: 1234,
      model: 'video-2.0-cl',
      withVideo: true,
    });
  });

  it('stores a finished task without usage as known-unknown, and the server rule when it says', async () => {
    registry.track({ id: 'task_n', kind: 'video', createdAt: 1, source: 'pasted' });
    mockFetch({
      'GET /v1/tasks/task_n': () => json({ id: 'task_n', status: 'failed', has_video_input: true }),
    });
    await fetchTask('task_n', registry);
    expect(registry.get('task_n')?.last?.usage).toEqual({ withVideo: true });
  });
});

describe('parseTask (a task as a deployment following the specification sends it)', () => {
  it('reads a task with only task_id, an upper-case state and no kind; the kind comes from its model', async () => {
    const { parseTask } = await import('@/api/tasks');
    const task = parseTask({ task_id: 'task_9', model: 'video-2.0-cl', status: 'IN_PROGRESS' });
    expect(task).toMatchObject({ id: 'task_9', task_id: 'task_9', kind: 'video', status: 'IN_PROGRESS' });
  });

  it('drops odd values of the fields only the local server adds, keeps the rest for the raw view', async () => {
    const { parseTask } = await import('@/api/tasks');
    const task = parseTask({
      id: 'task_1',
      model: 'music-v5.5',
      prompt: { text: 'not a string' },
      progress: '50%',
      usage: 'lots',
      completed_at: 'yesterday',
      vendor_extra: { nested: true },
    });
    expect(task.kind).toBe('music');
    expect(task.prompt).toBeUndefined();
    expect(task.progress).toBeUndefined();
    expect(task.usage).toBeUndefined();
    expect(task.completed_at).toBeUndefined();
    expect((task as Record<string, unknown>).vendor_extra).toEqual({ nested: true });
  });
});

describe('fetchTask keeps the ids of the poll apart from the task ids', () => {
  it('the task body keeps the creating request_id; the poll ids come from the headers', async () => {
    mockFetch({
      'GET /v1/tasks/task_ids': () =>
        json({ id: 'task_ids', status: 'failed', request_id: 'req_create', trace_id: 'trace_c' }, 200, {
          'X-Request-Id': 'req_poll',
          'X-Trace-Id': 'trace_p',
        }),
    });
    const task = await fetchTask('task_ids', registry);
    expect(task.request_id).toBe('req_create');
    expect(task.poll).toEqual({ request_id: 'req_poll', trace_id: 'trace_p' });
  });
});
