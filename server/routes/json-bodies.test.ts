import { afterAll, describe, expect, it } from 'vitest';
import { makeTestApp } from '../test/helpers';

/*
 * One way to take a request (issue 46): every JSON route reads its body with validJson and a
 * contract schema, so the same mistakes get the same envelope, whichever route they reach.
 */
const t = makeTestApp();
afterAll(() => t.close());

const ROUTES: [method: string, path: string][] = [
  ['POST', '/v1/videos'],
  ['POST', '/v1/tasks'],
  ['POST', '/v1/assets/uploads'],
  ['POST', '/v1/asset-groups'],
  ['POST', '/local/storyboard/last-frame'],
  ['POST', '/local/storyboard/assemblies'],
  ['PUT', '/v1/local/double'],
];

describe.each(ROUTES)('%s %s', (method, path) => {
  it('a body that is not an object is a 400 saying a JSON object is needed', async () => {
    const res = await t.req(path, { method, json: [1, 2] });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: {
        code: 'invalid_parameter',
        message: 'The request body must be a JSON object with the fields of this endpoint.',
      },
    });
  });

  it('a malformed body is a 400 invalid_json, a form a 415', async () => {
    const bad = await t.req(path, { method, body: '{', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'invalid_json' } });
    const form = await t.req(path, {
      method,
      body: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect(await form.json()).toMatchObject({ error: { code: 'unsupported_media_type' } });
  });
});

describe('the bodies of the local endpoints are contract schemas too', () => {
  it('last-frame names url when it is missing, not a string, or past its bound', async () => {
    for (const json of [{}, { url: 3 }, { url: `https://example.com/${'a'.repeat(4100)}.mp4` }]) {
      const res = await t.req('/local/storyboard/last-frame', { json });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { param: 'url' } });
    }
  });

  it('the fault switch names directives when it is missing or not a string', async () => {
    for (const json of [{}, { directives: 3 }]) {
      const res = await t.req('/v1/local/double', { method: 'PUT', json });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        error: { param: 'directives', message: expect.stringMatching(/^Send \{"directives"/) },
      });
    }
  });
});
