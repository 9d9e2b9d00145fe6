import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useConnectionStore } from '@/api/connection-store';
import { TaskRegistry } from '@/api/task-registry';
import { TaskRegistryProvider } from '@/api/task-registry-context';
import { memoryBackend } from '@/api/task-registry-storage';
import { createQueryClient } from '@/app/query-client';
import type * as PagePrefetch from '@/app/page-prefetch';
import { AppRoutes } from '@/app/router';
import { AppToaster } from '@/app/toaster';
import { BOOTSTRAP_LOCAL, json, LIST_ENVELOPE, mockFetch } from '@/test/fetch-mock';

// The first page never settles here (a phone still busy with it): only an open task can start
// the watcher, so a test that passes proves it did not wait for the page.
vi.mock('@/app/page-prefetch', async (original) => ({
  ...(await original<typeof PagePrefetch>()),
  prefetchPagesWhenIdle: () => () => undefined,
}));

beforeEach(() => {
  useConnectionStore.setState({ baseUrl: '', apiKey: '', remember: false, keySource: 'none' });
});
afterEach(() => vi.unstubAllGlobals());

describe('the task watcher starts with the first open task (decision 256)', { timeout: 40_000 }, () => {
  it('announces a task created right after load without waiting for the first page to settle', async () => {
    const fetchMock = mockFetch({
      'GET /bootstrap': () => json({ ...BOOTSTRAP_LOCAL, default_api_key: 'sk-local-dev' }),
      'GET /v1/assets': () => json(LIST_ENVELOPE),
      'GET /v1/tasks/task_quick': () =>
        json({ id: 'task_quick', object: 'task', model: 'video-2.0-cl', status: 'succeeded', progress: 100 }),
    });
    const registry = new TaskRegistry(memoryBackend());
    render(
      <QueryClientProvider client={createQueryClient()}>
        <TaskRegistryProvider registry={registry}>
          <MemoryRouter initialEntries={['/playground']}>
            <AppRoutes />
          </MemoryRouter>
          <AppToaster />
        </TaskRegistryProvider>
      </QueryClientProvider>,
    );
    await screen.findByRole('heading', { level: 1, name: 'Playground' }, { timeout: 10_000 });
    // Nothing is watched before there is a task to watch.
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/v1/tasks/'))).toBe(false);

    // What the composer does when a task is created.
    registry.track({
      id: 'task_quick',
      kind: 'video',
      model: 'video-2.0-cl',
      prompt: 'A quick one',
      createdAt: Date.now(),
      source: 'composer',
    });
    expect(await screen.findByText('Task succeeded', {}, { timeout: 15_000 })).toBeInTheDocument();
  });
});
