import { afterAll, beforeAll, expect, it } from 'vitest';
import { schemaWorkerCount } from '../../services/text/schemas/schema-pool';
import { makeTestApp, type TestApp } from '../../test/helpers';

/*
 * The JSON Schema workers load when the text family is first used (decision 382): a server that
 * only serves assets, tasks or the dashboard never starts them, and the first chat, response or
 * message starts them, whatever it carries, so a schema in a later request finds them loaded.
 */

let t: TestApp;
beforeAll(() => {
  t = makeTestApp();
});
afterAll(() => t.close());

it('starts no schema worker for other endpoints, and starts them at the first text request', async () => {
  expect((await t.req('/v1/assets')).status).toBe(200);
  expect((await t.req('/v1/models')).status).toBe(200);
  expect((await t.req('/healthz')).status).toBe(200);
  expect(schemaWorkerCount()).toBe(0);

  // Refused or not, the first text request is the signal that schemas may follow.
  const res = await t.req('/v1/chat/completions', { method: 'POST', json: { model: 'x' } });
  expect(res.status).toBe(400);
  expect(schemaWorkerCount()).toBeGreaterThan(0);
});
