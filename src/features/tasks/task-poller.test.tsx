import { QueriesObserver } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock';
import { createTestRegistry, renderWithProviders } from '@/test/render';
import { TaskPoller } from './task-poller';

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
    for (const id of ['t1', 't2'])
      registry.track({
        id,
        kind: 'video',
        createdAt: Date.now(),
        source: 'composer',
        last: { status: 'running' },
      });
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
