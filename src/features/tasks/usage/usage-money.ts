import { costOf, priceFor, ZERO, type CostInput, type MoneyTotal, type PriceBook } from '@/lib/money/prices';
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
  // Totals added to in place: a new object per sample and line was most of the time for 200,000
  // tasks (issue 43), in garbage collection.
  const total: MoneyTotal = { ...ZERO };
  const byDay = new Map<string, MoneyTotal>();
  const byModel = new Map<string, MoneyTotal>();
  const byKind = new Map<string, MoneyTotal>();
  const byRule = new Map<string, MoneyTotal>();
  const add = (line: MoneyTotal, cost: number | undefined) => {
    if (cost === undefined) line.unpriced += 1;
    else {
      line.amount += cost;
      line.priced += 1;
    }
  };
  const addTo = (map: Map<string, MoneyTotal>, key: string, cost: number | undefined) => {
    let line = map.get(key);
    if (!line) map.set(key, (line = { ...ZERO }));
    add(line, cost);
  };
  const input: CostInput = { kind: '' };
  for (const s of samples) {
    input.model = s.model;
    input.kind = s.kind;
    input.withVideo = s.rule === undefined ? undefined : s.rule === 'withVideo';
    input.tokens = s.tokens;
    // A task that ended without a result is billed only for its reported video tokens (decision
    // 510): under any other price it costs nothing, and is neither priced nor left unpriced.
    if (
      s.noResult &&
      (s.kind !== 'video' || s.tokens === undefined || priceFor(book, input)?.unit !== 'per1kTokens')
    )
      continue;
    const cost = costOf(book, input);
    add(total, cost);
    addTo(byDay, s.day, cost);
    addTo(byModel, s.model, cost);
    addTo(byKind, s.kind, cost);
    if (s.rule) addTo(byRule, s.rule, cost);
  }
  return {
    total,
    byDay: lines(byDay, 'key'),
    byModel: lines(byModel, 'amount'),
    byKind: lines(byKind, 'amount'),
    byRule: lines(byRule, 'amount'),
  };
}
