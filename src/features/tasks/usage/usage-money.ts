import { addCost, costOf, ZERO, type MoneyTotal, type PriceBook } from '@/lib/money/prices';
import type { UsageSample } from './usage-data';

/** One line of the money totals. */
export interface MoneyLine extends MoneyTotal {
  key: string;
}

/** Money is the one unit every kind shares: the range's total, and by day, model, kind and rule. */
interface MoneySummary {
  total: MoneyTotal;
  byDay: MoneyLine[];
  byModel: MoneyLine[];
  byKind: MoneyLine[];
  byRule: MoneyLine[];
}

function lines(map: Map<string, MoneyTotal>, order: 'amount' | 'key'): MoneyLine[] {
  const out = [...map].map(([key, total]) => ({ key, ...total }));
  return out.sort((a, b) =>
    order === 'key' ? a.key.localeCompare(b.key) : b.amount - a.amount || a.key.localeCompare(b.key),
  );
}

/**
 * The samples' money by the person's prices: a sample without a price, or priced by tokens it did
 * not report, is counted as not priced, never as zero.
 */
export function summariseMoney(samples: readonly UsageSample[], book: PriceBook): MoneySummary {
  let total = ZERO;
  const byDay = new Map<string, MoneyTotal>();
  const byModel = new Map<string, MoneyTotal>();
  const byKind = new Map<string, MoneyTotal>();
  const byRule = new Map<string, MoneyTotal>();
  const add = (map: Map<string, MoneyTotal>, key: string, cost: number | undefined) =>
    map.set(key, addCost(map.get(key) ?? ZERO, cost));
  for (const s of samples) {
    const cost = costOf(book, {
      model: s.model,
      kind: s.kind,
      withVideo: s.rule === undefined ? undefined : s.rule === 'withVideo',
      tokens: s.tokens,
    });
    total = addCost(total, cost);
    add(byDay, s.day, cost);
    add(byModel, s.model, cost);
    add(byKind, s.kind, cost);
    if (s.rule) add(byRule, s.rule, cost);
  }
  return {
    total,
    byDay: lines(byDay, 'key'),
    byModel: lines(byModel, 'amount'),
    byKind: lines(byKind, 'amount'),
    byRule: lines(byRule, 'amount'),
  };
}
