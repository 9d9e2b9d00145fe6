import { describe, expect, it } from 'vitest';
import { ECHO_MAX } from '@contract/quoted';
import { ApiError } from '../../../errors';
import { exampleFor } from './schema-example';

function refusal(run: () => unknown): ApiError {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected a refusal');
}

describe('exampleFor', () => {
  it('meets formats, bounds, enums, nested objects, arrays and $defs references', () => {
    const schema = {
      type: 'object',
      $defs: { when: { type: 'string', format: 'date-time' } },
      properties: {
        id: { type: 'string', format: 'uuid' },
        site: { type: 'string', format: 'uri' },
        count: { type: 'integer', exclusiveMinimum: 5, multipleOf: 5 },
        ratio: { type: 'number', maximum: -2 },
        tags: { type: 'array', items: { type: 'string', maxLength: 3 }, minItems: 2 },
        owner: { type: 'object', properties: { at: { $ref: '#/$defs/when' } }, required: ['at'] },
        mode: { anyOf: [{ type: 'null' }, { enum: ['fast', 'slow'] }] },
        note: { type: ['string', 'null'], minLength: 12 },
      },
      required: ['id', 'site', 'count', 'ratio', 'tags', 'owner', 'mode', 'note'],
    };
    expect(exampleFor(schema, 'schema', '')).toEqual({
      id: '00000000-0000-4000-8000-000000000000',
      site: 'https://example.com/',
      count: 10,
      ratio: -2,
      tags: ['exa', 'exa'],
      owner: { at: '2025-01-01T12:00:00Z' },
      mode: 'fast',
      note: 'example note',
    });
  });

  it('finds a name however the message cases it, as the case-insensitive scan always did', () => {
    const schema = {
      type: 'object',
      properties: { city: { type: 'string' }, Größe: { type: 'integer' }, ſize: { type: 'integer' } },
    };
    expect(exampleFor(schema, 's', 'CITY: Oslo, größe = 4, size is 9')).toEqual({
      city: 'Oslo',
      Größe: 4,
      ſize: 9,
    });
  });

  it('takes values the message gives after a property name, when they fit', () => {
    const schema = {
      type: 'object',
      properties: {
        city: { type: 'string' },
        days: { type: 'integer', maximum: 7 },
        metric: { type: 'boolean' },
        unit: { enum: ['C', 'F'] },
        extra: { type: 'string' },
      },
      required: ['city', 'days'],
    };
    expect(exampleFor(schema, 's', 'city: "New York", days = 30, metric is no and unit f')).toEqual({
      city: 'New York',
      days: 1,
      metric: false,
      unit: 'F',
    });
  });

  it('refuses, naming the keyword, a schema it cannot satisfy or does not know', () => {
    const pattern = refusal(() =>
      exampleFor(
        { type: 'object', properties: { a: { type: 'string', pattern: '^x+$' } }, required: ['a'] },
        'p',
        '',
      ),
    );
    expect(pattern.status).toBe(400);
    expect(pattern.message).toContain('"pattern"');
    expect(pattern.options.param).toBe('p');
    const unknown = refusal(() => exampleFor({ type: 'object', frobnicate: true }, 'q', ''));
    expect(unknown.message).toContain('frobnicate');
    const invalid = refusal(() => exampleFor({ type: 'thing' }, 'r', ''));
    expect(invalid.options.param).toBe('r');
  });

  it('keeps recursive schemas that descend into a property, refuses a $ref cycle that never does', () => {
    const tree = {
      type: 'object',
      properties: {
        name: { type: 'string' },
        children: { type: 'array', items: { $ref: '#' }, maxItems: 2 },
      },
      required: ['name'],
    };
    expect(exampleFor(tree, 'schema', '')).toEqual({ name: 'example name' });
    const cycle = refusal(() =>
      exampleFor({ $defs: { a: { allOf: [{ $ref: '#/$defs/a' }] } }, $ref: '#/$defs/a' }, 'schema', ''),
    );
    expect(cycle.options.code).toBe('schema_ref_cycle');
    expect(cycle.options.param).toMatch(/^schema/);
  });

  it('refuses an example over the budget before building it, naming the keyword', () => {
    const big = refusal(() =>
      exampleFor({ type: 'array', items: { type: 'integer' }, minItems: 20_000 }, 'rf', ''),
    );
    expect(big.options.param).toBe('rf.minItems');
    expect(big.options.code).toBe('schema_example_too_large');
    const long = refusal(() =>
      exampleFor(
        { type: 'object', properties: { s: { type: 'string', minLength: 1e9 } }, required: ['s'] },
        'rf',
        '',
      ),
    );
    expect(long.options.param).toBe('rf.properties.s.minLength');
  });

  // The property names are the caller's: a refusal names where, each name cut like any echoed value.
  it('names where a schema it cannot satisfy fails without echoing a long property name whole', () => {
    for (const length of [200_000, 1024 * 1024]) {
      const name = `k${'x'.repeat(length)}`;
      const error = refusal(() =>
        exampleFor(
          { type: 'object', properties: { [name]: { type: 'string', pattern: '^x+$' } }, required: [name] },
          'p',
          '',
        ),
      );
      expect(error.message).toMatch(/kx+…/);
      expect(error.message).not.toContain('x'.repeat(ECHO_MAX + 1));
      expect(error.message.length).toBeLessThan(600);
      expect(error.options.param!.length).toBeLessThan(200);
    }
  });
});
