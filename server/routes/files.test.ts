import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../test/helpers';

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
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /selects no byte of the file \(it has \d+ bytes\)/,
    );
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

describe('Range on /files/…', () => {
  const range = (value: string, headers: Record<string, string> = {}) =>
    t.req(URL_PATH, { key: null, headers: { range: value, ...headers } });
  const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

  it('serves a single, a suffix and an open-ended range as 206 with their bytes', async () => {
    const single = await range('bytes=0-0');
    expect(single.status).toBe(206);
    expect(single.headers.get('content-range')).toBe(`bytes 0-0/${SIZE}`);
    expect((await bytes(single)).equals(video.subarray(0, 1))).toBe(true);

    const suffix = await range('bytes=-30');
    expect(suffix.headers.get('content-range')).toBe(`bytes ${SIZE - 30}-${SIZE - 1}/${SIZE}`);
    expect((await bytes(suffix)).equals(video.subarray(SIZE - 30))).toBe(true);
    const longSuffix = await range(`bytes=-${SIZE + 5}`);
    expect(longSuffix.headers.get('content-range')).toBe(`bytes 0-${SIZE - 1}/${SIZE}`);

    const open = await range('bytes=40-');
    expect(open.headers.get('content-length')).toBe(String(SIZE - 40));
    expect((await bytes(open)).equals(video.subarray(40))).toBe(true);
  });

  it('answers 416 in the error envelope for ranges that select nothing', async () => {
    for (const value of [`bytes=${SIZE + 1}-`, 'bytes=-0', `bytes=${SIZE}-,${SIZE + 9}-`]) {
      const res = await range(value);
      expect(res.status, value).toBe(416);
      expect(res.headers.get('content-range'), value).toBe(`bytes */${SIZE}`);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code, value).toBe('range_not_satisfiable');
      expect(body.error.message, value).toContain(`(it has ${SIZE} bytes)`);
    }
  });

  it('sends the whole file for a malformed or reversed range, or another unit', async () => {
    const malformed = ['bytes=abc', 'bytes=1-2-3', 'bytes 0-10', 'bytes=-', 'bytes=20-10', 'bytes=0-9,x-'];
    for (const value of [...malformed, 'items=0-10', 'items=20-10']) {
      const res = await range(value);
      expect(res.status, value).toBe(200);
      expect(res.headers.get('content-range'), value).toBeNull();
      expect((await bytes(res)).equals(video), value).toBe(true);
    }
  });

  it('combines overlapping ranges into one, and sends the whole file for disjoint ones', async () => {
    const overlapping = await range('bytes=10-19,15-29,30-39');
    expect(overlapping.status).toBe(206);
    expect(overlapping.headers.get('content-range')).toBe(`bytes 10-39/${SIZE}`);
    expect((await bytes(overlapping)).equals(video.subarray(10, 40))).toBe(true);

    // One of the two is past the end: the other is what is asked.
    const oneFits = await range(`bytes=0-9,${SIZE + 10}-`);
    expect(oneFits.status).toBe(206);
    expect(oneFits.headers.get('content-range')).toBe(`bytes 0-9/${SIZE}`);

    const disjoint = await range('bytes=0-9,100-109');
    expect(disjoint.status).toBe(200);
    expect(disjoint.headers.get('content-length')).toBe(String(SIZE));
    expect((await bytes(disjoint)).equals(video)).toBe(true);
  });

  it('honours If-Range: the range for the current ETag, the whole file for another validator', async () => {
    const etag = (await t.req(URL_PATH, { key: null, method: 'HEAD' })).headers.get('etag')!;
    const current = await range('bytes=0-9', { 'if-range': etag });
    expect(current.status).toBe(206);
    expect((await bytes(current)).equals(video.subarray(0, 10))).toBe(true);

    for (const stale of ['"0-0"', new Date(0).toUTCString()]) {
      const res = await range('bytes=0-9', { 'if-range': stale });
      expect(res.status, stale).toBe(200);
      expect((await bytes(res)).equals(video), stale).toBe(true);
    }
    // A stale copy's unsatisfiable range is not an error: the whole file replaces the copy.
    expect((await range(`bytes=${SIZE}-`, { 'if-range': '"0-0"' })).status).toBe(200);
  });

  it('sends an empty file as it is, whatever range is asked', async () => {
    fs.writeFileSync(path.join(t.dataDir, 'files', 'owner1', 'asset_abc', 'empty.mp4'), '');
    for (const value of ['bytes=0-', 'bytes=-5']) {
      const res = await t.req('/files/owner1/asset_abc/empty.mp4', { key: null, headers: { range: value } });
      expect(res.status, value).toBe(200);
      expect(res.headers.get('content-length'), value).toBe('0');
    }
  });

  it('answers HEAD with a range with the 206 headers and no body', async () => {
    const res = await t.req(URL_PATH, { key: null, method: 'HEAD', headers: { range: 'bytes=5-14' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 5-14/${SIZE}`);
    expect(res.headers.get('content-length')).toBe('10');
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });
});
