import type http from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../test/helpers';
import { closedPort, listenOnLoopback, type Listening } from '../test/listen';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A stand-in deployment on an ephemeral loopback port; `handlers` are set per test. */
let upstream: Listening;
let upstreamUrl: string;
let seen: Seen[] = [];
let handler: (req: http.IncomingMessage, res: http.ServerResponse, body: () => Promise<string>) => void;

beforeAll(async () => {
  upstream = await listenOnLoopback((req, res) => {
    let text: Promise<string> | undefined;
    const body = () =>
      (text ??= new Promise<string>((resolve) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const b = Buffer.concat(chunks).toString();
          seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: b });
          resolve(b);
        });
      }));
    handler(req, res, body);
  });
  upstreamUrl = upstream.origin;
});
afterAll(() => upstream.close());

let t: TestApp;
afterEach(async () => {
  await t?.close();
  seen = [];
});

const proxyApp = (base = upstreamUrl, extra: Record<string, string> = {}) =>
  (t = makeTestApp({
    env: {
      UPSTREAM_BASE_URL: base,
      UPSTREAM_API_KEY: 'sk-upstream-secret',
      API_KEYS: 'sk-browser',
      ...extra,
    },
  }));

const echo: typeof handler = (req, res, body) => {
  void body().then((b) => {
    res.writeHead(201, {
      'content-type': 'application/json',
      'x-upstream': 'yes',
      'x-request-id': 'up_req_1',
      'content-security-policy': "script-src 'unsafe-inline'",
    });
    res.end(JSON.stringify({ method: req.method, url: req.url, body: b }));
  });
};

