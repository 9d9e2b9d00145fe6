import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../test/helpers';
import { listenOnLoopback, type Listening } from '../test/listen';

/*
 * Issue 41 §3 and §5: what a proxy caller can make the upstream do. `PUT /v1/local/double` was
 * forwarded with the upstream key (every proxy key then got the upstream's 503), the
 * `X-Local-Double` header reached the upstream (a caller could make it answer 402), `..;` segments
 * were forwarded with the key, and every proxy key shared one upstream identity. These tests look at
 * what a capturing upstream received, not at strings the proxy built.
 */

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  double: string | undefined;
}
let upstream: Listening;
let upstreamUrl: string;
let seen: Seen[] = [];

beforeAll(async () => {
  upstream = await listenOnLoopback((req, res) => {
    seen.push({
      method: req.method!,
      url: req.url!,
      authorization: req.headers.authorization,
      double: req.headers['x-local-double'] as string | undefined,
    });
    req.resume().on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      // What each caller "owns" upstream: the identity it was forwarded with.
      res.end(JSON.stringify({ object: 'list', data: [{ owner: req.headers.authorization }] }));
    });
  });
  upstreamUrl = upstream.origin;
});
afterAll(() => upstream.close());

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  seen = [];
});

const proxy = (env: Record<string, string> = {}) =>
  (t = makeTestApp({
    env: {
      UPSTREAM_BASE_URL: upstreamUrl,
      UPSTREAM_API_KEY: 'sk-upstream-secret',
      API_KEYS: 'sk-browser',
      ...env,
    },
  }));

type Envelope = { error: { message: string; type: string; code: string }; request_id: string };

describe('the fault switch is off in proxy mode and never reaches the upstream', () => {
  const SWITCH_PATHS = [
    '/v1/local/double',
    '/v1/local/double/',
    '/v1/local/double/x',
    '/v1/LOCAL/Double',
    '/v1/local/%64ouble',
    '/v1/local/%2564ouble',
    '/v1//local/double',
    '/v1/local//double',
  ];
  it.each(SWITCH_PATHS)(
    '%s is answered here with a 404 saying the switch is off, for every method',
    async (path) => {
      const app = proxy();
      for (const method of ['GET', 'PUT', 'DELETE', 'POST', 'PATCH', 'HEAD']) {
        const res = await app.req(path, {
          method,
          key: 'sk-browser',
          ...(method === 'PUT' || method === 'POST' || method === 'PATCH'
            ? { json: { directives: 'fault=503' } }
            : {}),
        });
        expect(res.status, `${method} ${path}`).toBe(404);
        if (method === 'HEAD') continue;
        const body = (await res.json()) as Envelope;
        expect(body.error.code).toBe('local_double_off');
        expect(body.error.message).toMatch(/proxy mode/);
        expect(body.error.message).toMatch(/UPSTREAM_BASE_URL/);
      }
      expect(seen).toEqual([]);
    },
  );

  it('the X-Local-Double header is stripped before forwarding', async () => {
    const app = proxy();
    const res = await app.req('/v1/assets', {
      key: 'sk-browser',
      headers: { 'X-Local-Double': 'fault=402', 'x-local-double-extra': 'kept' },
    });
    expect(res.status).toBe(200);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.double).toBeUndefined();
    // POST with a body, and the Messages API's path, too.
    await app.req('/v1/chat/completions', {
      key: 'sk-browser',
      headers: { 'x-local-double': 'fault=503' },
      json: { model: 'm', messages: [] },
    });
    expect(seen).toHaveLength(2);
    expect(seen[1]!.double).toBeUndefined();
  });

  it('a keyless call on the switch path is still a 401 (auth comes first)', async () => {
    const app = proxy();
    const res = await app.req('/v1/local/double', {
      method: 'PUT',
      key: null,
      json: { directives: 'fault=503' },
    });
    expect(res.status).toBe(401);
    expect(seen).toEqual([]);
  });
});

describe('";" path parameters are refused like dot segments', () => {
  const ATTACKS = [
    '/v1/x/..;/..;/admin',
    '/v1/x/..%3b/..%3b/admin',
    '/v1/x/..%3B/..%3B/admin',
    '/v1/x/..%253b/..%253B/admin',
    '/v1/x/..%25253b/admin',
    '/v1/assets;jsessionid=1',
    '/v1/x/%2e%2e;/admin',
    '/v1/x;/..;/admin',
    '/api/x/..;/admin',
  ];
  it.each(ATTACKS)('%s: 400 invalid_path and nothing reaches the upstream', async (path) => {
    const app = proxy();
    const res = await app.req(path, { key: 'sk-browser' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as Envelope;
    expect(body.error.code).toBe('invalid_path');
    expect(body.error.message).toContain(';');
    expect(seen).toEqual([]);
  });

  it('a ";" in the query string is still forwarded (it is not a path parameter)', async () => {
    const app = proxy();
    expect((await app.req('/v1/assets?q=a;b', { key: 'sk-browser' })).status).toBe(200);
    expect(seen.map((s) => s.url)).toEqual(['/v1/assets?q=a;b']);
  });

  it('/upstream-files/ refuses ";" segments too', async () => {
    const app = proxy();
    const res = await app.req('/upstream-files/x/..;/..;/v1/assets', { key: null });
    expect(res.status).toBe(400);
    expect(seen).toEqual([]);
  });
});

describe('UPSTREAM_API_KEYS gives each proxy key its own upstream identity', () => {
  const env = {
    API_KEYS: 'sk-a,sk-b,sk-c',
    UPSTREAM_API_KEYS: 'sk-a=up-a,sk-b=up-b',
    UPSTREAM_API_KEY: 'up-shared',
  };

  it('each mapped key is forwarded with its own upstream key; an unmapped one with UPSTREAM_API_KEY', async () => {
    const app = proxy(env);
    for (const key of ['sk-a', 'sk-b', 'sk-c']) await app.req('/v1/asset-groups', { key });
    expect(seen.map((s) => s.authorization)).toEqual(['Bearer up-a', 'Bearer up-b', 'Bearer up-shared']);
  });

  it('so one proxy key does not list what another created upstream', async () => {
    const app = proxy(env);
    const a = (await (await app.req('/v1/asset-groups', { key: 'sk-a' })).json()) as { data: unknown[] };
    const b = (await (await app.req('/v1/asset-groups', { key: 'sk-b' })).json()) as { data: unknown[] };
    expect(a.data).not.toEqual(b.data);
  });

  it('without UPSTREAM_API_KEY every key must be mapped: refused at start-up, keys not named', () => {
    const start = () =>
      proxy({ API_KEYS: 'sk-a,sk-secret-c', UPSTREAM_API_KEYS: 'sk-a=up-a', UPSTREAM_API_KEY: '' });
    expect(start).toThrow(/API_KEYS entry 2 has no upstream key/);
    expect(start).not.toThrow(/sk-secret-c/);
  });

  it('with only UPSTREAM_API_KEYS (every key mapped) the proxy starts and uses the map', async () => {
    const app = proxy({
      API_KEYS: 'sk-a,sk-b',
      UPSTREAM_API_KEYS: 'sk-a=up-a,sk-b=up-b',
      UPSTREAM_API_KEY: '',
    });
    await app.req('/v1/assets', { key: 'sk-b' });
    expect(seen.map((s) => s.authorization)).toEqual(['Bearer up-b']);
  });
});
