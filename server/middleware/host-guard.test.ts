import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { makeTestApp, type TestApp } from '../test/helpers';
import { hostAllowed, trustedPeers } from './host-guard';

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((t) => t.close()));
});

function app(env: Record<string, string> = {}): TestApp {
  const t = makeTestApp({ env });
  apps.push(t);
  return t;
}

/** A request as @hono/node-server hands it over: the URL's authority is the Host header. */
async function asServed(
  t: TestApp,
  host: string,
  path: string,
  init: RequestInit = {},
  peer = '203.0.113.9',
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('host', host);
  return t.app.request(
    `http://${host}${path}`,
    { ...init, headers },
    {
      incoming: { httpVersion: '1.1', socket: { remoteAddress: peer } },
    },
  );
}

async function expectRefused(res: Response, hint: RegExp) {
  expect(res.status).toBe(421);
  const body = (await res.json()) as { error: { message: string; code: string; type: string } };
  expect(body.error.code).toBe('host_not_allowed');
  expect(body.error.type).toBe('invalid_request_error');
  expect(body.error.message).toMatch(hint);
}

describe('DNS-rebinding protection', () => {
  it('refuses /bootstrap, the API, files and the dashboard under a foreign Host, saying what to set', async () => {
    const t = app();
    const bootstrap = await asServed(t, 'rebind.attacker.example', '/bootstrap');
    await expectRefused(bootstrap, /ALLOWED_HOSTS=rebind\.attacker\.example/);
    const withPort = await asServed(t, 'rebind.attacker.example:8787', '/bootstrap');
    expect(await withPort.text()).not.toContain('sk-local-dev');
    await expectRefused(
      await asServed(t, 'rebind.attacker.example', '/v1/assets', {
        headers: { authorization: 'Bearer sk-local-dev' },
      }),
      /DNS rebinding/,
    );
    await expectRefused(await asServed(t, 'evil.example', '/files/a/b/c.png'), /ALLOWED_HOSTS/);
    await expectRefused(await asServed(t, 'evil.example', '/'), /ALLOWED_HOSTS/);
    await expectRefused(await asServed(t, 'evil.example', '/healthz'), /ALLOWED_HOSTS/);
  });

  it('answers loopback names and addresses, with the default key on /bootstrap', async () => {
    const t = app();
    for (const host of ['localhost:8787', '127.0.0.1:8787', '[::1]:8787', 'app.localhost', '127.1.2.3']) {
      const res = await asServed(t, host, '/bootstrap');
      expect(res.status, host).toBe(200);
      expect(((await res.json()) as { default_api_key?: string }).default_api_key).toBe('sk-local-dev');
    }
  });

  it('checks the authority of an absolute-form request as well as the Host header', async () => {
    const t = app();
    const res = await t.app.request(
      'http://evil.example/bootstrap',
      { headers: { host: 'localhost' } },
      { incoming: { httpVersion: '1.1', socket: { remoteAddress: '127.0.0.1' } } },
    );
    expect(res.status).toBe(421);
  });

  it('refuses an HTTP/1.1 request without Host in the envelope', async () => {
    const t = app();
    const res = await t.app.request(
      'http://127.0.0.1/healthz',
      {},
      { incoming: { httpVersion: '1.1', socket: {} } },
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('missing_host');
  });

  it('accepts ALLOWED_HOSTS names, subdomains of a dotted entry, and any host with *', async () => {
    const t = app({ ALLOWED_HOSTS: 'studio.example.com,.lan' });
    expect((await asServed(t, 'Studio.Example.com', '/healthz')).status).toBe(200);
    expect((await asServed(t, 'box.lan:8787', '/healthz')).status).toBe(200);
    expect((await asServed(t, 'lan', '/healthz')).status).toBe(200);
    expect((await asServed(t, 'evil-lan', '/healthz')).status).toBe(421);
    expect((await asServed(t, 'studio.example.com.evil.example', '/healthz')).status).toBe(421);
    const open = app({ ALLOWED_HOSTS: '*' });
    expect((await asServed(open, 'anything.example', '/healthz')).status).toBe(200);
  });

  it('accepts IP literals only when bound off loopback (an address cannot be rebound)', () => {
    const loopback = loadConfig({ HOST: '127.0.0.1' });
    const lan = loadConfig({ HOST: '0.0.0.0' });
    expect(hostAllowed(loopback, '192.168.1.20')).toBe(false);
    expect(hostAllowed(lan, '192.168.1.20')).toBe(true);
    expect(hostAllowed(lan, 'fe80::1')).toBe(true);
    expect(hostAllowed(lan, 'mybox.local')).toBe(false);
    expect(hostAllowed(loadConfig({ HOST: 'mybox.local' }), 'mybox.local')).toBe(true);
    expect(
      hostAllowed(loadConfig({ PUBLIC_BASE_URL: 'https://studio.example.com' }), 'studio.example.com'),
    ).toBe(true);
  });
});

describe('absolute URLs', () => {
  async function fileUrlOf(res: Response): Promise<string> {
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { url: string }).url;
  }

  async function upload(t: TestApp, host: string, headers: Record<string, string> = {}, peer?: string) {
    const form = new FormData();
    form.set(
      'file',
      new File([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], 'pic.png', { type: 'image/png' }),
    );
    return asServed(
      t,
      host,
      '/v1/assets/uploads',
      { method: 'POST', body: form, headers: { authorization: 'Bearer sk-local-dev', ...headers } },
      peer,
    );
  }

  it('never come from an untrusted Host or forwarded header', async () => {
    const t = app();
    expect(await upload(t, 'evil.example:666').then((r) => r.status)).toBe(421);
    const url = await fileUrlOf(
      await upload(t, 'localhost:8787', {
        'x-forwarded-host': 'evil.example:666',
        'x-forwarded-proto': 'https',
      }),
    );
    expect(url).toMatch(/^http:\/\/localhost:8787\/files\//);
  });

  it('use PUBLIC_BASE_URL when set, whatever Host was used', async () => {
    const t = app({ PUBLIC_BASE_URL: 'https://studio.example.com' });
    expect(await fileUrlOf(await upload(t, '127.0.0.1:8787'))).toMatch(
      /^https:\/\/studio\.example\.com\/files\//,
    );
  });

  it('follow X-Forwarded-Host/-Proto from a TRUST_PROXY peer only, and check the forwarded host too', async () => {
    const t = app({ TRUST_PROXY: '10.0.0.0/8', ALLOWED_HOSTS: 'studio.example.com' });
    const forwarded = { 'x-forwarded-host': 'client.evil, studio.example.com', 'x-forwarded-proto': 'https' };
    expect(await fileUrlOf(await upload(t, 'localhost:8787', forwarded, '10.1.2.3'))).toMatch(
      /^https:\/\/studio\.example\.com\/files\//,
    );
    expect(await fileUrlOf(await upload(t, 'localhost:8787', forwarded, '192.0.2.1'))).toMatch(
      /^http:\/\/localhost:8787\/files\//,
    );
    const res = await upload(t, 'localhost:8787', { 'x-forwarded-host': 'evil.example' }, '10.1.2.3');
    await expectRefused(res, /X-Forwarded-Host "evil\.example"/);
  });

  it('trustedPeers matches addresses, ranges, loopback and IPv4-mapped peers', () => {
    const trust = trustedPeers(['loopback', '10.0.0.0/8', '2001:db8::/32']);
    expect(trust('127.0.0.1')).toBe(true);
    expect(trust('::ffff:127.0.0.1')).toBe(true);
    expect(trust('::1')).toBe(true);
    expect(trust('10.200.0.1')).toBe(true);
    expect(trust('2001:db8::5')).toBe(true);
    expect(trust('192.168.0.1')).toBe(false);
    expect(trust(undefined)).toBe(false);
    expect(trustedPeers([])('127.0.0.1')).toBe(false);
    expect(trustedPeers(['*'])('198.51.100.1')).toBe(true);
  });
});

describe('response headers', () => {
  it('JSON answers and errors are Cache-Control: no-store; stored files keep their own', async () => {
    const t = app();
    for (const path of ['/v1/asset-groups', '/v1/nope', '/bootstrap']) {
      const res = await t.req(path);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
    expect((await t.req('/v1/assets', { key: null })).headers.get('cache-control')).toBe('no-store');
  });

  it('401 carries WWW-Authenticate: Bearer, with the RFC 6750 error when a credential was sent', async () => {
    const t = app();
    const missing = await t.req('/v1/assets', { key: null });
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="Media Studio"');
    const wrong = await t.req('/v1/assets', { key: 'sk-wrong' });
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer realm="Media Studio", error="invalid_token"');
    const malformed = await t.req('/v1/assets', { key: null, headers: { authorization: 'Basic abc' } });
    expect(malformed.headers.get('www-authenticate')).toMatch(/^Bearer .*error="invalid_request"/);
  });
});