describe('proxy mode', () => {
  it('forwards path, query, method and body with the upstream key instead of the local one', async () => {
    handler = echo;
    proxyApp();
    const res = await t.req('/v1/assets?page=2&type=image', {
      key: 'sk-browser',
      json: { url: 'https://example.com/a.png' },
      headers: {
        'x-trace-id': 'trace_client_1',
        connection: 'x-hop',
        'x-hop': 'must-not-pass',
        'x-custom': 'passes',
        expect: '100-continue',
      },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-upstream')).toBe('yes');
    expect(res.headers.get('x-request-id')).toBe('up_req_1');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(await res.json()).toEqual({
      method: 'POST',
      url: '/v1/assets?page=2&type=image',
      body: '{"url":"https://example.com/a.png"}',
    });
    const [req] = seen;
    expect(req!.headers.authorization).toBe('Bearer sk-upstream-secret');
    expect(JSON.stringify(req!.headers)).not.toContain('sk-browser');
    expect(req!.headers['x-trace-id']).toBe('trace_client_1');
    expect(req!.headers['x-custom']).toBe('passes');
    expect(req!.headers['x-hop']).toBeUndefined();
    expect(req!.headers['content-type']).toBe('application/json');
  });

  it('keeps the base path of UPSTREAM_BASE_URL and forwards /api/* too', async () => {
    handler = echo;
    proxyApp(`${upstreamUrl}/gateway`);
    const res = await t.req('/api/asset/get?asset_id=asset_1', { key: 'sk-browser' });
    expect(((await res.json()) as { url: string }).url).toBe('/gateway/api/asset/get?asset_id=asset_1');
  });

  it('checks the local key first and never calls upstream without it', async () => {
    handler = echo;
    proxyApp();
    for (const key of [null, 'sk-upstream-secret', 'wrong']) {
      const res = await t.req('/v1/assets', { key });
      expect(res.status).toBe(401);
    }
    expect(seen).toHaveLength(0);
  });

  it('answers /healthz and /bootstrap locally', async () => {
    handler = echo;
    proxyApp();
    expect(await (await t.req('/healthz', { key: null })).json()).toEqual({ ok: true });
    expect(((await (await t.req('/bootstrap', { key: null })).json()) as { mode: string }).mode).toBe(
      'proxy',
    );
    expect(seen).toHaveLength(0);
  });

  it('passes upstream errors through with their status and body', async () => {
    handler = (_req, res, body) => {
      void body().then(() => {
        res.writeHead(422, { 'content-type': 'application/json' });
        res.end(
          '{"error":{"message":"upstream says no","type":"invalid_request_error"},"request_id":"up_1"}',
        );
      });
    };
    proxyApp();
    const res = await t.req('/v1/videos', { key: 'sk-browser', json: { model: 'x' } });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: { message: 'upstream says no', type: 'invalid_request_error' },
      request_id: 'up_1',
    });
  });

  it('is not limited by the local JSON body limit', async () => {
    handler = echo;
    proxyApp(upstreamUrl, { MAX_JSON_BYTES: '100' });
    const res = await t.req('/v1/chat/completions', { key: 'sk-browser', json: { text: 'z'.repeat(5000) } });
    expect(res.status).toBe(201);
    expect(seen[0]!.body).toHaveLength(5000 + '{"text":""}'.length);
  });

  it('streams the response as it arrives, never waiting for the end', async () => {
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: first\n\n');
      void finished.then(() => res.end('data: [DONE]\n\n'));
    };
    proxyApp();
    const res = await t.req('/v1/chat/completions', { key: 'sk-browser', json: { stream: true } });
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('data: first\n\n');
    finish();
    let rest = '';
    for (let r = await reader.read(); !r.done; r = await reader.read())
      rest += new TextDecoder().decode(r.value);
    expect(rest).toBe('data: [DONE]\n\n');
  });

  it('streams the request body to upstream before it has all been sent', async () => {
    let gotFirstChunk!: () => void;
    const firstChunkArrived = new Promise<void>((resolve) => (gotFirstChunk = resolve));
    handler = (req, res) => {
      const chunks: string[] = [];
      req.on('data', (c: Buffer) => {
        chunks.push(c.toString());
        gotFirstChunk();
      });
      req.on('end', () => res.end(chunks.join('')));
    };
    proxyApp();
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode('part-one;'));
        // Deadlocks (and times out) if the proxy waited for the whole body before forwarding.
        await firstChunkArrived;
        controller.enqueue(encoder.encode('part-two'));
        controller.close();
      },
    });
    const res = await t.req('/v1/assets/uploads', {
      key: 'sk-browser',
      method: 'POST',
      body,
      headers: { 'content-type': 'application/octet-stream' },
      duplex: 'half',
    } as RequestInit);
    expect(await res.text()).toBe('part-one;part-two');
  });

  it('hands back a body the upstream compressed, decoded and labelled as such', async () => {
    handler = (_req, res) => {
      const payload = gzipSync(JSON.stringify({ object: 'list', data: [] }));
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'content-length': String(payload.length),
      });
      res.end(payload);
    };
    proxyApp();
    const res = await t.req('/v1/assets', { key: 'sk-browser' });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.json()).toEqual({ object: 'list', data: [] });
  });

  it('answers 502 in the envelope when the upstream cannot be reached', async () => {
    const port = await closedPort();
    proxyApp(`http://127.0.0.1:${port}`);
    const res = await t.req('/v1/assets', { key: 'sk-browser' });
    expect(res.status).toBe(502);
    const body = (await res.json()) as { error: { message: string; type: string }; request_id: string };
    expect(body.error.type).toBe('server_error');
    expect(body.error.message).toContain('UPSTREAM_BASE_URL');
    expect(body.error.message).toContain(`127.0.0.1:${port}`);
    expect(body.error.message).not.toContain('sk-upstream-secret');
    expect(body.request_id).toMatch(/^req_/);
  });

  type Envelope = { error: { message: string; type: string; code: string } };

  it('answers 504 naming the host when the upstream stays silent past UPSTREAM_TIMEOUT_MS', async () => {
    const stuck: http.ServerResponse[] = [];
    handler = (_req, res) => void stuck.push(res);
    proxyApp(upstreamUrl, { UPSTREAM_TIMEOUT_MS: '300' });
    const res = await t.req('/v1/assets', { key: 'sk-browser' });
    expect(res.status).toBe(504);
    const body = (await res.json()) as Envelope;
    expect(body.error).toMatchObject({ type: 'server_error', code: 'upstream_timeout' });
    expect(body.error.message).toContain(new URL(upstreamUrl).host);
    for (const r of stuck) r.destroy();
  });

  it('a slow upload that keeps moving is not cut by the idle timeout', async () => {
    const timeoutMs = 300;
    handler = echo;
    proxyApp(upstreamUrl, { UPSTREAM_TIMEOUT_MS: String(timeoutMs) });
    const enc = new TextEncoder();
    let i = 0;
    // The client's pace is the input here: every gap is a third of the idle timeout, the whole
    // upload more than twice it, so a timeout on the total rather than on silence would cut it.
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((r) => setTimeout(r, timeoutMs / 3));
        if (i++ < 8) controller.enqueue(enc.encode(`chunk${i};`));
        else controller.close();
      },
    });
    const started = performance.now();
    const res = await t.req('/v1/assets', {
      key: 'sk-browser',
      method: 'POST',
      body,
      duplex: 'half',
    } as RequestInit & { key: string });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { body: string }).body).toContain('chunk8;');
    expect(performance.now() - started).toBeGreaterThan(2 * timeoutMs);
  });

  it('says an HTML login page, a sign-in redirect or a 404 at the root is not the API', async () => {
    const cases: Array<[number, Record<string, string>, string, RegExp]> = [
      [200, { 'content-type': 'text/html' }, '<html>Sign in</html>', /HTML page.*login page/],
      [302, { location: 'https://sso.example.com/login' }, '', /redirected .*sso\.example\.com\/login/],
      [404, { 'content-type': 'text/plain' }, 'Cannot GET /v1/assets', /404 and no API error/],
    ];
    for (const [status, headers, text, message] of cases) {
      handler = (_req, res) => void res.writeHead(status, headers).end(text);
      proxyApp();
      const res = await t.req('/v1/assets', { key: 'sk-browser' });
      expect(res.status).toBe(502);
      const body = (await res.json()) as Envelope;
      expect(body.error.code).toBe('upstream_not_api');
      expect(body.error.message).toMatch(message);
      expect(body.error.message).toContain(new URL(upstreamUrl).host);
      await t.close();
    }
  });

  it('an API 404 (JSON error) is passed through, not reported as a wrong address', async () => {
    handler = (_req, res) =>
      void res.writeHead(404, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          error: { message: 'no such task', type: 'invalid_request_error', code: 'task_not_found' },
        }),
      );
    proxyApp();
    const res = await t.req('/v1/tasks/task_x', { key: 'sk-browser' });
    expect(res.status).toBe(404);
    expect(((await res.json()) as Envelope).error.code).toBe('task_not_found');
  });

  it('/upstream-files/ fetches the upstream file without the key, passing Range on', async () => {
    handler = (req, res) => {
      if (req.headers.authorization !== undefined) return void res.writeHead(400).end();
      res.writeHead(206, {
        'content-type': 'video/mp4',
        'content-range': 'bytes 0-3/10',
        'x-seen-url': req.url ?? '',
        'x-seen-range': String(req.headers.range),
        'x-seen-cookie': String(req.headers.cookie),
      });
      res.end('abcd');
    };
    proxyApp();
    const res = await t.req('/upstream-files/own/asset_1/v.mp4', {
      key: null,
      headers: { range: 'bytes=0-3', cookie: 'session=browser' },
    });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 0-3/10');
    expect(res.headers.get('x-seen-url')).toBe('/files/own/asset_1/v.mp4');
    expect(res.headers.get('x-seen-range')).toBe('bytes=0-3');
    expect(res.headers.get('x-seen-cookie')).toBe('undefined');
    expect(await res.text()).toBe('abcd');
  });

  it('rewrites upstream /files/ URLs in JSON answers to this origin, other hosts untouched', async () => {
    handler = (_req, res) =>
      void res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          video_url: `${upstreamUrl}/files/o/t/v.mp4`,
          cdn: 'https://cdn.example.com/files/x.mp4',
        }),
      );
    proxyApp();
    const body = (await (await t.req('/v1/tasks/task_1', { key: 'sk-browser' })).json()) as Record<
      string,
      string
    >;
    expect(body.video_url).toBe('http://localhost/upstream-files/o/t/v.mp4');
    expect(body.cdn).toBe('https://cdn.example.com/files/x.mp4');
  });

  it('refuses API_KEYS that contain the upstream key', () => {
    expect(() => proxyApp(upstreamUrl, { API_KEYS: 'sk-browser,sk-upstream-secret' })).toThrow(
      /must not contain UPSTREAM_API_KEY/,
    );
  });
});
