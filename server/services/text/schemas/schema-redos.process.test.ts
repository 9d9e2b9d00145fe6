import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthWhile } from '../../../test/health-probe';
import { startServerProcess, type ServerProcess } from '../../../test/server-process';

/*
 * Issue 41 §1 through `npm run serve`'s own process: schemas whose `pattern` backtracks for
 * minutes, sent at once through every format, are each refused naming the field while `/healthz`
 * keeps answering within a second: the schema work runs on worker threads (decision 350).
 */

let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess({ env: { API_KEYS: 'sk-a' } });
}, 60_000);
afterAll(() => server?.stop());

const EVIL = { type: 'string', pattern: '^(a+)+$' };
const NAMED = `${'a'.repeat(34)}b`;

function post(path: string, body: unknown): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: 'Bearer sk-a',
      'x-api-key': 'sk-a',
      'anthropic-version': '2023-06-01',
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
}

const chatFormat = (schema: unknown) =>
  post('/v1/chat/completions', {
    model: 'service-chat',
    messages: [{ role: 'user', content: 'hi' }],
    response_format: { type: 'json_schema', json_schema: { name: 'x', schema } },
  });

describe('a backtracking pattern against the real server process', () => {
  it('is refused naming the field, and /healthz answers within 1 s all the while', async () => {
    // The schema workers load with the first text request (decision 382); this waits for them, untimed.
    expect((await chatFormat({ type: 'object', properties: { a: { type: 'string' } } })).status).toBe(200);
    const attacks = [
      chatFormat({
        type: 'object',
        properties: { p: { ...EVIL, default: `${NAMED}!` } },
        required: ['p'],
      }).then((res) => ({ res, field: 'response_format.json_schema.schema' })),
      post('/v1/messages', {
        model: 'service-messages',
        max_tokens: 100,
        messages: [{ role: 'user', content: `get_weather for city: ${NAMED}` }],
        tools: [
          {
            name: 'get_weather',
            input_schema: { type: 'object', properties: { city: EVIL }, required: ['city'] },
          },
        ],
      }).then((res) => ({ res, field: 'tools[0].input_schema' })),
      chatFormat({ type: 'object', propertyNames: EVIL, default: { [NAMED]: 1 } }).then((res) => ({
        res,
        field: 'response_format.json_schema.schema',
      })),
    ];
    const { result, answers } = await healthWhile(Number(new URL(server.url).port), Promise.all(attacks), 20);
    for (const { res, field } of result) {
      const body = (await res.json()) as { error?: { param?: string; code?: string } };
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(body.error?.param).toBe(field);
      expect(body.error?.code).toBe('schema_too_costly');
    }
    // Each a 200 within 1 s.
    expect(answers.filter((a) => a !== '200')).toEqual([]);
    // The stopped workers were replaced: an ordinary schema is answered as before.
    const after = await chatFormat({
      type: 'object',
      properties: { a: { type: 'integer' } },
      required: ['a'],
    });
    expect(after.status).toBe(200);
  }, 60_000);
});
