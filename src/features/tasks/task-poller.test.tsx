import { QueriesObserver } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchTask } from '@/api/tasks';
import { toasterMounted } from '@/lib/toaster-host';
import { json, mockFetch } from '@/test/fetch-mock';
import { createTestRegistry, renderRoutes, renderWithProviders } from '@/test/render';
import { FinishedAnnouncer, TaskPoller } from './task-poller';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() }));
vi.mock('sonner', () => ({ toast }));
toasterMounted();

/** Video tasks the registry last saw running, as the composer tracks them. */
function trackRunning(registry: ReturnType<typeof createTestRegistry>, ids: string[]) {
  for (const id of ids)
    registry.track({
      id,
      kind: 'video',
      createdAt: Date.now(),
      source: 'composer',
      last: { status: 'running' },
    });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the task poller while open tasks change (issue 43)', () => {
  it('does not re-set its observers when an open task changes but the polled set does not', async () => {
    const fetch = mockFetch({
      'GET /v1/tasks/t1': () => json({ id: 't1', status: 'running', progress: 10 }),
      'GET /v1/tasks/t2': () => json({ id: 't2', status: 'running', progress: 10 }),
    });
    const registry = createTestRegistry();
    trackRunning(registry, ['t1', 't2']);
    const setQueries = vi.spyOn(QueriesObserver.prototype, 'setQueries');
    renderWithProviders(<TaskPoller />, { registry });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    const before = setQueries.mock.calls.length;
    // Progress of an open task: the open list changes, the polled ids do not. Re-setting all the
    // observers (250 of them in the app) at each such write cost seconds when tasks ended in bulk.
    for (let progress = 20; progress <= 90; progress += 10)
      act(() => registry.recordSnapshot('t1', { status: 'running', progress }));
    expect(setQueries.mock.calls.length).toBe(before);
  });
});

describe('the finished-task toasts while tasks end in bulk (issue 43)', () => {
  it('raises the first ending at once and the rest of the burst as one update, not one per task', async () => {
    const registry = createTestRegistry();
    const ids = Array.from({ length: 30 }, (_, i) => `bulk_${i}`);
    trackRunning(registry, ids);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        json({ id: String(input).split('/').pop(), status: 'failed', fail_reason: 'no' }),
      ),
    );
    renderRoutes({ '/': <FinishedAnnouncer /> }, { at: '/', registry });
    for (const id of ids) await fetchTask(id, registry);
    const raised = () => toast.error.mock.calls.map(([title]) => String(title));
    await vi.waitFor(() => expect(raised()).toHaveLength(2), { timeout: 5_000 });
    expect(raised()).toEqual(['Task failed', '30 tasks finished']);
    // Nothing more comes once the burst is told.
    await new Promise((r) => setTimeout(r, 400));
    expect(raised()).toHaveLength(2);
  });
});
