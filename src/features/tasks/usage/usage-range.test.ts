import { describe, expect, it } from 'vitest';
import { inRange, type UsageSample } from './usage-data';
import { parseUsageRange, rangeDays } from './usage-range';

const NOW = new Date(2026, 10, 27, 15, 0).getTime();

describe('usage range', () => {
  it('reads the URL, the last 30 days by default, and drops what is not a day', () => {
    expect(parseUsageRange(new URLSearchParams(''))).toEqual({ preset: '30', from: '', to: '' });
    expect(parseUsageRange(new URLSearchParams('range=custom&from=2026-11-01&to=nope'))).toEqual({
      preset: 'custom',
      from: '2026-11-01',
      to: '',
    });
  });
  it('covers today and the days before it; a custom range typed backwards is read as meant', () => {
    expect(rangeDays({ preset: '7', from: '', to: '' }, NOW)).toEqual({
      from: '2026-11-21',
      to: '2026-11-27',
    });
    expect(rangeDays({ preset: '90', from: '', to: '' }, NOW).from).toBe('2026-08-30');
    expect(rangeDays({ preset: 'custom', from: '2026-11-20', to: '2026-11-02' }, NOW)).toEqual({
      from: '2026-11-02',
      to: '2026-11-20',
    });
    expect(rangeDays({ preset: 'all', from: '', to: '' }, NOW)).toEqual({ from: '', to: '' });
  });
  it('keeps the samples of the range, both ends included', () => {
    const s = (day: string): UsageSample => ({ day, model: 'm', source: 'task', kind: 'video', tokens: 1 });
    const days = inRange([s('2026-11-01'), s('2026-11-02'), s('2026-11-03')], '2026-11-02', '2026-11-03').map(
      (x) => x.day,
    );
    expect(days).toEqual(['2026-11-02', '2026-11-03']);
  });
});
