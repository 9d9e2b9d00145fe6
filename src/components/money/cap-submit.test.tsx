import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createGenericTask } from '@/api/generic-tasks';
import { useSubmitTasks, type TaskRequest } from '@/lib/form/submit-tasks';
import { EMPTY_BOOK, type PriceBook } from '@/lib/money/prices';
import { usePricesStore } from '@/lib/money/prices-store';
import { json, mockFetch } from '@/test/fetch-mock';
import { createTestRegistry, renderRoutes } from '@/test/render';
import { CapDialog } from './cap-dialog';
import { MoneyEstimate } from './money-estimate';
import { requestCostInput } from '@/lib/money/task-cost';

type Body = { model: string; prompt: string };
const requests: TaskRequest<Body>[] = ['one', 'two', 'three'].map((prompt) => ({
  body: { model: 'music-v5.5', prompt },
  kind: 'music',
  prompt,
}));
const book: PriceBook = {
  currency: 'USD',
  prices: [{ id: 'm', model: 'music-v5.5', kind: 'music', rule: 'any', unit: 'perTask', amount: 0.5 }],
};

function Harness() {
  const { submit, capBreach, answerCap } = useSubmitTasks<Body, 'prompt', string>({
    create: (body) => createGenericTask(body),
    source: 'task-form',
    fieldOfParam: () => undefined,
    onCreated: () => {},
  });
  return (
    <>
      <MoneyEstimate inputs={requests.map(requestCostInput)} />
      <button type="button" onClick={() => submit(requests, 'snapshot')}>
        send
      </button>
      <CapDialog breach={capBreach} onAnswer={answerCap} />
    </>
  );
}

function setUp() {
  let posts = 0;
  mockFetch({
    'POST /v1/tasks': () => json({ object: 'task', id: `task_${(posts += 1)}`, status: 'pending' }),
  });
  const registry = createTestRegistry();
  renderRoutes({ '/create': <Harness /> }, { at: '/create', registry });
  return { posts: () => posts, registry };
}

beforeEach(() => usePricesStore.setState({ book: EMPTY_BOOK }));

describe('money before sending', { timeout: 20_000 }, () => {
  it('shows nothing in money until the person has prices, then the run in their currency', async () => {
    setUp();
    await screen.findByRole('button', { name: 'send' });
    expect(screen.queryByTestId('money-estimate')).toBeNull();
    usePricesStore.setState({ book });
    expect(await screen.findByTestId('money-estimate')).toHaveTextContent('≈ $1.50');
  });

  it('says a price by tokens of a kind counted by the server is known only after the run', async () => {
    usePricesStore.setState({ book: { ...book, prices: [{ ...book.prices[0]!, unit: 'per1kTokens' }] } });
    setUp();
    expect(await screen.findByTestId('money-estimate')).toHaveTextContent(
      'priced by tokens: known once it has run',
    );
    usePricesStore.setState({ book: { ...book, prices: [{ ...book.prices[0]!, model: 'other' }] } });
    expect(await screen.findByTestId('money-estimate')).toHaveTextContent('no price set for this model');
  });

  it('asks, with the figures, before sending a run over the per-run cap; "don\'t send" sends nothing', async () => {
    usePricesStore.setState({ book: { ...book, runCap: 1 } });
    const { posts } = setUp();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'send' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Over your spending cap' });
    expect(dialog).toHaveTextContent(
      'This run is estimated at $1.50 by your prices, above your per-run cap of $1.00.',
    );
    expect(posts()).toBe(0);
    await user.click(screen.getByRole('button', { name: "Don't send" }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(posts()).toBe(0);
    await user.click(screen.getByRole('button', { name: 'send' }));
    await user.click(await screen.findByRole('button', { name: 'Send anyway' }));
    await expect.poll(posts).toBe(3);
  });

  it("counts today's tasks against the per-day cap", async () => {
    usePricesStore.setState({ book: { ...book, dayCap: 2 } });
    const { posts, registry } = setUp();
    await registry.ready;
    for (const id of ['task_a', 'task_b']) {
      registry.track({ id, kind: 'music', model: 'music-v5.5', createdAt: Date.now(), source: 'task-form' });
    }
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'send' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      "Today's tasks come to $1.00 by your prices; with this run, $2.50: above your per-day cap of $2.00.",
    );
    expect(posts()).toBe(0);
  });

  it('sends at once when under the caps', async () => {
    usePricesStore.setState({ book: { ...book, runCap: 5, dayCap: 5 } });
    const { posts } = setUp();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'send' }));
    await expect.poll(posts).toBe(3);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
