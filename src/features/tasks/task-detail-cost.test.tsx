import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Task } from '@/api/tasks';
import { EMPTY_BOOK, type PriceBook } from '@/lib/money/prices';
import { usePricesStore } from '@/lib/money/prices-store';
import { BOOTSTRAP_LOCAL, json, mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import { TaskView } from './task-view';

const book: PriceBook = {
  currency: 'USD',
  prices: [
    {
      id: 'a',
      model: 'video-2.0-cl',
      kind: 'video',
      rule: 'withoutVideo',
      unit: 'per1kTokens',
      amount: 0.01,
    },
    { id: 'b', model: 'video-2.0-cl', kind: 'video', rule: 'withVideo', unit: 'per1kTokens', amount: 0.03 },
    { id: 'c', model: 'video-2.0-cl-fast', kind: 'video', rule: 'any', unit: 'perTask', amount: 2 },
    { id: 'd', model: 'music-v1', kind: 'music', rule: 'any', unit: 'per1kTokens', amount: 5 },
  ],
};

function show(task: Task) {
  mockFetch({ 'GET /bootstrap': () => json(BOOTSTRAP_LOCAL) });
  renderRoutes({ '/t': <TaskView task={task} /> }, { at: '/t' });
  return screen.getByRole('article');
}

/** The usage section: the tokens the server reported and, beside them, the cost. */
const usageSection = (article: HTMLElement) =>
  within(article).getByRole('heading', { name: 'Usage' }).closest('section')!;

beforeEach(() => usePricesStore.setState({ book }));
afterEach(() => {
  usePricesStore.setState({ book: EMPTY_BOOK });
  vi.unstubAllGlobals();
});

const video = (over: Partial<Task>): Task => ({
  id: 'task_v',
  kind: 'video',
  model: 'video-2.0-cl',
  status: 'succeeded',
  has_video_input: false,
  usage: { total_tokens: 100_000 },
  ...over,
});

describe('the task detail shows its cost by your prices beside its tokens', { timeout: 20_000 }, () => {
  it('prices a finished task by its reported tokens, labelled as your prices', () => {
    const usage = usageSection(show(video({})));
    expect(within(usage).getByText('100000')).toBeInTheDocument();
    const row = within(usage).getByTestId('task-detail-cost');
    expect(within(row).getByText('Cost by your prices')).toBeInTheDocument();
    expect(within(row).getByText('$1.00')).toBeInTheDocument();
  });

  it('shows no money when no price applies', () => {
    const usage = usageSection(show(video({ model: 'video-2.0-cl-mini' })));
    expect(within(usage).getByText('100000')).toBeInTheDocument();
    expect(within(usage).queryByTestId('task-detail-cost')).toBeNull();
    expect(usage.textContent).not.toMatch(/\$/);
  });

  it('a failed video task that reported usage shows the cost of those tokens under its rule (decision 510)', () => {
    const usage = usageSection(show(video({ status: 'FAILURE', has_video_input: true })));
    expect(within(usage).getByTestId('task-detail-cost')).toHaveTextContent('$3.00');
    expect(usage).toHaveTextContent(/names no exception for a failed or cancelled task/);
    // The old note said the opposite of what the specification bills.
    expect(usage.textContent).not.toMatch(/Not charged/);
  });

  it('a failed video task is not priced by a per-task price', () => {
    const perTask = usageSection(show(video({ status: 'failed', model: 'video-2.0-cl-fast' })));
    expect(within(perTask).queryByTestId('task-detail-cost')).toBeNull();
  });

  it('a failed music task is not priced: the specification bills only the video line', () => {
    const music = usageSection(
      show({ id: 'task_m', kind: 'music', model: 'music-v1', status: 'failed', usage: { total_tokens: 40 } }),
    );
    expect(within(music).queryByTestId('task-detail-cost')).toBeNull();
    expect(music).toHaveTextContent(/no cost is counted for it/);
  });

  it('a failed video task without reported tokens shows no cost', () => {
    const article = show(video({ status: 'failed', usage: {} }));
    expect(within(article).queryByTestId('task-detail-cost')).toBeNull();
  });
});
