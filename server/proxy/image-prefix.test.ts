import type http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { makeTestApp, type TestApp } from '../test/helpers';
import { listenOnLoopback, type Listening } from '../test/listen';

/** A stand-in deployment that records what reached it and answers every request with JSON. */
let upstream: Listening;
let seen: { method: string; url: string; authorization?: string }[] = [];
let status = 200;
beforeAll(async () => {
  upstream = await listenOnLoopback((req: http.IncomingMessage, res: http.ServerResponse) => {
    seen.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization });
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(
      status === 404
        ? JSON.stringify({ error: { message: 'task not found', type: 'invalid_request_error' } })
        : JSON.stringify({ id: 'img-1', status: 'SUCCESS', url: req.url }),
    );
  });
});
afterAll(() => upstream.close());

let t: TestApp;
afterEach(async () => {
  await t?.close();
  seen = [];
  status = 200;
});

const proxyApp = (extra: Record<string, string> = {}) =>
  (t = makeTestApp({
    env: {
      UPSTREAM_BASE_URL: `${upstream.origin}/gw`,
      UPSTREAM_API_KEY: 'sk-upstream-secret',
      API_KEYS: 'sk-browser',
      ...extra,
    },
  }));

describe('proxy mode forwards the image service query (decision 378)', () => {
  it('forwards GET /mj/task/{id}/fetch with the upstream key, as JSON, not index.html', async () => {
    proxyApp();
    const res = await t.req('/mj/task/cgt-2025%3A1/fetch?x=1', { key: 'sk-browser' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(seen).toEqual([
      {
        method: 'GET',
        url: '/gw/mj/task/cgt-2025%3A1/fetch?x=1',
        authorization: 'Bearer sk-upstream-secret',
      },
    ]);
  });

  it('forwards the prefixes of UPSTREAM_IMAGE_PREFIX instead of /mj', async () => {
    proxyApp({ UPSTREAM_IMAGE_PREFIX: '/image/v2, /draw' });
    expect((await t.req('/image/v2/task/a/fetch', { key: 'sk-browser' })).status).toBe(200);
    expect((await t.req('/draw/task/b/fetch', { key: 'sk-browser' })).status).toBe(200);
    expect(seen.map((s) => s.url)).toEqual(['/gw/image/v2/task/a/fetch', '/gw/draw/task/b/fetch']);
    // /mj is no longer forwarded once another prefix is named.
    await t.req('/mj/task/a/fetch', { key: 'sk-browser' });
    expect(seen).toHaveLength(2);
  });

  it('passes an upstream 404 through as JSON', async () => {
    proxyApp();
    status = 404;
    const res = await t.req('/mj/task/nope/fetch', { key: 'sk-browser' });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('task not found');
  });

  it('needs the local key and never calls the upstream without it', async () => {
    proxyApp({ UPSTREAM_IMAGE_PREFIX: '/draw' });
    for (const key of [null, 'sk-upstream-secret']) {
      expect((await t.req('/draw/task/a/fetch', { key })).status).toBe(401);
    }
    expect(seen).toHaveLength(0);
  });

  it('forwards nothing else under the prefix, nor any other method, nor an escaping path', async () => {
    proxyApp();
    const refused: [string, string][] = [
      ['GET', '/mj/task/a'],
      ['GET', '/mj/task/a/b/fetch'],
      ['GET', '/mj/task/a/fetch/x'],
      ['POST', '/mj/task/a/fetch'],
      ['DELETE', '/mj/task/a/fetch'],
      ['GET', '/mj/task/..%2f..%2fv1%2fassets/fetch'],
      ['GET', '/mj/task/a%5c..%5c..%5cv1/fetch'],
      ['GET', '/mj/task/a%3b/fetch'],
    ];
    for (const [method, path] of refused) {
      const res = await t.req(path, { key: 'sk-browser', method });
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
      expect(res.headers.get('content-type'), `${method} ${path}`).toContain('application/json');
    }
    // A dot segment is resolved by the URL parser before routing: it never reaches the prefix.
    await t.req('/mj/task/%2e%2e/fetch', { key: 'sk-browser' });
    expect(seen).toHaveLength(0);
  });

  it('names the prefixes it forwards in /bootstrap, and /mj in local mode', async () => {
    proxyApp({ UPSTREAM_IMAGE_PREFIX: '/draw' });
    const boot = (await (await t.req('/bootstrap', { key: null })).json()) as Record<string, unknown>;
    expect(boot.image_service_prefixes).toEqual(['/draw']);
    await t.close();
    t = makeTestApp();
    const local = (await (await t.req('/bootstrap', { key: null })).json()) as Record<string, unknown>;
    expect(local.image_service_prefixes).toEqual(['/mj']);
  });
});

describe('UPSTREAM_IMAGE_PREFIX at start-up', () => {
  const env = { UPSTREAM_BASE_URL: 'http://127.0.0.1:9', UPSTREAM_API_KEY: 'sk-up', API_KEYS: 'sk-b' };
  it('defaults to /mj and normalises slashes', () => {
    expect(loadConfig(env, '/tmp').upstreamImagePrefixes).toEqual(['/mj']);
    expect(loadConfig({ ...env, UPSTREAM_IMAGE_PREFIX: '/img/' }, '/tmp').upstreamImagePrefixes).toEqual([
      '/img',
    ]);
  });
  it.each(['mj', '/v1', '/api/mj', '/files', '/a/../v1', '/a%2fb', '/a b', '/local'])(
    'refuses %s, naming it',
    (value) => {
      expect(() => loadConfig({ ...env, UPSTREAM_IMAGE_PREFIX: value }, '/tmp')).toThrow(
        /UPSTREAM_IMAGE_PREFIX/,
      );
    },
  );
  it('is refused without UPSTREAM_BASE_URL', () => {
    expect(() => loadConfig({ UPSTREAM_IMAGE_PREFIX: '/draw' }, '/tmp')).toThrow(/needs UPSTREAM_BASE_URL/);
  });
});
