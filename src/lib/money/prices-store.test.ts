import { beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_BOOK } from './prices';
import { importPrices, PRICES_STORAGE_KEY, usePricesStore, withPrices } from './prices-store';

const add = () =>
  usePricesStore
    .getState()
    .priceAdded({ model: 'v', kind: 'video', rule: 'withVideo', unit: 'per1kTokens', amount: 0.2 });

describe('prices store', () => {
  beforeEach(() => {
    localStorage.clear();
    usePricesStore.setState({ book: EMPTY_BOOK });
  });

  it('keeps prices, currency and caps in this browser', () => {
    add();
    usePricesStore.getState().currencyChanged('CNY');
    usePricesStore.getState().capsChanged({ runCap: 5, dayCap: 20 });
    const stored = JSON.parse(localStorage.getItem(PRICES_STORAGE_KEY)!);
    expect(stored.state.book).toMatchObject({ currency: 'CNY', runCap: 5, dayCap: 20 });
    expect(stored.state.book.prices).toHaveLength(1);
    usePricesStore.getState().capsChanged({ runCap: undefined });
    expect(usePricesStore.getState().book.runCap).toBeUndefined();
    expect(usePricesStore.getState().book.dayCap).toBe(20);
  });

  it('changes and removes one price by its id', () => {
    add();
    const [p] = usePricesStore.getState().book.prices;
    usePricesStore.getState().priceChanged(p!.id, { amount: 1.5 });
    expect(usePricesStore.getState().book.prices[0]!.amount).toBe(1.5);
    usePricesStore.getState().priceRemoved(p!.id);
    expect(usePricesStore.getState().book.prices).toEqual([]);
  });

  it('reads a bad stored record as no prices rather than failing', async () => {
    localStorage.setItem(
      PRICES_STORAGE_KEY,
      JSON.stringify({ state: { book: { prices: [{ amount: -1 }] } }, version: 1 }),
    );
    await usePricesStore.persist.rehydrate();
    expect(usePricesStore.getState().book).toEqual(EMPTY_BOOK);
  });

  it('travels in the export file and back into another browser', () => {
    add();
    usePricesStore.getState().currencyChanged('EUR');
    const file = withPrices(JSON.stringify({ version: 1, tasks: [] }));
    expect(JSON.parse(file)).toMatchObject({ version: 1, tasks: [], prices: { currency: 'EUR' } });
    usePricesStore.setState({ book: EMPTY_BOOK });
    expect(importPrices(file)).toBe(1);
    expect(usePricesStore.getState().book).toMatchObject({
      currency: 'EUR',
      prices: [{ model: 'v', amount: 0.2 }],
    });
    expect(importPrices('not json')).toBe(0);
    expect(importPrices(JSON.stringify({ tasks: [] }))).toBe(0);
  });
});
