import { describe, expect, it } from 'vitest';
import type { PriceBook } from '@/lib/money/prices';
import type { UsageSample } from './usage-data';
import { summariseMoney } from './usage-money';

const book: PriceBook = {
  currency: 'CNY',
  prices: [
    { id: '1', model: 'v', kind: 'video', rule: 'withVideo', unit: 'per1kTokens', amount: 2 },
    { id: '2', model: 'v', kind: 'video', rule: 'withoutVideo', unit: 'per1kTokens', amount: 1 },
    { id: '3', model: 'm', kind: 'music', rule: 'any', unit: 'perTask', amount: 0.5 },
  ],
};
const s = (over: Partial<UsageSample>): UsageSample => ({
  day: '2026-05-01',
  model: 'v',
  source: 'task',
  kind: 'video',
  rule: 'withoutVideo',
  tokens: 1000,
  ...over,
});

describe('money on the usage page', () => {
  it('adds money across kinds (the one common unit), by day, model, kind and billing rule', () => {
    const money = summariseMoney(
      [
        s({}),
        s({ rule: 'withVideo', tokens: 3000, day: '2026-05-02' }),
        s({ kind: 'music', model: 'm', rule: undefined, tokens: 7 }),
      ],
      book,
    );
    expect(money.total).toEqual({ amount: 7.5, priced: 3, unpriced: 0 });
    expect(money.byDay).toEqual([
      { key: '2026-05-01', amount: 1.5, priced: 2, unpriced: 0 },
      { key: '2026-05-02', amount: 6, priced: 1, unpriced: 0 },
    ]);
    expect(money.byKind.map((l) => [l.key, l.amount])).toEqual([
      ['video', 7],
      ['music', 0.5],
    ]);
    expect(money.byModel.map((l) => l.key)).toEqual(['v', 'm']);
    // Music has no billing rule: it is not listed under "without video input".
    expect(money.byRule).toEqual([
      { key: 'withVideo', amount: 6, priced: 1, unpriced: 0 },
      { key: 'withoutVideo', amount: 1, priced: 1, unpriced: 0 },
    ]);
  });

  it('counts usage it cannot price as not priced, never as zero', () => {
    const money = summariseMoney([s({ tokens: undefined }), s({ model: 'other' }), s({})], book);
    expect(money.total).toEqual({ amount: 1, priced: 1, unpriced: 2 });
  });

  it('bills a task that ended without a result only for its reported video tokens (decision 510), as the task detail does', () => {
    const money = summariseMoney(
      [
        s({}),
        // A failed video task that reported tokens: billed by them.
        s({ noResult: true, tokens: 2000 }),
        // A failed video task without tokens, a failed music task priced per task: not billed.
        s({ noResult: true, tokens: undefined }),
        s({ noResult: true, kind: 'music', model: 'm', rule: undefined, tokens: 7 }),
      ],
      book,
    );
    expect(money.total).toEqual({ amount: 3, priced: 2, unpriced: 0 });
    expect(money.byKind.map((l) => l.key)).toEqual(['video']);
  });

  it('keeps a failed task from the totals when the state comes in another spelling', async () => {
    const { taskUsageSample } = await import('./usage-data');
    const tracked = {
      id: 't1',
      kind: 'music',
      model: 'm',
      createdAt: Date.UTC(2026, 4, 1, 12),
    } as Parameters<typeof taskUsageSample>[0];
    const sample = taskUsageSample(tracked, {
      id: 't1',
      status: 'FAILURE',
      usage: { total_tokens: 7 },
    } as never);
    expect(sample.noResult).toBe(true);
    expect(summariseMoney([sample], book).total).toEqual({ amount: 0, priced: 0, unpriced: 0 });
  });
});
