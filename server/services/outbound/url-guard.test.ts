import type http from 'node:http';
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../test/helpers';
import { listenOnLoopback, type Listening } from '../../test/listen';
import {
  assertPublicUrl,
  BlockedUrlError,
  guardedFetch,
  isBlockedAddress,
  isPrivateAddress,
  ownInterfaceAddresses,
  urlGuardActive,
} from './url-guard';

let t: TestApp | undefined;
const servers: Listening[] = [];
afterEach(async () => {
  await t?.close();
  t = undefined;
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const NETWORK = { host: '0.0.0.0', allowPrivateUrls: false };

async function serve(host: string, handler: http.RequestListener): Promise<string> {
  const server = await listenOnLoopback(handler, { host });
  servers.push(server);
  return server.origin;
}

describe('url guard', () => {
  it('knows loopback, private, link-local, metadata and mapped addresses', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd12::1',
      '::ffff:127.0.0.1',
      '[::1]',
    ]) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
    for (const ip of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '172.32.0.1']) {
      expect(isPrivateAddress(ip), ip).toBe(false);
    }
  });

  it('is active only off loopback and without ALLOW_PRIVATE_URLS', () => {
    expect(urlGuardActive({ host: '127.0.0.1', allowPrivateUrls: false })).toBe(false);
    expect(urlGuardActive(NETWORK)).toBe(true);
    expect(urlGuardActive({ host: '0.0.0.0', allowPrivateUrls: true })).toBe(false);
  });

  it('judges a name by what DNS resolves it to', async () => {
    // This machine's own name resolves to one of its addresses: never public.
    await expect(assertPublicUrl(`http://${os.hostname()}/x`)).rejects.toThrow(BlockedUrlError);
    await expect(assertPublicUrl('http://localhost:8080/x')).rejects.toThrow(/ALLOW_PRIVATE_URLS=1/);
  });

  it('checks every redirect hop, not only the first URL', async () => {
    // 127.0.0.1 plays a public host here, 127.0.0.2 a private one.
    const privateHost = await serve('127.0.0.2', (_q, res) => res.end('secret'));
    const publicHost = await serve('127.0.0.1', (_q, res) =>
      res.writeHead(302, { location: `${privateHost}/latest/meta-data` }).end(),
    );
    const onlyDotTwo = (ip: string) => ip === '127.0.0.2';
    const guarded = guardedFetch(NETWORK, { isBlocked: onlyDotTwo });
    await expect(guarded(`${publicHost}/go`)).rejects.toThrow(/127\.0\.0\.2.*metadata address/);
    // Unguarded, the same request would have read the private answer.
    expect(await (await fetch(`${publicHost}/go`)).text()).toBe('secret');
    // Redirects to allowed hosts are still followed.
    const ok = await serve('127.0.0.1', (q, res) =>
      q.url === '/a' ? res.writeHead(301, { location: '/b' }).end() : res.end('public'),
    );
    expect(await (await guarded(`${ok}/a`)).text()).toBe('public');
  });

  it('URL registration off loopback refuses private addresses with a 400 that says so', async () => {
    t = makeTestApp({ env: { HOST: '0.0.0.0', API_KEYS: 'sk-net' } });
    for (const url of [
      'http://127.0.0.1:1/x.png',
      'http://169.254.169.254/latest.png',
      'http://[::1]/a.png',
    ]) {
      const res = await t.req('/v1/assets/uploads', { key: 'sk-net', json: { url, model: 'video-2.0-cl' } });
      expect(res.status, url).toBe(400);
      const body = (await res.json()) as { error: { param: string; code: string; message: string } };
      expect(body.error).toMatchObject({ param: 'url', code: 'url_not_allowed' });
      expect(body.error.message).toMatch(/ALLOW_PRIVATE_URLS=1/);
    }
  });

  it('with ALLOW_PRIVATE_URLS=1, or on loopback, private URLs are registered as before', async () => {
    const envs: Array<Record<string, string>> = [
      { HOST: '0.0.0.0', API_KEYS: 'sk-net', ALLOW_PRIVATE_URLS: '1' },
      { API_KEYS: 'sk-net' },
    ];
    for (const env of envs) {
      t = makeTestApp({ env });
      const res = await t.req('/v1/assets/uploads', {
        key: 'sk-net',
        json: { url: 'http://127.0.0.1:1/x.png', model: 'video-2.0-cl' },
      });
      expect(res.status, JSON.stringify(env)).toBe(200);
      await t.close();
      t = undefined;
    }
  });
});

