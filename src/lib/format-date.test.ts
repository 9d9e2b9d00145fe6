import { describe, expect, it } from 'vitest';
import { formatDateMs, formatUnixTime } from '@/lib/format-date';

describe('format-date', () => {
  it('says nothing is known with an em dash', () => {
    expect(formatUnixTime(undefined)).toBe('—');
    expect(formatUnixTime(0)).toBe('—');
    expect(formatDateMs(Number.NaN)).toBe('—');
  });

  it('formats unix seconds and milliseconds alike, in the given language', () => {
    const seconds = Date.UTC(2026, 10, 23, 1, 5, 9) / 1000;
    expect(formatUnixTime(seconds, 'en')).toBe(formatDateMs(seconds * 1000, 'en'));
    expect(formatUnixTime(seconds, 'en')).toMatch(/Nov 23, 2026/);
    expect(formatDateMs(seconds * 1000, 'en', 'precise')).toMatch(/:09/);
    expect(formatUnixTime(seconds, 'zh-CN')).toMatch(/2026年11月23日/);
    expect(formatUnixTime(seconds, 'en', 'full')).toMatch(/Monday/);
  });
});
