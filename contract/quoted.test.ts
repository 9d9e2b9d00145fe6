import { describe, expect, it } from 'vitest';
import { ECHO_MAX, quoted, shown } from './quoted';

describe('shown and quoted', () => {
  it('repeat a short value as it is', () => {
    expect(shown('grp_1')).toBe('grp_1');
    expect(quoted('grp_1')).toBe('"grp_1"');
    expect(quoted(42)).toBe('"42"');
  });

  it('cut a long value to ECHO_MAX characters with an ellipsis', () => {
    const long = 'x'.repeat(10_000);
    expect(shown(long)).toBe(`${'x'.repeat(ECHO_MAX)}…`);
    expect(quoted(long, 10)).toBe(`"${'x'.repeat(10)}…"`);
    expect(shown('x'.repeat(ECHO_MAX))).toBe('x'.repeat(ECHO_MAX));
  });

  it('never leave half of a surrogate pair', () => {
    expect(shown(`${'x'.repeat(9)}😀😀`, 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
