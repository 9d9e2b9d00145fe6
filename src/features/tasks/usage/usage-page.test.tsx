import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TrackedTask } from '@/api/task-registry';
import { BOOTSTRAP_LOCAL, json, mockFetch } from '@/test/fetch-mock';
import { createTestRegistry, renderRoutes } from '@/test/render';
import { usePricesStore } from '@/lib/money/prices-store';
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
      await waitFor(() =>
        expect(screen.getByTestId('usage-total-video')).toHaveAttribute('data-tokens', '507'),
      );
      // The answer first: the range's tokens per kind above the chart and the table.
      expect(screen.getByTestId('range-total-video')).toHaveAttribute('data-tokens', '507');
      // The older record now keeps its usage: the next visit will not read it.
      expect(registry.get('task_old')?.last?.usage).toEqual({
        tokens: 7,
        model: 'video-2.0-cl',
        withVideo: false,
      });
      expect(registry.get('task_running')?.last?.usage).toBeUndefined();
      // The running task has no usage yet: the table has its column, and counts it there.
      const table = screen.getByRole('table', { name: 'Tokens by day and series' });
      expect(within(table).getByRole('columnheader', { name: 'Without usage' })).toBeInTheDocument();
    });

    it('leaves out the "without usage" column when every task has its usage: a phone needs the width', async () => {
      const registry = createTestRegistry();
      await registry.ready;
      registry.importJson(
        JSON.stringify([
          {
            ...base,
            id: 'task_done',
            last: { status: 'succeeded', usage: { tokens: 10, model: 'video-2.0-cl', withVideo: false } },
          },
        ]),
      );
      mockFetch({ 'GET /bootstrap': () => json(BOOTSTRAP_LOCAL) });
      renderRoutes({ '/usage': <UsagePage /> }, { at: '/usage', registry });
      const table = await screen.findByRole('table', { name: 'Tokens by day and series' });
      await waitFor(() =>
        expect(screen.getByTestId('usage-total-video')).toHaveAttribute('data-tokens', '10'),
      );
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['Day', 'Model and rule', 'Counted', 'Tokens']);
      expect(within(table).getAllByRole('row').at(-1)!.querySelectorAll('td')).toHaveLength(1);
    });
  },
);

describe('UsagePage speaks in units that add up', { timeout: 20_000 }, () => {
  it('keeps video and music tokens apart, and adds them only as money, labelled as your prices', async () => {
    usePricesStore.setState({
      book: {
        currency: 'USD',
        prices: [
          {
            id: 'v',
            model: 'video-2.0-cl',
            kind: 'video',
            rule: 'withoutVideo',
            unit: 'per1kTokens',
            amount: 0.01,
          },
          { id: 'm', model: 'music-v5.5', kind: 'music', rule: 'any', unit: 'perTask', amount: 0.25 },
        ],
      },
    });
    const registry = createTestRegistry();
    await registry.ready;
    registry.importJson(
      JSON.stringify([
        {
          ...base,
          id: 'task_v',
          last: {
            status: 'succeeded',
            usage: { tokens: 1_900_800, model: 'video-2.0-cl', withVideo: false },
          },
        },
        {
          ...base,
          kind: 'music',
          id: 'task_m',
          last: { status: 'succeeded', usage: { tokens: 7, model: 'music-v5.5', withVideo: false } },
        },
      ]),
    );
    mockFetch({ 'GET /bootstrap': () => json(BOOTSTRAP_LOCAL) });
    renderRoutes({ '/usage': <UsagePage /> }, { at: '/usage', registry });
    expect(await screen.findByTestId('range-total-video')).toHaveTextContent('1,900,800 tokens');
    expect(screen.getByTestId('range-total-music')).toHaveTextContent('7 tokens');
    expect(screen.queryByText(/1,900,807/)).toBeNull();
    // Music has no billing rule: not listed under "Without video input".
    const [tokensByRule] = screen.getAllByLabelText('By billing rule', { selector: 'dl' });
    expect(within(tokensByRule!).getByRole('definition')).toHaveTextContent(/^1,900,800$/);
    expect(screen.getByRole('row', { name: /music-v5\.5/ })).not.toHaveTextContent(/video input/);
    expect(screen.getByRole('heading', { name: 'Money by your prices' })).toBeVisible();
    expect(screen.getByText(/not the deployment's bill/)).toBeVisible();
    expect(screen.getByTestId('money-total')).toHaveTextContent('$19.26');
    expect(screen.getByRole('link', { name: 'Prices in Settings' })).toHaveAttribute(
      'href',
      '/settings#prices',
    );
  });
});
