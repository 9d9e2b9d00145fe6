import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RowCheck } from './batch-check';
import { BatchGrid } from './batch-grid';
import { emptyBatch, type Batch } from './batch-model';
import { toRows } from './batch-table';

describe('the batch grid', () => {
  // jsdom lays nothing out: the virtualised list is given a screenful to show its rows in.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  });
  afterEach(() => vi.restoreAllMocks());

  it('says what will happen to a row in doubt, keeps it from being dropped, and says what happened', () => {
    const [waiting, followed, plain] = toRows([['cat'], ['dog'], ['owl']]);
    const batch: Batch = {
      ...emptyBatch(),
      state: 'paused',
      headers: ['product'],
      columns: [{ variable: 'product' }],
      rows: [
        { ...waiting!, sendKey: 'key-1', sentBodies: [{ prompt: 'cat' }] },
        {
          ...followed!,
          state: 'succeeded',
          taskId: 'task_1',
          note: 'sentBeforeEdit',
          resultUrl: 'https://x/1.mp4',
        },
        plain!,
      ],
    };
    render(
      <MemoryRouter>
        <BatchGrid batch={batch} checks={[]} onChange={() => undefined} />
      </MemoryRouter>,
    );
    const [first, second, third] = screen.getAllByTestId('batch-row');
    expect(within(first!).getByTestId('batch-row-problem')).toHaveTextContent(
      /may have made a task\. It goes again under the same key/,
    );
    // Its cells can still be fixed; it cannot be dropped.
    expect(within(first!).getByLabelText(/product/)).toBeEnabled();
    expect(within(first!).queryByRole('button', { name: /drop/i })).toBeNull();
    expect(within(third!).getByRole('button', { name: /drop/i })).toBeInTheDocument();
    const said = within(second!).getByTestId('batch-row-problem');
    expect(said).toHaveTextContent(/made by a send whose answer was lost, before your edit/);
    expect(within(said).getByRole('link')).toHaveAttribute('href', 'https://x/1.mp4');
  });
});

describe('the batch grid showing only the rows with problems', () => {
  it('says no row has a problem when none has, instead of an empty table', async () => {
    const batch: Batch = {
      ...emptyBatch(),
      headers: ['product'],
      columns: [{ variable: 'product' }],
      rows: toRows([['cat'], ['dog']]),
    };
    const ok = { body: { prompt: 'x' }, issues: [], ok: true } as unknown as RowCheck;
    render(
      <MemoryRouter>
        <BatchGrid batch={batch} checks={[ok, ok]} onChange={() => undefined} />
      </MemoryRouter>,
    );
    expect(screen.queryByText('No row has a problem.')).toBeNull();
    await userEvent.setup().click(screen.getByLabelText('Show only the rows with problems'));
    expect(screen.queryAllByTestId('batch-row')).toHaveLength(0);
    expect(screen.getByText('No row has a problem.')).toBeInTheDocument();
  });
});
