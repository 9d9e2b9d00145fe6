import { isRecord } from '@contract/is-record';

/**
 * The person's own prices (decision 381): the specification bills the video line by tokens, one
 * rule with video input and one without, and leaves the amounts to each deployment. The dashboard
 * cannot know them, so the person enters what they pay; every figure drawn from these is theirs,
 * never the deployment's bill.
 */

/** A price for the with-video-input rule, the without one, or either (kinds without the rule). */
export type PriceRule = 'withVideo' | 'withoutVideo' | 'any';
export type PriceUnit = 'per1kTokens' | 'perTask';

export interface Price {
  id: string;
  model: string;
  /** A tracked task kind (video, music…) or `text` for the playground. */
  kind: string;
  rule: PriceRule;
  unit: PriceUnit;
  /** Money in the book's currency: per 1,000 tokens or per task. */
  amount: number;
}

export interface PriceBook {
  /** ISO 4217 code the person names (CNY, USD…). */
  currency: string;
  prices: Price[];
  /** Asked before one submit whose estimate is above it. */
  runCap?: number;
  /** Asked before a submit that would take the day's spend above it. */
  dayCap?: number;
}

export const PRICE_KINDS = [
  'video',
  'digital_human_video',
  'digital_human_audio',
  'music',
  'image',
  'resource',
  'text',
] as const;
export const PRICE_RULES: readonly PriceRule[] = ['any', 'withVideo', 'withoutVideo'];
export const PRICE_UNITS: readonly PriceUnit[] = ['per1kTokens', 'perTask'];
export const DEFAULT_CURRENCY = 'USD';
/** Bounds what a stored record or an imported file can make the page hold. */
const MAX_PRICES = 500;

export const EMPTY_BOOK: PriceBook = { currency: DEFAULT_CURRENCY, prices: [] };

/** What one task (sent, or about to be) is priced by. */
export interface CostInput {
  model?: string;
  kind: string;
  /** Billed by the with-video-input rule; undefined for kinds the rule does not apply to. */
  withVideo?: boolean;
  /** usage.total_tokens, reported or estimated; undefined when unknown. */
  tokens?: number;
}

/** A sum of money and how many items it could not count (no price, or tokens unknown). */
export interface MoneyTotal {
  amount: number;
  priced: number;
  unpriced: number;
}

export const ZERO: MoneyTotal = { amount: 0, priced: 0, unpriced: 0 };

export function isCurrencyCode(code: unknown): code is string {
  if (typeof code !== 'string' || !/^[A-Za-z]{3}$/.test(code)) return false;
  try {
    new Intl.NumberFormat('en', { style: 'currency', currency: code });
    return true;
  } catch {
    return false;
  }
}

const isAmount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/**
 * The price of one task: the entry for its model and kind under its billing rule, else the one
 * for either rule. The rule is the video line's; other kinds match only "either rule".
 */
export function priceFor(book: PriceBook, input: CostInput): Price | undefined {
  const model = input.model?.trim();
  if (!model) return undefined;
  const rule: PriceRule | undefined =
    input.withVideo === undefined ? undefined : input.withVideo ? 'withVideo' : 'withoutVideo';
  let either: Price | undefined;
  for (const p of book.prices) {
    if (p.model.trim() !== model || p.kind !== input.kind) continue;
    if (rule && p.rule === rule) return p;
    if (p.rule === 'any') either ??= p;
  }
  return either;
}

/** The cost of one task, or undefined when it has no price or its price is by tokens it lacks. */
export function costOf(book: PriceBook, input: CostInput): number | undefined {
  const price = priceFor(book, input);
  if (!price) return undefined;
  if (price.unit === 'perTask') return price.amount;
  return input.tokens === undefined ? undefined : (price.amount * input.tokens) / 1000;
}

export function addCost(total: MoneyTotal, cost: number | undefined): MoneyTotal {
  return cost === undefined
    ? { ...total, unpriced: total.unpriced + 1 }
    : { amount: total.amount + cost, priced: total.priced + 1, unpriced: total.unpriced };
}

export function sumCosts(book: PriceBook, inputs: readonly CostInput[]): MoneyTotal {
  let total = ZERO;
  for (const input of inputs) total = addCost(total, costOf(book, input));
  return total;
}

/** The book has a price someone could match: else the dashboard shows no money at all. */
export const hasPrices = (book: PriceBook): boolean => book.prices.length > 0;

/** Money in the book's currency, in the page's language; a fraction of a cent keeps its digits. */
export function formatMoney(amount: number, currency: string, language: string): string {
  const code = isCurrencyCode(currency) ? currency.toUpperCase() : DEFAULT_CURRENCY;
  const small = amount !== 0 && Math.abs(amount) < 0.01;
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: code,
    ...(small ? { maximumSignificantDigits: 2 } : {}),
  }).format(amount);
}

function parsePrice(v: unknown, index: number): Price | undefined {
  if (!isRecord(v)) return undefined;
  if (typeof v.model !== 'string' || !v.model.trim() || typeof v.kind !== 'string' || !v.kind)
    return undefined;
  if (!(PRICE_RULES as readonly unknown[]).includes(v.rule)) return undefined;
  if (!(PRICE_UNITS as readonly unknown[]).includes(v.unit) || !isAmount(v.amount)) return undefined;
  return {
    id: typeof v.id === 'string' && v.id ? v.id.slice(0, 64) : `p${index}`,
    model: v.model.trim().slice(0, 200),
    kind: v.kind.slice(0, 64),
    rule: v.rule as PriceRule,
    unit: v.unit as PriceUnit,
    amount: v.amount,
  };
}

/** A price book from untrusted JSON (a stored record, an imported file): bad entries dropped. */
export function parsePriceBook(v: unknown): PriceBook {
  if (!isRecord(v)) return EMPTY_BOOK;
  const prices: Price[] = [];
  if (Array.isArray(v.prices)) {
    for (const [i, p] of v.prices.entries()) {
      if (prices.length >= MAX_PRICES) break;
      const price = parsePrice(p, i);
      if (price) prices.push(price);
    }
  }
  return {
    currency: isCurrencyCode(v.currency) ? v.currency.toUpperCase() : DEFAULT_CURRENCY,
    prices,
    ...(isAmount(v.runCap) ? { runCap: v.runCap } : {}),
    ...(isAmount(v.dayCap) ? { dayCap: v.dayCap } : {}),
  };
}

/** Two prices for the same thing (model, kind, rule): an import keeps the one already here. */
const priceKey = (p: Pick<Price, 'model' | 'kind' | 'rule'>) => `${p.model.trim()}|${p.kind}|${p.rule}`;

/** This browser's book with an imported one's: prices it lacks added, its own currency and caps kept. */
export function mergeBooks(own: PriceBook, incoming: PriceBook): { book: PriceBook; added: number } {
  const fresh = own.prices.length === 0;
  const keys = new Set(own.prices.map(priceKey));
  const prices = [...own.prices];
  let added = 0;
  for (const p of incoming.prices) {
    if (keys.has(priceKey(p)) || prices.length >= MAX_PRICES) continue;
    keys.add(priceKey(p));
    prices.push({ ...p, id: `${p.id}-${prices.length}` });
    added++;
  }
  return {
    book: {
      currency: fresh ? incoming.currency : own.currency,
      prices,
      ...((own.runCap ?? incoming.runCap) !== undefined ? { runCap: own.runCap ?? incoming.runCap } : {}),
      ...((own.dayCap ?? incoming.dayCap) !== undefined ? { dayCap: own.dayCap ?? incoming.dayCap } : {}),
    },
    added,
  };
}
