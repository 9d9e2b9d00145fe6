import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TaskRegistry, type TrackedTask } from '@/api/task-registry';
import { TaskRegistryProvider } from '@/api/task-registry-context';
import { memoryBackend } from '@/api/task-registry-storage';
import { taskKeys, type Task } from '@/api/tasks';
import { useConnectionStore } from '@/api/connection-store';
import { TEST_CONNECTION } from '@/test/fetch-mock';
import { summariseUsage, taskUsageSample } from './usage-data';
import { READ_CONCURRENCY, useTaskReads } from './use-task-reads';

const COUNT = 1_250;

/** The server: GET /v1/tasks/{id} answers each task (task_7: 404), with the most reads at once seen. */
function server(onRead: (reads: number) => void = () => undefined) {
  let inFlight = 0;
  let most = 0;
  let reads = 0;
  let answered = 0;
  const signals: Array<AbortSignal | null | undefined> = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    signals.push(init?.signal);
    const id = decodeURIComponent(String(input).split('/').pop()!);
    reads += 1;
    onRead(reads);
    inFlight += 1;
    most = Math.max(most, inFlight);
    // Each answer is its own macrotask, so that reads overlap as over a network.
    await new Promise((resolve) => setTimeout(resolve, 0));
    inFlight -= 1;
    answered += 1;
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (id === 'task_7') return json({ error: { code: 'task_not_found', message: 'no such task' } }, 404);
    return json({ id, status: 'succeeded', model: 'video-2.0-cl', usage: { total_tokens: 10 } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { most: () => most, reads: () => reads, answered: () => answered, signals: () => signals };
}

function setUp(count: number) {
  const registry = new TaskRegistry(memoryBackend());
  const tasks = Array.from({ length: count }, (_, i): TrackedTask => ({
    id: `task_${i}`,
    kind: 'video',
    createdAt: 1,
    source: 'pasted',
  }));
  for (const task of tasks) registry.track(task);
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <TaskRegistryProvider registry={registry}>{children}</TaskRegistryProvider>
    </QueryClientProvider>
  );
  return { tasks, queryClient, wrapper };
}

beforeEach(() => {
  useConnectionStore.setState(TEST_CONNECTION);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('usage reads every tracked task', () => {
  it('reads well over 300 tasks, a few at a time, and counts each (a failed read as unknown)', async () => {
    const s = server();
    const { tasks, wrapper } = setUp(COUNT);
    const { result } = renderHook(() => useTaskReads(tasks), { wrapper });
    expect(result.current.pending).toBe(COUNT);
    await waitFor(() => expect(result.current.pending).toBe(0), { timeout: 30_000 });
    expect(s.most()).toBe(READ_CONCURRENCY);
    expect(s.reads()).toBe(COUNT);
    const { answers } = result.current;
    expect(answers.size).toBe(COUNT);
    expect(answers.get('task_7')).toBeUndefined();
    const summary = summariseUsage(tasks.map((t) => taskUsageSample(t, answers.get(t.id))));
    expect(summary.byKind[0]?.tokens).toBe((COUNT - 1) * 10);
    expect(summary.unknown).toBe(1);
  }, 40_000);

  it('takes what the cache holds without a read', async () => {
    const s = server();
    const { tasks, queryClient, wrapper } = setUp(3);
    const cached = { id: 'task_1', status: 'running', model: 'video-2.0-cl' } as Task;
    queryClient.setQueryData(taskKeys.detail('task_1'), cached);
    const { result } = renderHook(() => useTaskReads(tasks), { wrapper });
    expect(result.current.answers.get('task_1')).toBe(cached);
    await waitFor(() => expect(result.current.pending).toBe(0));
    expect(s.reads()).toBe(2);
  });

  it('stops reading when the page is left', async () => {
    let leave = () => undefined as void;
    const s = server((reads) => {
      if (reads === 10) leave();
    });
    const { tasks, queryClient, wrapper } = setUp(100);
    const { unmount } = renderHook(() => useTaskReads(tasks), { wrapper });
    // Left as the tenth read goes out (not from inside it: React may be rendering then).
    await new Promise<void>((resolve) => (leave = resolve));
    unmount();
    expect(s.reads()).toBeLessThan(10 + READ_CONCURRENCY);
    // Reads start only through an observer, and none is left; those in flight were cancelled.
    const queries = queryClient.getQueryCache().findAll({ queryKey: taskKeys.all() });
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) expect(query.getObserversCount()).toBe(0);
    expect(s.signals().filter((signal) => !signal?.aborted)).toHaveLength(s.answered());
  });
});
