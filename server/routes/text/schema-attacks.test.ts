import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queueLimit, SCHEMA_QUEUE_MS, warmSchemaWorkers } from '../../services/text/schemas/schema-pool';
import { CRASH_WORDS, makeTestApp, type TestApp } from '../../test/helpers';

/*
 * Issue 41 §1: a caller's schema used to be compiled, validated and turned into an example on the
 * event loop, so a backtracking `pattern` froze every caller (22 s for 31 characters, doubling with
 * each one more) and a reference cycle through `$id` or `$dynamicRef` overflowed Ajv's stack (500).
 * Each must be a 4xx naming the field, or a 200, within a second (decision 350).
 */

let t: TestApp;
beforeAll(() => {
  t = makeTestApp();
});
// A worker stopped by the previous test is replaced in the background; what is timed here is the
// schema work, not a worker loading tsx and Ajv (a server starts its workers before it listens).
beforeEach(() => warmSchemaWorkers());
afterAll(() => t?.close());

const EVIL = '^(a+)+$';
const LONG = `${'a'.repeat(31)}!`;
/** What a prompt names: the mention scan would drop a final `!` as punctuation. */
const NAMED = `${'a'.repeat(31)}b`;
const FIELD = 'response_format.json_schema.schema';

interface Answer {
  status: number;
  ms: number;
  retryAfter: string | null;
  body: { error?: { message: string; param?: string; code?: string } } & Record<string, unknown>;
}

async function timed(path: string, json: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const started = performance.now();
  const res = await t.req(path, { json, headers });
  const body = (await res.json()) as Answer['body'];
  return {
    status: res.status,
    ms: performance.now() - started,
    retryAfter: res.headers.get('retry-after'),
    body,
  };
}

const chat = (schema: unknown, content = 'hi') =>
  timed('/v1/chat/completions', {
    model: 'service-chat',
    messages: [{ role: 'user', content }],
    response_format: { type: 'json_schema', json_schema: { name: 'x', schema } },
  });

/** A 4xx naming `field`, or a 200, within a second; never a stack trace. */
function expectBounded(answer: Answer, field: string): void {
  expect(answer.ms).toBeLessThan(1000);
  expect(JSON.stringify(answer.body)).not.toMatch(CRASH_WORDS);
  if (answer.status === 200) return;
  expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(400);
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
  expect(answer.body.error?.param).toContain(field);
  expect(answer.body.error?.message).toContain(field);
}

