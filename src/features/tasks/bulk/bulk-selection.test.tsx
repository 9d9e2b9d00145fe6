import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaskRegistry } from '@/api/task-registry';
import { BOOTSTRAP_LOCAL, json, mockFetch } from '@/test/fetch-mock';
import { createTestRegistry, renderRoutes } from '@/test/render';
import { TasksPage } from '../tasks-page';

let registry: TaskRegistry;
beforeEach(() => {
  registry = createTestRegistry();
  // jsdom lays nothing out: give the virtual list's scroll box a size so it renders rows.
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(400);
  mockFetch({ 'GET /bootstrap': () => json(BOOTSTRAP_LOCAL) });
  ['kite', 'kettle', 'kestrel', 'harbour'].forEach((name, i) =>
    registry.track({
      id: `task_${name}`,
      kind: 'video',
      model: 'video-2.0-cl',
      prompt: `a ${name}`,
      createdAt: 1000 - i,
      source: 'composer',
      request: { model: 'video-2.0-cl', prompt: `a ${name}`, duration: 5 },
      last: { status: name === 'harbour' ? 'succeeded' : 'failed' },
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the monitor’s selection', { timeout: 20_000 }, () => {
  it('Shift-click ticks a range; select all ticks what the search matched; actions act on what shows', async () => {
    renderRoutes({ '/tasks/*': <TasksPage /> }, { at: '/tasks', registry });
    const bar = await screen.findByRole('toolbar', { name: 'Selected tasks' });
    const list = await screen.findByRole('list', { name: 'Tracked tasks' });
    await within(list).findByText('a kite');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select a kite' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select a kestrel' }), { shiftKey: true });
    expect(screen.getByRole('checkbox', { name: 'Select a kettle' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select a harbour' })).not.toBeChecked();
    expect(within(bar).getByText('3 selected')).toBeInTheDocument();

    // The search hides two of them: the bar counts only what shows.
    await userEvent.type(screen.getByRole('searchbox'), 'kite');
    expect(await within(bar).findByText('1 selected')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('searchbox'));
    expect(await within(bar).findByText('3 selected')).toBeInTheDocument();

    fireEvent.click(within(bar).getByRole('checkbox', { name: 'Select all 4 matching' }));
    expect(within(bar).getByText('4 selected')).toBeInTheDocument();
    fireEvent.click(within(bar).getByRole('button', { name: 'Forget 4' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Forget 4 tasks?' });
    expect(within(ask).getByText('Costs nothing: no request is sent.')).toBeInTheDocument();
    fireEvent.click(within(ask).getByRole('button', { name: 'Forget 4 tasks' }));
    expect(registry.list()).toHaveLength(0);
  });

  it('a batch offers to retry every failed task of it, asking with the count', async () => {
    for (const task of registry.list()) registry.track({ ...task, batchId: 'batch_b' });
    renderRoutes({ '/tasks/*': <TasksPage /> }, { at: '/tasks', registry });
    const batch = await screen.findByRole('region', { name: 'Batch of 4 variations' });
    fireEvent.click(within(batch).getByRole('button', { name: 'Retry all 3 failed' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Retry 3 failed tasks?' });
    expect(within(ask).getByText('3 tasks will be sent.')).toBeInTheDocument();
  });
});
