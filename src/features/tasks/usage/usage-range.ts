import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { dayOf } from './usage-data';

export const RANGE_PRESETS = ['7', '30', '90', 'all', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export interface UsageRange {
  preset: RangePreset;
  /** yyyy-mm-dd, local days, inclusive; '' is open. */
  from: string;
  to: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (v: string | null) => (v && DAY.test(v) && !Number.isNaN(Date.parse(v)) ? v : '');

/** The range in the URL (`range`, `from`, `to`); the last 30 days when none is given. */
export function parseUsageRange(params: URLSearchParams): UsageRange {
  const raw = params.get('range');
  const preset = (RANGE_PRESETS as readonly string[]).includes(raw ?? '') ? (raw as RangePreset) : '30';
  return { preset, from: day(params.get('from')), to: day(params.get('to')) };
}

/** The days a range covers, today included: "7 days" is today and the six before it. */
export function rangeDays(range: UsageRange, now = Date.now()): { from: string; to: string } {
  if (range.preset === 'all') return { from: '', to: '' };
  if (range.preset === 'custom') {
    // Typed the wrong way round: read as meant.
    return range.from && range.to && range.from > range.to
      ? { from: range.to, to: range.from }
      : { from: range.from, to: range.to };
  }
  const today = new Date(now);
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (Number(range.preset) - 1));
  return { from: dayOf(start.getTime()), to: dayOf(now) };
}

export function useUsageRange(): [UsageRange, (patch: Partial<UsageRange>) => void] {
  const [params, setParams] = useSearchParams();
  const range = useMemo(() => parseUsageRange(params), [params]);
  const update = useCallback(
    (patch: Partial<UsageRange>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          const merged = { ...parseUsageRange(prev), ...patch };
          next.set('range', merged.preset);
          for (const key of ['from', 'to'] as const) {
            if (merged.preset === 'custom' && merged[key]) next.set(key, merged[key]);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [range, update];
}
