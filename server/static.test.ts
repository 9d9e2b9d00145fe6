import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './test/helpers';

let staticDir: string;
let t: TestApp;
const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';
const BUNDLE = `console.log(${JSON.stringify('x'.repeat(5000))});`;

beforeAll(() => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-studio-dist-'));
  fs.mkdirSync(path.join(staticDir, 'assets'));
  fs.writeFileSync(path.join(staticDir, 'index.html'), INDEX);
  fs.writeFileSync(path.join(staticDir, 'assets', 'index-abc123.js'), BUNDLE);
  fs.writeFileSync(path.join(staticDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});
afterAll(() => fs.rmSync(staticDir, { recursive: true, force: true }));
afterEach(async () => {
  await t?.close();
});

const withoutNonce = (html: string) => html.replace(/<meta name="csp-nonce" content="[^"]*">/, '');
const open = (dir = staticDir) => (t = makeTestApp({ env: { STATIC_DIR: dir } }));

describe('dashboard files', () => {
  it('serves index.html at / without a key, uncached, with the CSP', async () => {
    open();
    const res = await t.req('/', { key: null });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    expect(res.headers.get('etag')).toBeNull();
    expect(withoutNonce(await res.text())).toBe(INDEX);
  });

  it('sends the document brotli-encoded to a browser that accepts it (made per response, so encoded here)', async () => {
    open();
    const res = await t.req('/', { key: null, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Language, Accept-Encoding');
    expect(withoutNonce(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString('utf8'))).toBe(
      INDEX,
    );
  });

  it('gives each page a fresh style nonce, in the CSP and in a meta tag, and never unsafe-inline', async () => {
    open();
    const nonces = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const res = await t.req('/', { key: null });
      const html = await res.text();
      const nonce = html.match(/<meta name="csp-nonce" content="([A-Za-z0-9+/=]{24})">/)?.[1];
      expect(nonce).toBeDefined();
      expect(html.indexOf('csp-nonce')).toBeLessThan(html.indexOf('</head>'));
      const csp = res.headers.get('content-security-policy')!;
      const styleSrc = csp.split('; ').find((d) => d.startsWith('style-src '))!;
      expect(styleSrc).toContain(`'nonce-${nonce}'`);
      // The empty sheet and sonner's stylesheet, which cannot carry a nonce.
      expect(styleSrc.match(/'sha256-[A-Za-z0-9+/=]{44}'/g)).toHaveLength(2);
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("script-src 'self';");
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(2);
  });

  it('serves index.html for client-side deep links', async () => {
    open();
    for (const deep of ['/assets-library', '/tasks/task_abc', '/groups/grp_1/assets?page=2', '/settings/']) {
      const res = await t.req(deep, { key: null });
      expect(res.status, deep).toBe(200);
      expect(withoutNonce(await res.text())).toBe(INDEX);
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it("preloads the first render's strings in the language the request asks for, and only those", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-studio-dist-'));
    const links = [
      '<link rel="modulepreload" crossorigin href="/assets/common-en111111.js" data-lang="en">',
      '<link rel="modulepreload" crossorigin href="/assets/common-zh222222.js" data-lang="zh-CN">',
      '<link rel="modulepreload" crossorigin href="/assets/assets-zh333333.js" data-lang="zh-CN">',
    ];
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      `<!doctype html><html><head><link rel="modulepreload" crossorigin href="/assets/shell-1.js">\n    ${links.join('\n    ')}\n  </head><body></body></html>`,
    );
    try {
      open(dir);
      const cases: Array<[string | undefined, string[]]> = [
        [undefined, ['/assets/common-en111111.js']],
        ['en-US,en;q=0.9', ['/assets/common-en111111.js']],
        // Chinese, and English beside it: the dashboard loads the fallback language's strings too.
        [
          'zh-TW,zh;q=0.9,en;q=0.8',
          ['/assets/assets-zh333333.js', '/assets/common-en111111.js', '/assets/common-zh222222.js'],
        ],
        // q-values order the tags, not their position; q=0 refuses one.
        [
          'en;q=0.5,zh-CN',
          ['/assets/assets-zh333333.js', '/assets/common-en111111.js', '/assets/common-zh222222.js'],
        ],
        ['zh-CN;q=0,fr', ['/assets/common-en111111.js']],
      ];
      for (const [acceptLanguage, expected] of cases) {
        const res = await t.req('/groups', {
          key: null,
          headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
        });
        const html = await res.text();
        const preloaded = [...html.matchAll(/href="([^"]+)" data-lang/g)].map((m) => m[1]).sort();
        expect(preloaded, acceptLanguage).toEqual(expected);
        // The language-independent preloads stay, and nothing is left of a dropped link.
        expect(html).toContain('href="/assets/shell-1.js"');
        expect(html).not.toMatch(/\n\s*\n/);
        expect(res.headers.get('vary')).toContain('Accept-Language');
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('caches hashed bundles forever and compresses them when asked', async () => {
    open();
    const plain = await t.req('/assets/index-abc123.js', { key: null });
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.get('content-type')).toContain('text/javascript');
    expect(await plain.text()).toBe(BUNDLE);

    const gz = await t.req('/assets/index-abc123.js', { key: null, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(BUNDLE);

    const ranged = await t.req('/assets/index-abc123.js', {
      key: null,
      headers: { 'accept-encoding': 'gzip', range: 'bytes=0-10' },
    });
    expect(ranged.headers.get('content-encoding')).toBeNull();
  });

  it('sends the precompressed copy the browser accepts, brotli first, and Range from the file itself', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-studio-dist-'));
    try {
      fs.mkdirSync(path.join(dir, 'assets'));
      fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
      const file = path.join(dir, 'assets', 'page-1.js');
      fs.writeFileSync(file, BUNDLE);
      fs.writeFileSync(`${file}.br`, brotliCompressSync(BUNDLE));
      fs.writeFileSync(`${file}.gz`, gzipSync(BUNDLE));
      open(dir);
      const br = await t.req('/assets/page-1.js', { key: null, headers: { 'accept-encoding': 'gzip, br' } });
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(br.headers.get('vary')).toContain('Accept-Encoding');
      expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(BUNDLE);

      const gz = await t.req('/assets/page-1.js', { key: null, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers.get('content-encoding')).toBe('gzip');
      expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(BUNDLE);

      const again = await t.req('/assets/page-1.js', {
        key: null,
        headers: { 'accept-encoding': 'gzip, br', 'if-none-match': br.headers.get('etag')! },
      });
      expect(again.status).toBe(304);
      expect(gz.headers.get('etag')).not.toBe(br.headers.get('etag'));

      const ranged = await t.req('/assets/page-1.js', {
        key: null,
        headers: { 'accept-encoding': 'gzip, br', range: 'bytes=0-10' },
      });
      expect(ranged.status).toBe(206);
      expect(ranged.headers.get('content-encoding')).toBeNull();
      expect(await ranged.text()).toBe(BUNDLE.slice(0, 11));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('sends build files without the document-only headers and request ids, the document with them', async () => {
    open();
    for (const file of ['/assets/index-abc123.js', '/favicon.svg']) {
      const res = await t.req(file, { key: null, headers: { 'accept-encoding': 'gzip, br' } });
      expect(res.status, file).toBe(200);
      expect(res.headers.get('x-content-type-options'), file).toBe('nosniff');
      for (const name of [
        'content-security-policy',
        'x-frame-options',
        'cross-origin-opener-policy',
        'referrer-policy',
        'x-request-id',
        'x-trace-id',
      ])
        expect(res.headers.get(name), `${file} ${name}`).toBeNull();
      // The ETag validates; a date beside it would only add bytes to every file.
      expect(res.headers.get('last-modified'), file).toBeNull();
    }
    const page = await t.req('/assets', { key: null });
    expect(page.headers.get('content-security-policy')).toMatch(/style-src 'self' 'nonce-/);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(page.headers.get('x-request-id')).toMatch(/^req_/);
    // A missing file is an error of the server's: the JSON envelope with its request id.
    const missing = await t.req('/assets/gone-123.js', { key: null });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-request-id')).toMatch(/^req_/);
    expect(missing.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('answers 304 to a matching If-None-Match', async () => {
    open();
    const first = await t.req('/favicon.svg', { key: null });
    const etag = first.headers.get('etag')!;
    expect(first.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const again = await t.req('/favicon.svg', { key: null, headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('answers 404 (not the SPA) for missing files and API paths', async () => {
    open();
    for (const missing of [
      '/assets/gone-123.js',
      '/missing.png',
      '/v1/unknown',
      '/files/nothing',
      '/webhooks/x',
    ]) {
      const res = await t.req(missing);
      expect(res.status, missing).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(res.headers.get('cache-control') ?? '').not.toContain('immutable');
      const b = (await res.json()) as { error: { message: string } };
      // /files/ belongs to the file routes, which word their own not-found.
      if (!missing.startsWith('/files/')) expect(b.error.message).toContain(missing);
    }
  });

  it('never serves files outside the build directory', async () => {
    open();
    for (const evil of [
      '/..%2f..%2fetc%2fpasswd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/assets/..%2f..%2fpackage.json',
      '/%00.js',
    ]) {
      const res = await t.req(evil, { key: null });
      const text = await res.text();
      expect(text).not.toContain('root:');
      expect(text).not.toContain('"dependencies"');
    }
  });

  it('answers HEAD without a body', async () => {
    open();
    const res = await t.req('/assets/index-abc123.js', { key: null, method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(BUNDLE.length));
    expect(await res.text()).toBe('');
  });
});

describe('before the dashboard is built', () => {
  it('answers a helpful 503 instead of crashing, HTML for browsers', async () => {
    open(path.join(staticDir, 'does-not-exist'));
    const html = await t.req('/', { key: null, headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(html.status).toBe(503);
    expect(html.headers.get('content-type')).toContain('text/html');
    expect(await html.text()).toContain('npm run build');
    const api = await t.req('/tasks', { key: null });
    expect(api.status).toBe(503);
    expect(((await api.json()) as { error: { message: string } }).error.message).toContain('npm run build');
    expect((await t.req('/healthz', { key: null })).status).toBe(200);
  });
});
