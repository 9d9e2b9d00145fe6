import { describe, expect, it } from 'vitest';
import { hash32, layoutVideo, palette, wrapText } from './render-layout';

describe('wrapText', () => {
  it('breaks at spaces within the width and keeps the prompt’s own line breaks', () => {
    expect(wrapText('the quick brown fox jumps over the lazy dog', 15, 10)).toEqual([
      'the quick brown',
      'fox jumps over',
      'the lazy dog',
    ]);
    expect(wrapText('one\ntwo three', 20, 10)).toEqual(['one', 'two three']);
  });
  it('breaks a word longer than a line, and CJK text, by characters (CJK counting double)', () => {
    expect(wrapText('abcdefghij', 4, 10)).toEqual(['abcd', 'efgh', 'ij']);
    expect(wrapText('一二三四五六', 4, 10)).toEqual(['一二', '三四', '五六']);
  });
  it('ends with an ellipsis past the line limit', () => {
    const lines = wrapText('aa bb cc dd ee ff', 5, 2);
    expect(lines).toEqual(['aa bb', 'cc…']);
  });
  it('turns control characters into spaces', () => {
    expect(wrapText('a\tb\u0007c', 20, 2)).toEqual(['a b c']);
  });
});

describe('layoutVideo', () => {
  it('keeps cards and the prompt band inside the frame for every shape', () => {
    for (const [w, h] of [
      [1920, 1080],
      [720, 1280],
      [720, 720],
      [1920, 480],
      [480, 1920],
    ]) {
      const l = layoutVideo(w!, h!, 'a prompt '.repeat(60), 8);
      for (const s of l.slots) {
        expect(s.x + l.card.width).toBeLessThanOrEqual(w!);
        expect(s.y + l.card.imageHeight + l.card.labelHeight).toBeLessThanOrEqual(l.prompt.boxY);
      }
      expect(l.prompt.boxY).toBeGreaterThan(0);
      expect(l.prompt.boxY + l.prompt.boxHeight).toBeLessThan(h!);
    }
  });
});

describe('palette', () => {
  it('is the same for the same prompt and differs between prompts', () => {
    expect(palette(hash32('fox'))).toEqual(palette(hash32('fox')));
    expect(palette(hash32('fox'))).not.toEqual(palette(hash32('owl')));
  });
});
