import { describe, expect, it } from 'vitest';
import { canonicalHost, isLoopbackHost } from './loopback';

describe('canonicalHost and isLoopbackHost (issue 41: trailing dots)', () => {
  it.each([
    ['LOCALHOST.', 'localhost'],
    ['localhost...', 'localhost'],
    ['127.0.0.1..', '127.0.0.1'],
    ['2130706433.', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['[::1]', '::1'],
    ['Example.COM.', 'example.com'],
  ])('%s reads as %s', (raw, canonical) => {
    expect(canonicalHost(raw)).toBe(canonical);
  });

  it('every spelling of loopback is loopback, a public name with a dot is not', () => {
    for (const h of [
      'localhost.',
      'a.localhost..',
      '127.0.0.1.',
      '0x7f.1..',
      '[0:0:0:0:0:0:0:1]',
      '::ffff:127.0.0.1',
    ])
      expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ['example.com.', '10.0.0.1.', 'localhost.example.com', '0.0.0.0'])
      expect(isLoopbackHost(h), h).toBe(false);
  });
});
