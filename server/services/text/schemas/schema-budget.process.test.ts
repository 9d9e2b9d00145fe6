import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthWhile } from '../../../test/health-probe';
import { startServerProcess, type ServerProcess } from '../../../test/server-process';

/*
 * Issue 35 §2 through `npm run serve`'s own process: the worst schemas of the hostile-request tests
 * sent at once must neither kill the server nor keep `/healthz` from answering within a second.
 */

let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess({ env: { API_KEYS: 'sk-a' } });
}, 60_000);
afterAll(() => server?.stop());

const nestArrays = (n: number): Record<string, unknown> =>
  n === 0 ? { type: 'string' } : { type: 'array', items: nestArrays(n - 1), minItems: 1000 };
const nestTwice = (k: string, n: number): unknown =>
  n === 0 ? { type: 'string' } : { [k]: [nestTwice(k, n - 1), nestTwice(k, n - 1)] };

function sendTool(schema: unknown): Promise<Response> {
  return fetch(`${server.url}/v1/messages`, {
    method: 'POST',
    headers: { 'x-api-key': 'sk-a', 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
    body: JSON.stringify({
      model: 'service-messages',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'get_weather' }],
      tools: [
        {
          name: 'get_weather',
          description: 'w',
          input_schema: { type: 'object', properties: { l: schema }, required: ['l'] },
        },
      ],
    }),
  });
}

describe('hostile schemas against the real server process', () => {
  it('answers 4xx, and /healthz within 1 s all the while', async () => {
    // The schema workers load with the first text request (decision 382); this waits for them, untimed.
    expect((await sendTool({ type: 'string' })).status).toBe(200);
    const attacks = [
      { type: 'array', items: { type: 'string' }, minItems: 100_000_000 },
      nestArrays(3),
      nestTwice('anyOf', 15),
      nestTwice('allOf', 15),
      { type: 'string', minLength: 1e9 },
    ].map((schema) => sendTool(schema).then(async (res) => ({ status: res.status, text: await res.text() })));
    const { result, answers } = await healthWhile(Number(new URL(server.url).port), Promise.all(attacks), 0);
    for (const answer of result) {
      expect(answer.status, answer.text).toBeGreaterThanOrEqual(400);
      expect(answer.status, answer.text).toBeLessThan(500);
    }
    // Each a 200 within 1 s.
    expect(answers.filter((a) => a !== '200')).toEqual([]);
    // Still the same process, still answering.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  }, 60_000);
});
