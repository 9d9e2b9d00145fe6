import { parseBootstrap } from '@contract/bootstrap';
import { brotliDecompressSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../test/helpers';
import { isLoopbackHost } from '../loopback';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

async function bootstrap(env: Record<string, string> = {}) {
  t = makeTestApp({ env });
  const res = await t.req('/bootstrap', { key: null });
  expect(res.status).toBe(200);
  const body = (await res.json()) as Record<string, unknown>;
  expect(parseBootstrap(body)).toBeTruthy();
  return body;
}

describe('GET /healthz', () => {
  it('answers {"ok":true} without a key', async () => {
    t = makeTestApp({ env: { API_KEYS: 'secret-key' } });
    const res = await t.req('/healthz', { key: null });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
  });
});

describe('GET /bootstrap', () => {
  it('is brotli-encoded for a client that accepts it (it is on every first open), plain JSON otherwise', async () => {
    t = makeTestApp();
    const br = await t.req('/bootstrap', { key: null, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    const text = brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString('utf8');
    expect(parseBootstrap(JSON.parse(text))).toMatchObject({ object: 'bootstrap', mode: 'local' });
    expect(JSON.parse(text).request_id).toBe(br.headers.get('x-request-id'));
    const plain = await t.req('/bootstrap', { key: null, headers: { 'accept-encoding': 'gzip' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(((await plain.json()) as { object: string }).object).toBe('bootstrap');
  });

  it('describes a local server and hands out the default key on loopback', async () => {
    const body = await bootstrap();
    expect(body).toMatchObject({
      object: 'bootstrap',
      service: 'media-studio-local',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      mode: 'local',
      emulator_speed: 1,
      default_api_key: 'sk-local-dev',
      request_id: expect.stringMatching(/^req_/),
      trace_id: expect.stringMatching(/^trace_/),
    });
    expect(body).not.toHaveProperty('upstream_base_url');
    // Which ffmpeg/ffprobe render and probe, without their paths (this answers without a key).
    for (const name of ['ffmpeg', 'ffprobe'])
      expect(body.media_tools).toHaveProperty([name], {
        version: expect.stringMatching(/\S/),
        source: expect.stringMatching(/^(env|path|bundled)$/),
      });
    expect(JSON.stringify(body.media_tools)).not.toContain('/');
  });

  it.each(['localhost', '127.0.0.2', '::1', '[::1]'])(
    'hands out the default key on loopback host %s',
    async (HOST) => {
      expect((await bootstrap({ HOST })).default_api_key).toBe('sk-local-dev');
    },
  );

  it.each(['0.0.0.0', '::', '192.168.1.20', 'media.example.com'])(
    'never hands out the key when bound to %s',
    async (HOST) => {
      expect(await bootstrap({ HOST })).not.toHaveProperty('default_api_key');
    },
  );

  it('never hands out configured keys, even on loopback', async () => {
    const body = await bootstrap({ API_KEYS: 'sk-mine', EMULATOR_SPEED: '5' });
    expect(body).not.toHaveProperty('default_api_key');
    expect(JSON.stringify(body)).not.toContain('sk-mine');
    expect(body.emulator_speed).toBe(5);
  });

  it('reports proxy mode and the upstream host, but the base URL only to a valid key (issue 41)', async () => {
    const env = {
      UPSTREAM_BASE_URL: 'https://api.example.com/tenant-7/gateway',
      UPSTREAM_API_KEY: 'sk-up',
      API_KEYS: 'sk-browser',
    };
    const body = await bootstrap(env);
    expect(body).toMatchObject({ mode: 'proxy', upstream_host: 'api.example.com' });
    expect(body).not.toHaveProperty('upstream_base_url');
    expect(JSON.stringify(body)).not.toContain('tenant-7');
    expect(JSON.stringify(body)).not.toContain('sk-up');
    for (const authorization of ['Bearer wrong', 'Bearer sk-up', 'Basic sk-browser', 'sk-browser']) {
      const res = await t.req('/bootstrap', { key: null, headers: { authorization } });
      expect(res.status).toBe(200);
      expect(await res.json(), authorization).not.toHaveProperty('upstream_base_url');
    }
    const keyed = (await (await t.req('/bootstrap', { key: 'sk-browser' })).json()) as Record<
      string,
      unknown
    >;
    expect(keyed).toMatchObject({ upstream_base_url: 'https://api.example.com/tenant-7/gateway' });
    expect(JSON.stringify(keyed)).not.toContain('sk-up');
    expect(parseBootstrap(keyed)).toBeTruthy();
  });
});

describe('isLoopbackHost', () => {
  it('recognises loopback only', () => {
    for (const h of [
      '127.0.0.1',
      '127.255.0.9',
      'localhost',
      'LOCALHOST',
      '::1',
      '::ffff:127.0.0.1',
      'app.localhost',
      // Read as the network reads them (issue 41): a trailing dot is the DNS root, and `127.0.0`
      // is 127.0.0.0 to both the URL parser and inet_aton.
      'localhost.',
      '127.0.0.1..',
      '127.0.0',
    ]) {
      expect(isLoopbackHost(h), h).toBe(true);
    }
    for (const h of ['0.0.0.0', '::', '10.0.0.1', '127.0.0.1.example.com', '128.0.0.1', '1270.0.0.1']) {
      expect(isLoopbackHost(h), h).toBe(false);
    }
  });
});
