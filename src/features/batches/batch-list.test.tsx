import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { clear, createStore } from 'idb-keyval';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toasterMounted } from '@/lib/toaster-host';
import { renderRoutes } from '@/test/render';
import { markBatchRunning } from './batch-active';
import { emptyBatch, type Batch, type BatchRow } from './batch-model';
import { idbPendingEdits } from './batch-pending-edits';
import { deleteBatch, listBatches, loadBatch, saveBatch } from './batch-storage';
import { BatchesPage } from './batches-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));
toasterMounted();

const rows = (states: BatchRow['state'][]): BatchRow[] =>
  states.map((state, i) => ({ key: `r${i}`, cells: [`p${i}`], state }));

async function keep(name: string, updatedAt: number, state: Batch['state'], states: BatchRow['state'][]) {
  const batch: Batch = { ...emptyBatch(updatedAt), name, state, rows: rows(states), updatedAt };
  await saveBatch(batch);
  return batch;
}

const items = () => screen.findAllByTestId('batch-list-item');

beforeEach(async () => {
  toast.success.mockClear();
  await clear(createStore('media-studio-batches', 'batches'));
});

describe('the batches list', () => {
  it('shows each batch’s rows done, running, failed and left, when it changed, newest first; a running one marked', async () => {
    await keep('Trial', Date.UTC(2026, 10, 1), 'draft', ['pending', 'pending']);
    await keep('Catalogue', Date.UTC(2026, 10, 3), 'running', [
      ...Array<BatchRow['state']>(60).fill('succeeded'),
      'failed',
      'running',
      'running',
      ...Array<BatchRow['state']>(37).fill('pending'),
    ]);
    await keep('Last week', Date.UTC(2026, 10, 2), 'done', ['succeeded', 'dropped']);
    renderRoutes({ '/batches/*': <BatchesPage /> }, { at: '/batches' });

    const [first, second, third] = await items();
    expect(first).toHaveTextContent('Catalogue');
    expect(first).toHaveTextContent('100 rows · 60 done, 2 running, 1 failed, 37 left');
    expect(first).toHaveTextContent(/Changed Nov 3, 2026/);
    expect(within(first!).getByText('Running')).toBeInTheDocument();
    expect(first).toHaveAttribute('data-state', 'running');
    expect(second).toHaveTextContent('Last week');
    expect(second).toHaveTextContent('1 row · 1 done, 0 running, 0 failed, 0 left');
    expect(within(second!).getByText('Finished')).toBeInTheDocument();
    // A draft: its rows, nothing run yet.
    expect(third).toHaveTextContent('Trial');
    expect(third).toHaveTextContent('2 rows · Changed');
    expect(within(third!).getByText('Not started')).toBeInTheDocument();
  });

  it('deletes a batch after a dialog naming it, its rows, and what stays; Undo puts it back', async () => {
    const trial = await keep('Trial', 1_000, 'paused', ['succeeded', 'pending', 'pending']);
    // An edit kept for it by a tab that closed before any tab wrote it (decision 660).
    await idbPendingEdits.put({
      id: trial.id,
      key: 'away:1',
      at: 1,
      patch: { fields: { concurrency: 2 }, rows: {} },
    });
    renderRoutes({ '/batches/*': <BatchesPage /> }, { at: '/batches' });
    await items();

    await userEvent.click(screen.getByRole('button', { name: 'Delete Trial' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Trial”?' });
    expect(dialog).toHaveTextContent('Its table of 3 rows goes from this browser');
    expect(dialog).toHaveTextContent('The tasks it made stay in Tasks and the Gallery');
    expect(dialog).not.toHaveTextContent('stopped first');
    // Cancel deletes nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await loadBatch(trial.id)).toBeDefined();

    await userEvent.click(screen.getByRole('button', { name: 'Delete Trial' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete batch' }),
    );
    await waitFor(() => expect(screen.queryByTestId('batch-list-item')).not.toBeInTheDocument());
    expect(await loadBatch(trial.id)).toBeUndefined();
    expect(await idbPendingEdits.list(trial.id)).toEqual([]);

    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    const [message, options] = toast.success.mock.calls[0]!;
    expect(message).toBe('Batch “Trial” deleted');
    expect(options.action.label).toBe('Undo');
    options.action.onClick();
    expect(await screen.findByRole('link', { name: 'Trial' })).toBeInTheDocument();
    // As it was, the edit kept for it included.
    expect(await loadBatch(trial.id)).toMatchObject({ state: 'paused', rows: trial.rows, concurrency: 2 });
  });

  it('says a running batch is stopped first, and deletes it from its own page too', async () => {
    const run = await keep('Catalogue', 2_000, 'running', ['running', 'pending']);
    const { router } = renderRoutes({ '/batches/*': <BatchesPage /> }, { at: `/batches/${run.id}` });

    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Catalogue”?' });
    expect(dialog).toHaveTextContent('Its table of 2 rows goes from this browser');
    expect(dialog).toHaveTextContent(
      'It is running: it will be stopped first. No more rows are sent; the rows already sent keep running on the server and stay in Tasks.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete batch' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/batches'));
    expect(await listBatches()).toEqual([]);
    expect(await screen.findByText('No batches yet')).toBeInTheDocument();
  });
});

describe('the batches list while a batch runs', () => {
  it('reads the summaries again every few seconds: another tab’s progress shows (its writes are not heard)', async () => {
    const run = await keep('Catalogue', 4_000, 'running', ['succeeded', 'running', 'pending']);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      renderRoutes({ '/batches/*': <BatchesPage /> }, { at: '/batches' });
      const [item] = await items();
      expect(item).toHaveTextContent('1 done, 1 running, 0 failed, 1 left');
      // Another tab runs it: its write lands here with no word to this tab.
      await saveBatch({ ...run, rows: rows(['succeeded', 'succeeded', 'running']), updatedAt: 5_000 });
      vi.advanceTimersByTime(3_000);
      await waitFor(() => expect(item).toHaveTextContent('2 done, 1 running, 0 failed, 0 left'));
    } finally {
      vi.useRealTimers();
      markBatchRunning(run.id, false);
    }
  });
});

describe('a batch page whose batch was deleted elsewhere', () => {
  it('says so at its next edit, and the edit does not bring the batch back', async () => {
    const draft = await keep('Trial', 3_000, 'draft', ['pending']);
    renderRoutes({ '/batches/*': <BatchesPage /> }, { at: `/batches/${draft.id}` });
    const name = await screen.findByLabelText('Batch name');
    // Another tab deletes it, and this one hears nothing (a tab of an older build, say).
    await deleteBatch(draft.id);
    await userEvent.type(name, ' 2');
    expect(await screen.findByText(/This batch was deleted, here or in another tab/)).toBeInTheDocument();
    expect(await loadBatch(draft.id)).toBeUndefined();
    expect(await listBatches()).toEqual([]);
  });
});

describe('a batch page opened after its batch was deleted', () => {
  it('says when it was deleted in this browser and leads to its tasks; an unknown id says it may be elsewhere', async () => {
    const gone = await keep('Trial', 3_000, 'draft', ['pending']);
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 20, 12), toFake: ['Date'] });
    await deleteBatch(gone.id);
    vi.useRealTimers();
    const { unmount } = renderRoutes({ '/batches/*': <BatchesPage /> }, { at: `/batches/${gone.id}` });
    expect(
      await screen.findByText(
        /This batch was deleted in this browser on Nov 20, 2026, .+\. Its tasks are still in Tasks/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Batch deleted');
    expect(screen.getByRole('link', { name: 'Open Tasks' })).toHaveAttribute('href', '/tasks');
    unmount();
    renderRoutes({ '/batches/*': <BatchesPage /> }, { at: '/batches/batch-never-here' });
    expect(await screen.findByText(/This browser keeps no batch with this id/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Batch not found');
    expect(screen.queryByRole('link', { name: 'Open Tasks' })).toBeNull();
  });
});
