import { describe, expect, it } from 'vitest';
import { ECHO_MAX } from '@contract/quoted';
import type { ApiError } from '../../../errors';
import { checkSchemaBounds, MAX_SCHEMA_DEPTH } from './schema-bounds';

function refusal(schema: unknown): ApiError {
  try {
    checkSchemaBounds(schema, 'tools[0].parameters');
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('the schema was accepted');
}

describe('checkSchemaBounds names where the schema is refused, each name cut like any echoed value', () => {
  // The property names are the caller's: one of 1 MB must not come back whole.
  const hugeKey = `k${'x'.repeat(1024 * 1024)}`;

  it('too deep under a property named with 1 MB', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < MAX_SCHEMA_DEPTH; i++) deep = { type: 'object', properties: { a: deep } };
    const error = refusal({ type: 'object', properties: { [hugeKey]: deep } });
    // The way stays whole: each level's names, down to where it is too deep.
    expect(error.message).toMatch(
      /^tools\[0\]\.parameters\.properties\.kx{79}…(\.properties\.a){15}\.properties nests more than 32 levels/,
    );
    expect(error.message).not.toContain('x'.repeat(ECHO_MAX));
    expect(error.message.length).toBeLessThan(1000);
    expect(error.options.param!.length).toBeLessThan(1000);
  });

  it('a $ref cycle under a property named with 1 MB', () => {
    const error = refusal({
      type: 'object',
      properties: { [hugeKey]: { $ref: `#/properties/${hugeKey}` } },
    });
    expect(error.message).toMatch(/^tools\[0\]\.parameters\.properties\.kxxx+… refers back to itself/);
    expect(error.message).not.toContain('x'.repeat(ECHO_MAX));
    expect(error.message.length).toBeLessThan(ECHO_MAX + 250);
    expect(error.options.param!.length).toBeLessThan(ECHO_MAX + 50);
  });
});
