import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { boundedJson, jsonBoundsProblem, jsonTextDepth } from './bounded-json';

/** Reference depth by recursion, fine for the small values generated here. */
function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + Math.max(0, ...children.map(depthOf));
}

describe('jsonTextDepth', () => {
  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonTextDepth('{"a":"[[[{{{","b":"\\"[[["}')).toBe(1);
    expect(jsonTextDepth('[[1],[[2]]]')).toBe(3);
    expect(jsonTextDepth('"plain"')).toBe(0);
  });

  it('agrees with the parsed value for any JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(jsonTextDepth(JSON.stringify(v))).toBe(depthOf(v));
      }),
    );
  });

  it('scans a megabyte of nesting without recursion', () => {
    expect(jsonTextDepth('['.repeat(500_000) + ']'.repeat(500_000))).toBe(500_000);
  });
});

describe('boundedJson', () => {
  const bounds = { maxDepth: 3, maxKeys: 4, maxBytes: 40 };
  const schema = z.record(z.string(), z.unknown()).check(boundedJson(bounds, 'metadata'));

  it('accepts values within every limit', () => {
    expect(z.safeParse(schema, { a: { b: { c: 1 } } }).success).toBe(true);
  });

  it('names the limit that was hit', () => {
    const issue = (v: unknown) => z.safeParse(schema, v).error?.issues[0]?.message;
    expect(issue({ a: { b: { c: {} } } })).toMatch(/more than 3 levels/);
    expect(issue({ a: 1, b: 2, c: 3, d: 4, e: 5 })).toMatch(/more than 4 keys/);
    expect(issue({ a: 'x'.repeat(50) })).toMatch(/over the limit of 40 bytes/);
  });

  it('inspects a value far deeper than the stack allows', () => {
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(jsonBoundsProblem(deep, bounds, 'metadata')).toMatch(/more than 3 levels/);
  });
});
