import { describe, expect, it } from 'vitest';
import { parseSpeed } from './speed';

describe('parseSpeed', () => {
  it('takes 0.25 to 4, a decimal comma too, and nothing else', () => {
    expect(parseSpeed('1')).toBe(1);
    expect(parseSpeed(' 1,5 ')).toBe(1.5);
    expect(parseSpeed('.25')).toBe(0.25);
    expect(parseSpeed('4')).toBe(4);
    for (const bad of ['', '0.2', '4.5', 'fast', '1e0', '-1', '1.2.3'])
      expect(parseSpeed(bad)).toBeUndefined();
  });
});