describe('a caller schema that would block the event loop', () => {
  it('a backtracking pattern with a long default in response_format is refused naming the field', async () => {
    const answer = await chat({
      type: 'object',
      properties: { p: { type: 'string', pattern: EVIL, default: LONG } },
      required: ['p'],
    });
    expectBounded(answer, FIELD);
    expect(answer.status).toBe(400);
    expect(answer.body.error?.code).toBe('schema_too_costly');
    expect(answer.body.error?.message).toMatch(/pattern/);
  });

  it('the same pattern in Responses text.format', async () => {
    const answer = await timed('/v1/responses', {
      model: 'service-chat',
      input: 'hi',
      text: {
        format: {
          type: 'json_schema',
          name: 'x',
          schema: {
            type: 'object',
            properties: { p: { type: 'string', pattern: EVIL, default: LONG } },
            required: ['p'],
          },
        },
      },
    });
    expectBounded(answer, 'text.format.schema');
    expect(answer.status).toBe(400);
  });

  it('a Messages tool whose pattern runs on the value the prompt names', async () => {
    const answer = await timed(
      '/v1/messages',
      {
        model: 'service-messages',
        max_tokens: 100,
        messages: [{ role: 'user', content: `get_weather with city: ${NAMED}` }],
        tools: [
          {
            name: 'get_weather',
            description: 'weather',
            input_schema: {
              type: 'object',
              properties: { city: { type: 'string', pattern: EVIL } },
              required: ['city'],
            },
          },
        ],
      },
      { 'anthropic-version': '2023-06-01' },
    );
    expectBounded(answer, 'tools[0].input_schema');
    expect(answer.status).toBe(400);
  });

  it('a Chat Completions tool whose pattern runs on the value the prompt names', async () => {
    const answer = await timed('/v1/chat/completions', {
      model: 'service-chat',
      messages: [{ role: 'user', content: `lookup code: ${NAMED}` }],
      tools: [
        {
          type: 'function',
          function: {
            name: 'lookup',
            parameters: { type: 'object', properties: { code: { type: 'string', pattern: EVIL } } },
          },
        },
      ],
    });
    expectBounded(answer, 'tools[0].function.parameters');
    expect(answer.status).toBe(400);
  });

  it('propertyNames and patternProperties with a backtracking pattern', async () => {
    const names = await chat({ type: 'object', propertyNames: { pattern: EVIL }, default: { [LONG]: 1 } });
    expectBounded(names, FIELD);
    expect(names.status).toBe(400);
    const props = await chat({
      type: 'object',
      patternProperties: { [EVIL]: { type: 'string' } },
      default: { [LONG]: 'x' },
    });
    expectBounded(props, FIELD);
    expect(props.status).toBe(400);
  });

  it.each([
    ['a $ref cycle through $id', { $id: 'http://e.example/s', anyOf: [{ $ref: 's' }] }],
    ['a $dynamicRef cycle', { $dynamicAnchor: 'n', anyOf: [{ $dynamicRef: '#n' }] }],
  ])('%s is a 400 naming the field, not a stack overflow', async (_name, schema) => {
    const answer = await chat(schema);
    expectBounded(answer, FIELD);
    expect(answer.status).toBe(400);
  });

  it('1,300 required properties, each with its own maxLength: a 200 or a 400, within a second', async () => {
    // Within the schema size bound (checkSchemaBounds): about 3,900 values.
    const properties = Object.fromEntries(
      Array.from({ length: 1300 }, (_, i) => [`p${i}`, { maxLength: 20 + (i % 7) }]),
    );
    const answer = await chat({ type: 'object', properties, required: Object.keys(properties) });
    expectBounded(answer, FIELD);
  });

  it('after a worker was stopped mid-pattern, ordinary schemas are answered as before', async () => {
    await chat({ type: 'object', properties: { p: { type: 'string', pattern: EVIL, default: LONG } } });
    const answer = await chat(
      { type: 'object', properties: { city: { type: 'string', pattern: '^[A-Z]' } }, required: ['city'] },
      'city: Paris',
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const choices = answer.body.choices as Array<{ message: { content: string } }>;
    expect(JSON.parse(choices[0]!.message.content)).toEqual({ city: 'Paris' });
    // A refusal the builder always gave keeps its code and message.
    const unsupported = await chat({ type: 'string', pattern: '^[0-9]+$' });
    expect(unsupported.status).toBe(400);
    expect(unsupported.body.error?.code).toBe('unsupported_schema');
  });

  it('a request that finds every worker busy past the queue limit is told to retry (503), not blamed', async () => {
    queueLimit.ms = 150;
    try {
      const costly = { type: 'object', properties: { p: { type: 'string', pattern: EVIL, default: LONG } } };
      const answers = await Promise.all([
        chat({ ...costly, required: ['p'] }),
        chat({ ...costly, required: ['p'], title: 'b' }),
        chat({ ...costly, required: ['p'], title: 'c' }),
        chat({ type: 'object', properties: { a: { type: 'string' } } }),
      ]);
      const waited = answers.filter((a) => a.status === 503);
      expect(waited.length, JSON.stringify(answers.map((a) => a.body))).toBeGreaterThanOrEqual(2);
      for (const a of waited) {
        expect(a.body.error?.code).toBe('schema_checker_busy');
        expect(a.retryAfter).toBe('1');
        expect(a.ms).toBeLessThan(1000);
      }
      for (const a of answers.filter((x) => x.status !== 503))
        expect(a.body.error?.code).toBe('schema_too_costly');
    } finally {
      queueLimit.ms = SCHEMA_QUEUE_MS;
    }
  });
});
