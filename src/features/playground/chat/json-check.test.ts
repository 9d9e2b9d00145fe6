import { describe, expect, it } from 'vitest';
import { SCHEMA_EXAMPLE } from './agent-request';
import { checkJsonReply } from './json-check';

describe('checkJsonReply', () => {
  it('matches a reply that follows the schema sent', () => {
    const reply = JSON.stringify({ title: 'Dune', tags: ['sf'], rating: 5 });
    expect(checkJsonReply(reply, SCHEMA_EXAMPLE as Record<string, unknown>)).toMatchObject({
      kind: 'matches',
    });
  });

  it('names the path that fails and why', () => {
    const schema = {
      type: 'object',
      required: ['title', 'tags'],
      additionalProperties: false,
      properties: {
        title: { type: 'string', minLength: 1 },
        tags: { type: 'array', items: { type: 'string' } },
        rating: { type: 'integer', minimum: 1, maximum: 5 },
        owner: { $ref: '#/$defs/person' },
      },
      $defs: { person: { type: 'object', required: ['name'] } },
    };
    const at = (value: unknown) => checkJsonReply(JSON.stringify(value), schema);
    expect(at({ title: 'x', tags: ['a', 2] })).toMatchObject({
      kind: 'fails',
      path: '/tags/1',
      problem: 'must be string, is integer',
    });
    expect(at({ title: 'x' })).toMatchObject({ path: '/tags', problem: 'is required but missing' });
    expect(at({ title: 'x', tags: [], rating: 9 })).toMatchObject({
      path: '/rating',
      problem: 'must be ≤ 5',
    });
    expect(at({ title: 'x', tags: [], rating: 2.5 })).toMatchObject({ path: '/rating' });
    expect(at({ title: 'x', tags: [], extra: 1 })).toMatchObject({ path: '/extra' });
    expect(at({ title: 'x', tags: [], owner: {} })).toMatchObject({ path: '/owner/name' });
    expect(at([])).toMatchObject({ path: '/', problem: 'must be object, is array' });
    expect(at({ title: 'x', tags: [] })).toMatchObject({ kind: 'matches' });
  });

  it('says when the reply is not JSON at all, and takes any JSON when no schema was sent', () => {
    expect(checkJsonReply('Sure! {"a": 1}', undefined)).toEqual({ kind: 'not-json' });
    expect(checkJsonReply('{"a": 1}', undefined)).toEqual({ kind: 'matches', value: { a: 1 } });
  });
});
