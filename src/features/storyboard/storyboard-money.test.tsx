import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TrackedTask } from '@/api/task-registry-schema';
import { EMPTY_BOOK, type PriceBook } from '@/lib/money/prices';
import { usePricesStore } from '@/lib/money/prices-store';
import { renderRoutes } from '@/test/render';
import { newShot, totalEstimate, type Storyboard } from './storyboard';
import { RunConfirm, RunPanel } from './run-panel';
import { runCapBreach } from './storyboard-money';

const board = (): Storyboard => ({
  id: 'sb',
  name: 'Pier',
  updatedAt: 0,
  cast: [],
  shots: [newShot({ prompt: 'one' }), newShot({ prompt: 'two' }, true)],
  joins: ['cut'],
});

/** One price: video by 1,000 tokens, whatever the rule. */
const book = (extra: Partial<PriceBook> = {}): PriceBook => ({
  currency: 'USD',
  prices: [{ id: 'p', model: 'video-2.0-cl', kind: 'video', rule: 'any', unit: 'per1kTokens', amount: 0.01 }],
  ...extra,
});

afterEach(() => usePricesStore.setState({ book: EMPTY_BOOK }));

describe('the storyboard run in money', () => {
  it('shows the money next to the tokens, in the card and in the confirmation', () => {
    usePricesStore.setState({ book: book() });
    const b = board();
    const money = ((totalEstimate(b)! / 1000) * 0.01).toFixed(2);
    renderRoutes(
      {
        '/': (
          <>
            <RunPanel
              board={b}
              running={false}
              onAsk={() => undefined}
              onStop={() => undefined}
              errors={null}
            />
            <RunConfirm board={b} scope="pending" onConfirm={() => undefined} onCancel={() => undefined} />
          </>
        ),
      },
      { at: '/' },
    );
    expect(screen.getByTestId('storyboard-money')).toHaveTextContent(`$${money}`);
    expect(screen.getByTestId('storyboard-confirm-money')).toHaveTextContent(`$${money}`);
  });

  it('shows no money while the person has set no prices', () => {
    const b = board();
    renderRoutes(
      {
        '/': (
          <RunPanel
            board={b}
            running={false}
            onAsk={() => undefined}
            onStop={() => undefined}
            errors={null}
          />
        ),
      },
      { at: '/' },
    );
    expect(screen.queryByTestId('storyboard-money')).toBeNull();
  });

  it('a run over the run cap, or taking the day over the day cap, asks; under both it does not', () => {
    const b = board();
    const amount = (totalEstimate(b)! / 1000) * 0.01;
    expect(runCapBreach(book(), b, [0, 1], [])).toBeUndefined();
    expect(runCapBreach(book({ runCap: amount / 2 }), b, [0, 1], [])).toMatchObject({
      run: { cap: amount / 2 },
      estimate: { amount },
    });
    // Only the shots that run count: one shot is under the same cap.
    expect(runCapBreach(book({ runCap: amount * 0.75 }), b, [0], [])).toBeUndefined();
    const now = Date.now();
    const spent: TrackedTask = {
      id: 't',
      kind: 'video',
      model: 'video-2.0-cl',
      createdAt: now,
      last: { status: 'succeeded', usage: { model: 'video-2.0-cl', tokens: 100_000 } },
    } as TrackedTask;
    expect(runCapBreach(book({ dayCap: amount + 0.5 }), b, [0, 1], [spent], now)).toMatchObject({
      day: { cap: amount + 0.5, spent: 1 },
    });
  });
});
