/**
 * fast-check arbitraries shared by the contract's property tests: the kind of junk a deployment we
 * have never seen might send, and a guard that nothing was written onto Object.prototype.
 */
import fc from 'fast-check';
import { expect } from 'vitest';

/** Keys that have broken parsers before: prototype pollution and inherited names. */
export const NASTY_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  'then',
] as const;

/** Strings that are odd rather than random: blanks, control and zero-width characters, huge. */
export const oddString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom(
    '',
    ' ',
    '\t\n',
    '\u0000',
    '\u200b',
    '\ufeff',
    'null',
    'undefined',
    'NaN',
    '{}',
    '[]',
    '<html><body>502</body></html>',
    'Asset://',
    'Asset://../../etc/passwd',
    '💥'.repeat(3),
    'x'.repeat(10_000),
    ...NASTY_KEYS,
  ),
);

const key: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string() },
  { weight: 1, arbitrary: fc.constantFrom(...NASTY_KEYS) },
);

/** Huge, tiny and non-finite numbers. */
export const oddNumber: fc.Arbitrary<number> = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(
    Number.MAX_SAFE_INTEGER + 2,
    -Number.MAX_SAFE_INTEGER - 2,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    1e308,
    -0,
    NaN,
    Infinity,
    -Infinity,
  ),
);

/** Anything at all: JSON values, and JS values JSON cannot hold (null prototypes, maps, bigints…). */
export const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue(),
  fc.anything({
    key,
    maxDepth: 4,
    withBoxedValues: true,
    withMap: true,
    withSet: true,
    withNullPrototype: true,
    withBigInt: true,
    withDate: true,
    withTypedArray: true,
    withSparseArray: true,
    withObjectString: true,
    values: [oddString, oddNumber, fc.boolean(), fc.constant(null), fc.constant(undefined)],
  }),
  fc.constantFrom(
    JSON.parse('{"__proto__":{"polluted":true},"error":{"__proto__":{"message":"x"}}}') as unknown,
    JSON.parse('{"constructor":{"prototype":{"polluted":true}}}') as unknown,
  ),
);

/** A record whose values are junk, with some nasty keys, to mix into otherwise valid objects. */
export const junkRecord: fc.Arbitrary<Record<string, unknown>> = fc.dictionary(key, junk, { maxKeys: 6 });

const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype).sort();

/** Fails when a test has added anything to Object.prototype (prototype pollution). */
export function expectNoPrototypePollution(): void {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTOTYPE_KEYS);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}
