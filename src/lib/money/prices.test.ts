import { describe, expect, it } from 'vitest';
import {
  costOf,
  formatMoney,
  isCurrencyCode,
  mergeBooks,
  parsePriceBook,
  priceFor,
  sumCosts,
  type Price,
  type PriceBook,
} from './prices';

const price = (over: Partial<Price>): Price => ({
  id: over.id ?? 'x',
  model: 'video-2.0-cl',
  kind: 'video',
  rule: 'any',
  unit: 'per1kTokens',
  amount: 1,
  ...over,
});

const book: PriceBook = {
  currency: 'CNY',
  prices: [
    price({ id: 'with', rule: 'withVideo', amount: 0.05 }),
    price({ id: 'without', rule: 'withoutVideo', amount: 0.02 }),
    price({ id: 'music', kind: 'music', model: 'music-1', unit: 'perTask', amount: 0.3 }),
    price({ id: 'any', model: 'video-fast', amount: 0.01 }),
  ],
};

describe('prices', () => {
  it('picks the price of the billing rule, and the either-rule price when there is no exact one', () => {
    expect(priceFor(book, { model: 'video-2.0-cl', kind: 'video', withVideo: true })?.id).toBe('with');
    expect(priceFor(book, { model: 'video-2.0-cl', kind: 'video', withVideo: false })?.id).toBe('without');
    expect(priceFor(book, { model: 'video-fast', kind: 'video', withVideo: true })?.id).toBe('any');
    expect(priceFor(book, { model: 'music-1', kind: 'music' })?.id).toBe('music');
  });

  it('matches model and kind exactly: a music task is not priced by a video price of the same model', () => {
    expect(priceFor(book, { model: 'video-2.0-cl', kind: 'music' })).toBeUndefined();
    expect(priceFor(book, { model: 'other', kind: 'video', withVideo: true })).toBeUndefined();
    expect(priceFor(book, { kind: 'video', withVideo: true })).toBeUndefined();
    // A kind without the rule never takes a rule-specific price.
    expect(priceFor(book, { model: 'video-2.0-cl', kind: 'video' })).toBeUndefined();
  });

  it('costs tokens per 1,000 and tasks per task; tokens unknown is no cost, not zero', () => {
    expect(
      costOf(book, { model: 'video-2.0-cl', kind: 'video', withVideo: true, tokens: 10_000 }),
    ).toBeCloseTo(0.5);
    expect(
      costOf(book, { model: 'video-2.0-cl', kind: 'video', withVideo: false, tokens: 10_000 }),
    ).toBeCloseTo(0.2);
    expect(costOf(book, { model: 'video-2.0-cl', kind: 'video', withVideo: true })).toBeUndefined();
    expect(costOf(book, { model: 'music-1', kind: 'music' })).toBe(0.3);
    expect(costOf(book, { model: 'music-1', kind: 'music', tokens: 99_999 })).toBe(0.3);
  });

  it('sums what it can and counts what it cannot', () => {
    const total = sumCosts(book, [
      { model: 'video-2.0-cl', kind: 'video', withVideo: true, tokens: 2000 },
      { model: 'music-1', kind: 'music' },
      { model: 'nobody', kind: 'video', withVideo: false, tokens: 5 },
    ]);
    expect(total.amount).toBeCloseTo(0.4);
    expect(total).toMatchObject({ priced: 2, unpriced: 1 });
  });

  it('formats money in the currency named, in the page language', () => {
    expect(formatMoney(1.5, 'USD', 'en')).toBe('$1.50');
    expect(formatMoney(1.5, 'CNY', 'zh-CN')).toBe('¥1.50');
    // A fraction of a cent is not shown as nothing.
    expect(formatMoney(0.0042, 'USD', 'en')).toBe('$0.0042');
    // A code Intl does not know falls back rather than throwing.
    expect(formatMoney(1, 'nope', 'en')).toBe('$1.00');
    expect(isCurrencyCode('eur')).toBe(true);
    expect(isCurrencyCode('euro')).toBe(false);
  });

  it('reads untrusted JSON: bad entries dropped, negative and non-numeric amounts refused', () => {
    const parsed = parsePriceBook({
      currency: 'eur',
      runCap: 5,
      dayCap: -1,
      prices: [
        price({ id: 'ok' }),
        { ...price({}), amount: -2 },
        { ...price({}), amount: '3' },
        { ...price({}), rule: 'sometimes' },
        { ...price({}), unit: 'perSecond' },
        { ...price({}), model: '  ' },
        'junk',
      ],
    });
    expect(parsed.currency).toBe('EUR');
    expect(parsed.prices.map((p) => p.id)).toEqual(['ok']);
    expect(parsed.runCap).toBe(5);
    expect(parsed.dayCap).toBeUndefined();
    expect(parsePriceBook('x')).toEqual({ currency: 'USD', prices: [] });
  });

  it('merges an imported book: prices here win, missing ones are added, currency kept once set', () => {
    const own: PriceBook = { currency: 'CNY', prices: [price({ id: 'a', amount: 1 })], dayCap: 10 };
    const incoming: PriceBook = {
      currency: 'USD',
      prices: [price({ id: 'b', amount: 9 }), price({ id: 'c', model: 'm2', amount: 2 })],
      runCap: 3,
      dayCap: 99,
    };
    const { book: merged, added } = mergeBooks(own, incoming);
    expect(added).toBe(1);
    expect(merged.currency).toBe('CNY');
    expect(merged.prices.map((p) => [p.model, p.amount])).toEqual([
      ['video-2.0-cl', 1],
      ['m2', 2],
    ]);
    expect(merged).toMatchObject({ runCap: 3, dayCap: 10 });
    expect(mergeBooks({ currency: 'USD', prices: [] }, incoming).book.currency).toBe('USD');
  });
});
