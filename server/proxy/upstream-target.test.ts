import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../test/helpers';
import { fullyDecoded } from '../services/outbound/upstream-target';
import { listenOnLoopback, type Listening } from '../test/listen';

/*
 * The attack of issue 35: `/upstream-files/..%5cv1%5casset-groups` reached the upstream's
 * `/v1/asset-groups` with UPSTREAM_API_KEY. These tests look at what the upstream actually received
 * (a capture server on loopback), not at the strings the proxy built.
 */

interface Seen {
  url: string;
  authorization: string | undefined;
}
let upstream: Listening;
let upstreamUrl: string;
let seen: Seen[] = [];

beforeAll(async () => {
  upstream = await listenOnLoopback((req, res) => {
    seen.push({ url: req.url!, authorization: req.headers.authorization });
    // Anything but a file answers what a leak would show: the deployment's own data.
    if (req.url!.startsWith('/files/')) res.writeHead(200, { 'content-type': 'video/mp4' }).end('file bytes');
    else res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":["upstream secret"]}');
  });
  upstreamUrl = upstream.origin;
});
afterAll(() => upstream.close());

let t: TestApp;
beforeAll(() => {
  t = makeTestApp({
    env: { UPSTREAM_BASE_URL: upstreamUrl, UPSTREAM_API_KEY: 'sk-upstream-secret', API_KEYS: 'sk-browser' },
  });
});
afterAll(() => t.close());
afterEach(() => {
  seen = [];
});

/**
 * The path the upstream will act on, after any number of percent-decodings, `\` read as `/`, and a
 * `;` path parameter dropped to the end of its segment (servlet-style servers read `..;` as `..`).
 */
function normalisedOnUpstream(url: string): string {
  const path = new URL(url, 'http://upstream').pathname;
  const decoded = fullyDecoded(path)
    .replace(/\\/g, '/')
    .replace(/;[^/]*/g, '');
  return new URL(decoded, 'http://upstream').pathname;
}

const ATTACKS = [
  '..%5cv1%5casset-groups',
  '..%5Cv1%5Casset-groups',
  '%2e%2e%5cv1%5casset-groups',
  '.%2e%5cv1%5casset-groups',
  'x%5c..%5c..%5cv1%5casset-groups',
  '%252e%252e%255cv1%255casset-groups',
  '..%2fv1%2fasset-groups',
  '%2E%2E%2Fv1%2Fmodels',
  '..%252Fv1%252Ftasks',
  'a/..%5c..%5cv1/responses/resp_1/input_items',
];

describe('/upstream-files/ never carries the upstream key off /files/', () => {
  it.each(ATTACKS)('%s reaches nothing but /files/ and never with the key', async (attack) => {
    const res = await t.req(`/upstream-files/${attack}`, { key: null });
    expect(await res.text()).not.toContain('upstream secret');
    for (const s of seen) {
      expect(s.authorization).toBeUndefined();
      expect(normalisedOnUpstream(s.url).startsWith('/files/')).toBe(true);
    }
    expect(res.status === 400 || res.status === 404 || seen.length > 0).toBe(true);
  });

  it('a plain file path is fetched as /files/<path> without the key (the URL is the capability)', async () => {
    const res = await t.req('/upstream-files/own/asset_1/v.mp4', { key: null });
    expect(res.status).toBe(200);
    expect(seen).toEqual([{ url: '/files/own/asset_1/v.mp4', authorization: undefined }]);
  });

  it('property: any mix of encodings of ".", "/" and "\\" stays under /files/, keyless', async () => {
    const pieces = [
      '.',
      '..',
      '%2e',
      '%2E',
      '%252e',
      '%252E',
      '/',
      '%2f',
      '%2F',
      '%252f',
      '%252F',
      '\\',
      '%5c',
      '%5C',
      '%255c',
      '%255C',
      'v1',
      'asset-groups',
      'models',
      'x',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 12 }),
        async (parts) => {
          seen = [];
          const res = await t.req(`/upstream-files/${parts.join('')}`, { key: null });
          // A path that normalises out of the prefix lands on the dashboard (503 when it is not built).
          expect([500, 502]).not.toContain(res.status);
          for (const s of seen) {
            expect(s.authorization).toBeUndefined();
            expect(normalisedOnUpstream(s.url).startsWith('/files/')).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('/v1 forwarding sends the key only to the upstream /v1 and /api', () => {
  it('property: encoded separators and dot segments never leave /v1 with the key', async () => {
    const pieces = [
      '..',
      '%2e%2e',
      '%2E%2e',
      '%252e%252e',
      '%5c',
      '%5C',
      '%2f',
      '%2F',
      '%255c',
      ';',
      '..;',
      '%3b',
      '%3B',
      '%253b',
      '/',
      'x',
      'admin',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 10 }),
        async (parts) => {
          seen = [];
          const res = await t.req(`/v1/${parts.join('')}`, { key: 'sk-browser' });
          // A path that normalises out of the prefix lands on the dashboard (503 when it is not built).
          expect([500, 502]).not.toContain(res.status);
          for (const s of seen) {
            const path = normalisedOnUpstream(s.url);
            expect(
              path === '/v1' || path.startsWith('/v1/') || path === '/api' || path.startsWith('/api/'),
            ).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('an ordinary /v1 path is fetched as it was asked, with the upstream key', async () => {
    await t.req('/v1/asset-groups?page=2', { key: 'sk-browser' });
    expect(seen).toEqual([{ url: '/v1/asset-groups?page=2', authorization: 'Bearer sk-upstream-secret' }]);
  });
});

describe('the storyboard’s last frame of an /upstream-files/ result (a server-side fetch of the same files)', () => {
  it.each(ATTACKS)('refuses %s before anything reaches the upstream', async (attack) => {
    const res = await t.req('/local/storyboard/last-frame', {
      key: 'sk-browser',
      json: { url: `http://localhost/upstream-files/${attack}` },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_path');
    expect(seen).toEqual([]);
  });

  it('fetches a plain file path as /files/<path>, without the upstream key', async () => {
    const res = await t.req('/local/storyboard/last-frame', {
      key: 'sk-browser',
      json: { url: 'http://localhost/upstream-files/task_1/result.mp4' },
    });
    // 'file bytes' is no video: the frame cannot be taken, but what was fetched is what counts here.
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(seen).toEqual([{ url: '/files/task_1/result.mp4', authorization: undefined }]);
  });
});
