import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './errors';
import { json, readJson } from './http';
import { ownerOf } from './middleware/auth';
import { makeTestApp, type TestApp } from './test/helpers';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

/** A test app with a few probe routes, mounted the way resource routes are. */
function appWithProbes(env?: Record<string, string>) {
  t = makeTestApp({ env });
  t.app.post('/v1/echo', async (c) => json(c, { got: await readJson(c), owner: c.var.owner }, 201));
  t.app.get('/v1/things/:id', (c) => json(c, { id: c.req.param('id') }));
  t.app.delete('/v1/things/:id', (c) => c.body(null, 204));
  t.app.get('/v1/list', (c) => json(c, [1, 2]));
  t.app.get('/v1/boom', () => {
    throw new Error('secret internal detail');
  });
  t.app.get('/v1/zod', (c) => json(c, z.object({ n: z.number() }).parse({ n: 'x' })));
  t.app.get('/v1/rate', () => {
    throw new ApiError(429, 'Slow down; retry after 3 seconds.', { headers: { 'Retry-After': '3' } });
  });
  t.app.post('/v1/raw-json', async (c) => json(c, { got: await c.req.json<unknown>() }));
  return t;
}

interface Body {
  error: { message: string; type: string; code: string; param?: string };
  request_id: string;
  trace_id: string;
  [field: string]: unknown;
}

async function body(res: Response) {
  return (await res.json()) as Body;
}

function expectEnvelope(b: Body, type: string) {
  expect(b).toMatchObject({
    error: { message: expect.any(String), type, code: expect.any(String) },
    request_id: expect.stringMatching(/^req_[A-Za-z0-9]{20}$/),
    trace_id: expect.any(String),
  });
}

describe('authentication', () => {
  it('answers 401 with how to fix it when the key is missing', async () => {
    appWithProbes();
    for (const path of ['/v1/things/1', '/api/asset/get', '/v1']) {
      const res = await t.req(path, { key: null });
      expect(res.status).toBe(401);
      const b = await body(res);
      expectEnvelope(b, 'authentication_error');
      expect(b.error.message).toContain('Authorization: Bearer');
    }
  });

  it('answers 401 for a wrong key, a malformed header, and a key that is a prefix of a real one', async () => {
    appWithProbes();
    for (const headers of [
      { authorization: 'Bearer sk-wrong' },
      { authorization: 'Bearer sk-local' },
      { authorization: 'Basic c2stbG9jYWwtZGV2' },
      { authorization: 'sk-local-dev' },
    ]) {
      const res = await t.req('/v1/things/1', { headers });
      expect(res.status).toBe(401);
      expect((await body(res)).error.message).toMatch(/Bearer/);
    }
  });

  it('accepts any configured key, case-insensitive scheme, and scopes by a non-secret owner id', async () => {
    appWithProbes({ API_KEYS: 'key-one, key-two' });
    const one = await body(await t.req('/v1/echo', { key: 'key-one', json: {} }));
    const two = await body(
      await t.req('/v1/echo', { key: null, headers: { authorization: 'bearer key-two' }, json: {} }),
    );
    expect(one.owner).toBe(ownerOf('key-one'));
    expect(two.owner).toBe(ownerOf('key-two'));
    expect(one.owner).not.toBe(two.owner);
    expect(one.owner).toMatch(/^[0-9a-f]{24}$/);
    expect(one.owner).not.toContain('key-one');
    expect((await t.req('/v1/things/1', { key: 'sk-local-dev' })).status).toBe(401);
  });

  it('needs no key for /healthz', async () => {
    appWithProbes();
    const res = await t.req('/healthz', { key: null });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });
});

