import 'fake-indexeddb/auto';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { clear, createStore } from 'idb-keyval';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { TaskRegistry } from '@/api/task-registry';
import { TaskRegistryProvider } from '@/api/task-registry-context';
import { memoryBackend } from '@/api/task-registry-storage';
import { renderRoutes } from '@/test/render';
import type { RowCheck } from './batch-check';
import { emptyBatch, type Batch, type BatchRow } from './batch-model';
import { BatchRunPanel } from './batch-run-panel';
import type { BatchRunner } from './batch-runner';
import { saveBatch } from './batch-storage';
import { BatchTableCard } from './batch-table-card';
import { BatchesPage } from './batches-page';

const idle = { subscribe: () => () => undefined, runningElsewhere: () => false } as unknown as BatchRunner;
const ok: RowCheck = {
  body: { model: 'video-2.0-cl', prompt: 'a kite', duration: 5 } as RowCheck['body'],
  issues: [],
  ok: true,
};

function panel(batch: Batch) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TaskRegistryProvider registry={new TaskRegistry(memoryBackend())}>
        <BatchRunPanel batch={batch} checks={batch.rows.map(() => ok)} runner={idle} />
      </TaskRegistryProvider>
    </QueryClientProvider>,
  );
}

const rows = (n: number, state: BatchRow['state'], startedAt?: number): BatchRow[] =>
  Array.from({ length: n }, (_, i) => ({
    key: `${state}-${i}`,
    cells: [`p${i}`],
    state,
    ...(startedAt !== undefined ? { startedAt } : {}),
  }));

beforeEach(async () => {
  await clear(createStore('media-studio-batches', 'batches'));
});

describe('the time left of a batch run', () => {
  const halfway = (state: Batch['state']): Batch => ({
    ...emptyBatch(Date.now(), 'video'),
    state,
    rows: [...rows(2, 'succeeded', Date.now() - 60_000), ...rows(2, 'pending')],
  });

  it('is told while the batch runs', () => {
    panel(halfway('running'));
    expect(screen.getByTestId('batch-progress')).toHaveTextContent(/min left at this pace/);
  });

  it('is not told while it is paused or stopped: nothing is sent, there is no pace', () => {
    panel(halfway('paused'));
    expect(screen.getByTestId('batch-progress')).toHaveTextContent(
      'Paused · 2 done, 0 running, 0 failed, 2 left',
    );
    expect(screen.getByTestId('batch-progress')).not.toHaveTextContent(/left at this pace/);
  });
});

describe('the counts above the run', () => {
  it('add up once rows are sent: the sent rows are counted too', () => {
    panel({
      ...emptyBatch(Date.now(), 'video'),
      state: 'paused',
      rows: [...rows(1, 'succeeded'), ...rows(1, 'running'), ...rows(2, 'pending'), ...rows(1, 'dropped')],
    });
    expect(screen.getByTestId('batch-counts')).toHaveTextContent(
      '5 rows: 2 sent, 2 ready, 0 with problems, 1 dropped',
    );
  });
});

describe('the counts of a large batch', () => {
  it('are written with the thousands separators of the language, on the page and in the list', async () => {
    panel({ ...emptyBatch(Date.now(), 'video'), rows: rows(1200, 'pending') });
    expect(screen.getByTestId('batch-counts')).toHaveTextContent(
      '1,200 rows: 1,200 ready, 0 with problems, 0 dropped',
    );
    expect(screen.getByRole('button', { name: 'Run 1,200 rows' })).toBeInTheDocument();
    document.body.innerHTML = '';

    panel({
      ...emptyBatch(Date.now(), 'video'),
      state: 'paused',
      rows: [...rows(1500, 'succeeded'), ...rows(1200, 'failed'), ...rows(1000, 'pending')],
    });
    expect(screen.getByTestId('batch-progress')).toHaveTextContent(
      'Paused · 1,500 done, 0 running, 1,200 failed, 1,000 left',
    );
    expect(screen.getByRole('button', { name: 'Retry 1,200 failed rows' })).toBeInTheDocument();
    document.body.innerHTML = '';

    await saveBatch({
      ...emptyBatch(Date.now()),
      name: 'Catalogue',
      state: 'paused',
      rows: [...rows(2000, 'succeeded'), ...rows(1000, 'pending')],
    });
    renderRoutes({ '/batches/*': <BatchesPage /> }, { at: '/batches' });
    expect(await screen.findByTestId('batch-list-item')).toHaveTextContent(
      '3,000 rows · 2,000 done, 0 running, 0 failed, 1,000 left',
    );
  });
});

function TableCard() {
  const [batch, setBatch] = useState<Batch>(() => ({
    ...emptyBatch(Date.now(), 'video'),
    request: { ...emptyBatch(Date.now(), 'video').request, prompt: 'A shot of {{product}}' },
  }));
  return <BatchTableCard batch={batch} disabled={false} onChange={(change) => setBatch(change)} />;
}

describe('reading a pasted table', () => {
  it('leaves the focus on what each column fills, not on the page (the Read button goes disabled)', () => {
    render(<TableCard />);
    fireEvent.change(screen.getByLabelText(/Paste a CSV or TSV/), {
      target: { value: 'product,duration\nmug,4\nhat,4' },
    });
    const read = screen.getByRole('button', { name: 'Read the table' });
    read.focus();
    fireEvent.click(read);
    expect(read).toBeDisabled();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'product' }));
  });
});
