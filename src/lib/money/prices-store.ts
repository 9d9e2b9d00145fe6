import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { isRecord } from '@contract/is-record';
import { EMPTY_BOOK, mergeBooks, parsePriceBook, type Price, type PriceBook } from './prices';

export const PRICES_STORAGE_KEY = 'media-studio.prices';

interface PricesStore {
  book: PriceBook;
  currencyChanged: (currency: string) => void;
  priceAdded: (price: Omit<Price, 'id'>) => void;
  priceChanged: (id: string, change: Partial<Omit<Price, 'id'>>) => void;
  priceRemoved: (id: string) => void;
  /** A cap of undefined is no cap. */
  capsChanged: (caps: { runCap?: number; dayCap?: number }) => void;
}

let counter = 0;
const newId = () => `p${Date.now().toString(36)}${(counter++).toString(36)}`;

/**
 * The person's prices and caps, in this browser's localStorage like the other settings (decision
 * 381), carried in the task registry's export file under `prices`.
 */
export const usePricesStore = create<PricesStore>()(
  persist(
    (set) => ({
      book: EMPTY_BOOK,
      currencyChanged: (currency) => set((s) => ({ book: { ...s.book, currency } })),
      priceAdded: (price) =>
        set((s) => ({ book: { ...s.book, prices: [...s.book.prices, { ...price, id: newId() }] } })),
      priceChanged: (id, change) =>
        set((s) => ({
          book: { ...s.book, prices: s.book.prices.map((p) => (p.id === id ? { ...p, ...change } : p)) },
        })),
      priceRemoved: (id) =>
        set((s) => ({ book: { ...s.book, prices: s.book.prices.filter((p) => p.id !== id) } })),
      capsChanged: (caps) =>
        set((s) => {
          const { runCap: _run, dayCap: _day, ...rest } = s.book;
          const runCap = 'runCap' in caps ? caps.runCap : s.book.runCap;
          const dayCap = 'dayCap' in caps ? caps.dayCap : s.book.dayCap;
          return {
            book: {
              ...rest,
              ...(runCap !== undefined ? { runCap } : {}),
              ...(dayCap !== undefined ? { dayCap } : {}),
            },
          };
        }),
    }),
    {
      name: PRICES_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ book: s.book }),
      // Stored data is untrusted (another version, a hand edit): parsed as an imported file is.
      merge: (persisted, current) => ({
        ...current,
        book: parsePriceBook((persisted as { book?: unknown } | undefined)?.book),
      }),
    },
  ),
);

export const usePriceBook = (): PriceBook => usePricesStore((s) => s.book);

/** An export file (the registry's JSON) with this browser's prices added under `prices`. */
export function withPrices(exportJson: string): string {
  const file: unknown = JSON.parse(exportJson);
  if (!isRecord(file)) return exportJson;
  return JSON.stringify({ ...file, prices: usePricesStore.getState().book }, null, 2);
}

/** The prices of an imported file, merged (mergeBooks); returns how many were added. */
export function importPrices(text: string): number {
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch {
    return 0;
  }
  if (!isRecord(file) || !isRecord(file.prices)) return 0;
  const { book, added } = mergeBooks(usePricesStore.getState().book, parsePriceBook(file.prices));
  usePricesStore.setState({ book });
  return added;
}
