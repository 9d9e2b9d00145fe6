import { describe, expect, it } from 'vitest';
import { shortHash } from './short-hash';

describe('shortHash', () => {
  it('is the same for the same text and 11 characters long', () => {
    expect(shortHash('a boat leaves the pier')).toBe(shortHash('a boat leaves the pier'));
    expect(shortHash('')).toHaveLength(11);
    expect(shortHash('x'.repeat(20_000))).toHaveLength(11);
  });

  it('tells texts one character apart, and the same text under another seed', () => {
    const texts = ['a', 'b', 'ab', 'ba', '{"prompt":"one"}', '{"prompt":"onf"}', '日本', '本日'];
    expect(new Set(texts.map((t) => shortHash(t))).size).toBe(texts.length);
    expect(shortHash('a', 1)).not.toBe(shortHash('a'));
  });
});
