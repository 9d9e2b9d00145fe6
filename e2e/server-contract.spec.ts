import { expect, RUNTIME, test } from './support/test';

// The acceptance checks of the start-up contract, against the real server Playwright started.
test.describe('local server start-up contract', { tag: RUNTIME }, () => {
  test('GET /healthz answers 200 {"ok":true} without a key', async ({ request }) => {
    const res = await request.get('/healthz');
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  test('GET /v1/assets without a key is a 401 JSON error that says how to fix it', async ({ request }) => {
    const res = await request.get('/v1/assets');
    expect(res.status()).toBe(401);
    expect(res.headers()['content-type']).toContain('application/json');
    const body = await res.json();
    expect(body.error.type).toBe('authentication_error');
    expect(body.error.message).toMatch(/Bearer/);
    expect(body.request_id).toMatch(/^req_/);
    expect(res.headers()['x-request-id']).toBe(body.request_id);
  });

  test('the dashboard is served with a strict Content-Security-Policy', async ({ request }) => {
    const res = await request.get('/assets');
    expect(res.status()).toBe(200);
    const csp = res.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers()['x-content-type-options']).toBe('nosniff');
    expect(res.headers()['cross-origin-opener-policy']).toBe('same-origin');
  });

  test('scripts and styles of the build carry only the headers a file needs (decision 141)', async ({
    request,
  }) => {
    const html = await (await request.get('/')).text();
    const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) {
      const res = await request.get(file, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.status(), file).toBe(200);
      const headers = res.headers();
      expect(headers['content-encoding'], file).toBe('br');
      expect(headers['cache-control'], file).toBe('public, max-age=31536000, immutable');
      expect(headers['x-content-type-options'], file).toBe('nosniff');
      for (const documentOnly of [
        'content-security-policy',
        'cross-origin-opener-policy',
        'x-frame-options',
        'x-request-id',
      ])
        expect(headers[documentOnly], `${file} ${documentOnly}`).toBeUndefined();
    }
  });
});
