import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../test/helpers';
import { parseRange } from './files';

let t: TestApp;
const video = fs.readFileSync(path.resolve('e2e/fixtures/sample.mp4'));
const SIZE = video.length;
const URL_PATH = '/files/owner1/asset_abc/clip.mp4';

beforeEach(() => {
  t = makeTestApp();
  const dir = path.join(t.dataDir, 'files', 'owner1', 'asset_abc');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'clip.mp4'), video);
  fs.writeFileSync(path.join(dir, 'page.html'), '<script>alert(1)</script>');
  fs.writeFileSync(path.join(t.dataDir, 'secret.txt'), 'do not serve');
});
afterEach(() => t.close());

describe('GET /files/…', () => {
  it('serves a stored file without a key, with type, length and Accept-Ranges', async () => {
    const res = await t.req(URL_PATH, { key: null });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('content-length')).toBe(String(SIZE));
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-disposition')).toMatch(/^inline/);
    expect(Buffer.from(await res.arrayBuffer()).equals(video)).toBe(true);
  });

  it('answers a Range with 206 and Content-Range, as video seeking needs', async () => {
    const res = await t.req(URL_PATH, { key: null, headers: { range: 'bytes=100-199' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 100-199/${SIZE}`);
    expect(res.headers.get('content-length')).toBe('100');
    expect(Buffer.from(await res.arrayBuffer()).equals(video.subarray(100, 200))).toBe(true);

    const open = await t.req(URL_PATH, { key: null, headers: { range: `bytes=${SIZE - 10}-` } });
    expect(open.status).toBe(206);
    expect((await open.arrayBuffer()).byteLength).toBe(10);
    const suffix = await t.req(URL_PATH, { key: null, headers: { range: 'bytes=-5' } });
    expect(suffix.headers.get('content-range')).toBe(`bytes ${SIZE - 5}-${SIZE - 1}/${SIZE}`);
    const clamped = await t.req(URL_PATH, { key: null, headers: { range: `bytes=0-${SIZE * 2}` } });
    expect(clamped.headers.get('content-range')).toBe(`bytes 0-${SIZE - 1}/${SIZE}`);
  });

  it('answers 416 with Content-Range */size for an unsatisfiable range', async () => {
    const res = await t.req(URL_PATH, { key: null, headers: { range: `bytes=${SIZE}-` } });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe(`bytes */${SIZE}`);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/outside the file/);
  });

  it('answers HEAD with headers only, and 304 for a matching ETag', async () => {
    const head = await t.req(URL_PATH, { key: null, method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(SIZE));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const etag = head.headers.get('etag')!;
    const cached = await t.req(URL_PATH, { key: null, headers: { 'if-none-match': etag } });
    expect(cached.status).toBe(304);
  });

  it('sends scriptable types as attachments', async () => {
    const res = await t.req('/files/owner1/asset_abc/page.html', { key: null });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
  });

  it('never leaves DATA_DIR/files', async () => {
    for (const p of [
      '/files/../secret.txt',
      '/files/%2e%2e/secret.txt',
      '/files/owner1/%2e%2e/%2e%2e/secret.txt',
      '/files/owner1%2f..%2f..%2fsecret.txt',
      '/files/owner1/asset_abc/..%5c..%5csecret.txt',
      '/files/owner1/asset_abc/clip.mp4%00',
      '/files/owner1/asset_abc',
      '/files/',
      '/files/owner1/asset_abc/missing.mp4',
    ]) {
      const res = await t.req(p, { key: null });
      expect(res.status, p).toBe(404);
      expect(await res.text()).not.toContain('do not serve');
    }
  });
});

describe('parseRange', () => {
  it('handles the forms of RFC 9110 and ignores what it does not support', () => {
    expect(parseRange('bytes=0-0', 10)).toEqual({ start: 0, end: 0 });
    expect(parseRange('bytes=5-', 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange('bytes=-30', 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=10-', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,3-4', 10)).toBeUndefined();
    expect(parseRange('items=0-1', 10)).toBeUndefined();
    expect(parseRange('bytes=5-2', 10)).toBeUndefined();
    expect(parseRange(undefined, 10)).toBeUndefined();
  });
});