describe('request and trace ids', () => {
  it('sets X-Request-Id on every response and ids in JSON objects', async () => {
    appWithProbes();
    const res = await t.req('/v1/things/abc');
    const b = await body(res);
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    expect(b).toEqual({
      id: 'abc',
      request_id: res.headers.get('x-request-id'),
      trace_id: expect.any(String),
    });
    expect(b.trace_id).toMatch(/^trace_/);
    expect((await t.req('/healthz', { key: null })).headers.get('x-request-id')).toMatch(/^req_/);
    expect((await t.req('/v1/things/1', { key: null })).headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('gives every request its own id', async () => {
    appWithProbes();
    const a = await t.req('/v1/things/1');
    const b = await t.req('/v1/things/1');
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
  });

  it('keeps a sane incoming X-Trace-Id and replaces an unsafe one', async () => {
    appWithProbes();
    const kept = await t.req('/v1/things/1', { headers: { 'x-trace-id': 'trace_from-client.42' } });
    expect((await body(kept)).trace_id).toBe('trace_from-client.42');
    expect(kept.headers.get('x-trace-id')).toBe('trace_from-client.42');
    const err = await t.req('/v1/nothing', { headers: { 'x-trace-id': 'abc123' } });
    expect((await body(err)).trace_id).toBe('abc123');
    for (const bad of ['<script>', 'a b', 'x'.repeat(300)]) {
      const res = await t.req('/v1/things/1', { headers: { 'x-trace-id': bad } });
      expect((await body(res)).trace_id).toMatch(/^trace_[A-Za-z0-9]{20}$/);
    }
  });

  it('leaves arrays as they are', async () => {
    appWithProbes();
    expect(await (await t.req('/v1/list')).json()).toEqual([1, 2]);
  });
});

describe('errors', () => {
  it('answers 404 in the envelope naming method and path', async () => {
    appWithProbes();
    const res = await t.req('/v1/nope/here');
    expect(res.status).toBe(404);
    const b = await body(res);
    expectEnvelope(b, 'invalid_request_error');
    expect(b.error.message).toContain('GET /v1/nope/here');
    expect(b.request_id).toBe(res.headers.get('x-request-id'));
  });

  it('answers 405 with Allow for a known path and the wrong method', async () => {
    appWithProbes();
    const res = await t.req('/v1/things/7', { method: 'PUT' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('DELETE, GET, HEAD');
    const b = await body(res);
    expectEnvelope(b, 'invalid_request_error');
    expect(b.error.message).toContain('PUT');
  });

  it('answers 400 for malformed JSON, whether read by readJson or c.req.json()', async () => {
    appWithProbes();
    for (const path of ['/v1/echo', '/v1/raw-json']) {
      const res = await t.req(path, {
        method: 'POST',
        body: '{"a":',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
      const b = await body(res);
      expectEnvelope(b, 'invalid_request_error');
      expect(b.error.message).toMatch(/^Request body is not valid JSON: /);
    }
  });

  it('answers 415 for a body that is not JSON and 400 for a missing one', async () => {
    appWithProbes();
    const text = await t.req('/v1/echo', {
      method: 'POST',
      body: 'a=1',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expect((await body(text)).error.message).toContain('application/json');
    const untyped = await t.req('/v1/echo', { method: 'POST', body: new TextEncoder().encode('{"a":1}') });
    expect(untyped.status).toBe(415);
    const empty = await t.req('/v1/echo', { method: 'POST' });
    expect(empty.status).toBe(400);
    const emptyJson = await t.req('/v1/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect(emptyJson.status).toBe(400);
    const ok = await t.req('/v1/echo', {
      method: 'POST',
      body: '{"a":1}',
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(ok.status).toBe(201);
    expect((await body(ok)).got).toEqual({ a: 1 });
  });

  it('turns a ZodError into a 400 naming the field', async () => {
    appWithProbes();
    const res = await t.req('/v1/zod');
    expect(res.status).toBe(400);
    const b = await body(res);
    expect(b.error.param).toBe('n');
    expect(b.error.message).toContain('n');
  });

  it('keeps ApiError headers such as Retry-After', async () => {
    appWithProbes();
    const res = await t.req('/v1/rate');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('3');
    expectEnvelope(await body(res), 'rate_limit_error');
  });

  it('answers an unexpected error with a generic 500 that leaks nothing', async () => {
    appWithProbes();
    const res = await t.req('/v1/boom');
    expect(res.status).toBe(500);
    const b = await body(res);
    expectEnvelope(b, 'server_error');
    expect(JSON.stringify(b)).not.toContain('secret internal detail');
    expect(b.error.message).toContain(b.request_id);
  });
});

describe('body size limit', () => {
  it('answers 413 past MAX_JSON_BYTES, declared or streamed', async () => {
    appWithProbes({ MAX_JSON_BYTES: '64' });
    const big = JSON.stringify({ text: 'x'.repeat(200) });
    const declared = await t.req('/v1/echo', {
      method: 'POST',
      body: big,
      headers: { 'content-type': 'application/json', 'content-length': String(big.length) },
    });
    expect(declared.status).toBe(413);
    expectEnvelope(await body(declared), 'invalid_request_error');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 4; i++) controller.enqueue(new TextEncoder().encode(' '.repeat(40)));
        controller.close();
      },
    });
    const streamed = await t.req('/v1/echo', {
      method: 'POST',
      body: stream,
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    const small = await t.req('/v1/echo', { json: { a: 1 } });
    expect(small.status).toBe(201);
  });

  it('leaves multipart bodies to their routes', async () => {
    appWithProbes({ MAX_JSON_BYTES: '64' });
    t.app.post('/v1/probe/multipart', async (c) =>
      json(c, { bytes: (await c.req.arrayBuffer()).byteLength }),
    );
    const form = new FormData();
    form.set('file', new Blob(['y'.repeat(500)]), 'a.bin');
    const res = await t.req('/v1/probe/multipart', { method: 'POST', body: form });
    expect(res.status).toBe(200);
    expect((await body(res)).bytes).toBeGreaterThan(500);
  });
});

describe('security headers', () => {
  it('are on API responses, errors and probes: JSON answers get the API policy, which allows nothing', async () => {
    appWithProbes();
    for (const res of [
      await t.req('/v1/things/1'),
      await t.req('/v1/x', { key: null }),
      await t.req('/healthz'),
    ]) {
      expect(res.headers.get('content-type')).toMatch(/json/);
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    }
  });
});
