import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TrackedTask } from '@/api/task-registry';
import { BOOTSTRAP_LOCAL, json, mockFetch } from '@/test/fetch-mock';
import { createTestRegistry, renderRoutes } from '@/test/render';
import { UsagePage } from './usage-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

// Today: inside the page's default range (the last 30 days).
const base = { kind: 'video', createdAt: Date.now(), source: 'pasted' } as const;

describe(
  'UsagePage reads only what it cannot know from the registry (decision 225)',
  { timeout: 20_000 },
  () => {
    it('makes no request for finished tasks with stored usage, one for a running task and one for an older record', async () => {
      const registry = createTestRegistry();
      await registry.ready;
      const finished = Array.from({ length: 50 }, (_, i): TrackedTask => ({
        ...base,
        id: `task_done_${i}`,
        last: { status: 'succeeded', usage: { tokens: 10, model: 'video-2.0-cl', withVideo: false } },
      }));
      registry.importJson(
        JSON.stringify([
          ...finished,
          { ...base, id: 'task_running', last: { status: 'running', progress: 30 } },
          // Stored before usage was kept: finished, but its usage must still be read once.
          { ...base, id: 'task_old', last: { status: 'succeeded' } },
        ]),
      );
      const fetch = mockFetch({
        'GET /bootstrap': () => json(BOOTSTRAP_LOCAL),
        'GET /v1/tasks/task_running': () =>
          json({ id: 'task_running', status: 'running', model: 'video-2.0-cl', progress: 40 }),
        'GET /v1/tasks/task_old': () =>
          json({ id: 'task_old', status: 'succeeded', model: 'video-2.0-cl', usage: { total_tokens: 7 } }),
      });
      renderRoutes({ '/usage': <UsagePage /> }, { at: '/usage', registry });

      expect(
        await screen.findByText('Counted from every tracked task of this connection: 52.'),
      ).toBeVisible();
      const tasksRead = fetch.mock.calls
        .map(([input]) => new URL(String(input), window.location.href).pathname)
        .filter((path) => path.startsWith('/v1/tasks/'));
      expect(tasksRead.sort()).toEqual(['/v1/tasks/task_old', '/v1/tasks/task_running']);
      // 50 × 10 stored + 7 read; the running task has no usage yet: unknown, not zero.
      await waitFor(() => expect(screen.getByTestId('usage-total')).toHaveAttribute('data-tokens', '507'));
      // The answer first: the range's total above the chart and the table.
      expect(screen.getByTestId('range-total')).toHaveAttribute('data-tokens', '507');
      // The older record now keeps its usage: the next visit will not read it.
      expect(registry.get('task_old')?.last?.usage).toEqual({
        tokens: 7,
        model: 'video-2.0-cl',
        withVideo: false,
      });
      expect(registry.get('task_running')?.last?.usage).toBeUndefined();
    });
  },
);