describe('url guard in the task runner and the webhook sender', () => {
  it('off loopback a task with a private media reference fails saying why, and its webhook is refused', async () => {
    const { startWorkers } = await import('../../create-context');
    // Names, not IP literals (those are refused at creation, creation-urls.test.ts): only the
    // fetch and the delivery resolve them, and find a metadata address and loopback.
    t = makeTestApp({
      env: { HOST: '0.0.0.0', API_KEYS: 'sk-net', EMULATOR_SPEED: '100' },
      urlGuard: {
        resolve: async (host) => [
          { address: host === 'media.test' ? '169.254.169.254' : '127.0.0.1', family: 4 },
        ],
      },
    });
    startWorkers(t.ctx);
    const res = await t.req('/v1/videos', {
      key: 'sk-net',
      json: {
        model: 'video-2.0-cl',
        prompt: 'A lighthouse',
        callback_url: 'http://hook.test:65535/hook',
        content: [
          {
            type: 'image_url',
            role: 'reference_image',
            image_url: { url: 'http://media.test/latest/meta-data/x.png' },
          },
        ],
      },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { id } = (await res.json()) as { id: string };
    const deadline = Date.now() + 20_000;
    let task: { status: string; error: { message: string } | null } = { status: '', error: null };
    while (Date.now() < deadline) {
      task = (await (await t.req(`/v1/tasks/${id}`, { key: 'sk-net' })).json()) as typeof task;
      if (task.status === 'failed' || task.status === 'succeeded') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(task.status).toBe('failed');
    expect(task.error?.message).toMatch(/169\.254\.169\.254.*ALLOW_PRIVATE_URLS=1/);
    let lastError: string | null = null;
    while (Date.now() < deadline && !lastError) {
      const row = t.ctx.db.prepare('SELECT last_error FROM webhook_deliveries').get() as
        { last_error: string | null } | undefined;
      lastError = row?.last_error ?? null;
      if (!lastError) await new Promise((r) => setTimeout(r, 50));
    }
    expect(lastError).toMatch(/callback_url is refused: hook\.test:65535 resolves to 127\.0\.0\.1/);
  }, 30_000);

  it('a webhook whose host resolves to a private address at delivery time is refused, nothing sent', async () => {
    const { startWorkers } = await import('../../create-context');
    let received = 0;
    const receiver = await serve('127.0.0.1', (_q, res) => {
      received++;
      res.end('ok');
    });
    const port = new URL(receiver).port;
    t = makeTestApp({
      env: { HOST: '0.0.0.0', API_KEYS: 'sk-net', EMULATOR_SPEED: '100' },
      // A name, not an IP literal: only the delivery's own connection resolves it, and finds loopback.
      urlGuard: { resolve: async () => [{ address: '127.0.0.1', family: 4 }] },
    });
    startWorkers(t.ctx);
    const res = await t.req('/v1/videos', {
      key: 'sk-net',
      json: {
        model: 'video-2.0-cl',
        prompt: 'A lighthouse [fail]',
        callback_url: `http://hook.test:${port}/hook`,
      },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const deadline = Date.now() + 20_000;
    let row: { last_error: string | null } | undefined;
    while (Date.now() < deadline && !row?.last_error) {
      row = t.ctx.db.prepare('SELECT last_error FROM webhook_deliveries').get() as typeof row;
      if (!row?.last_error) await new Promise((r) => setTimeout(r, 50));
    }
    expect(row?.last_error).toMatch(
      new RegExp(`callback_url is refused: hook\\.test:${port} resolves to 127\\.0\\.0\\.1`),
    );
    expect(received).toBe(0);
  }, 30_000);
});

/*
 * Issue 35 §4b: the address of the machine's own network interface passed the guard, and the
 * server stored its own /healthz as an image. The interface list is injected: no traffic is sent.
 */
describe('isBlockedAddress: this machine’s own interfaces', () => {
  const own = () => ['203.0.113.7', 'fe80::1', '2001:db8::7', '127.0.0.1'];

  it('blocks every address of an own interface, as loopback is blocked, in any spelling', () => {
    expect(isBlockedAddress('203.0.113.7', own)).toBe(true);
    expect(isBlockedAddress('::ffff:203.0.113.7', own)).toBe(true);
    expect(isBlockedAddress('2001:db8:0:0:0:0:0:7', own)).toBe(true);
    expect(isBlockedAddress('[2001:db8::7]', own)).toBe(true);
  });

  it('leaves other public addresses alone and still blocks private ones', () => {
    expect(isBlockedAddress('203.0.113.8', own)).toBe(false);
    expect(isBlockedAddress('2001:db8::8', own)).toBe(false);
    expect(isBlockedAddress('10.1.2.3', () => [])).toBe(true);
  });

  it('reads the real interface list by default (loopback is always among them)', () => {
    const list = ownInterfaceAddresses();
    expect(list).toContain('127.0.0.1');
    for (const address of list) expect(isBlockedAddress(address)).toBe(true);
  });
});
