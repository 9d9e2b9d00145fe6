import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../test/server-process';
import { streamedUpload } from '../test/streamed-upload';

const UPSTREAM_KEY = 'sk-upstream-big';
let upstream: ServerProcess;
let proxy: ServerProcess;

beforeAll(async () => {
  upstream = await startServerProcess({ env: { API_KEYS: UPSTREAM_KEY, EMULATOR_SPEED: '50' } });
  // The proxy runs in a process of its own, so that its peak memory is its alone.
  proxy = await startServerProcess({
    env: { API_KEYS: 'sk-browser', UPSTREAM_BASE_URL: upstream.url, UPSTREAM_API_KEY: UPSTREAM_KEY },
  });
}, 60_000);
afterAll(async () => {
  await proxy?.stop();
  await upstream?.stop();
});

it('a 200 MB multipart upload passes through the proxy with its memory bounded', async () => {
  const size = 200 * 1024 * 1024;
  const upload = streamedUpload(size);
  const before = proxy.peakRss();
  const res = await fetch(`${proxy.url}/v1/assets/uploads`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk-browser', 'content-type': upload.contentType },
    body: upload.body,
    duplex: 'half',
  } as RequestInit);
  const body = (await res.json()) as { size?: number };
  expect(res.status, JSON.stringify(body)).toBe(200);
  expect(body.size).toBe(size);
  const peak = proxy.peakRss();
  // Buffered whole, the proxy's peak would pass 200 MB on top of what it started with.
  expect(
    peak - before,
    `peak RSS ${Math.round(peak / 2 ** 20)} MiB, before ${Math.round(before / 2 ** 20)} MiB`,
  ).toBeLessThan(80 * 1024 * 1024);
}, 120_000);

it('an upload the upstream refuses early (413) reaches the client as the upstream answered', async () => {
  const small = await startServerProcess({ env: { API_KEYS: UPSTREAM_KEY, MAX_UPLOAD_BYTES: '100000' } });
  const smallProxy = await startServerProcess({
    env: { API_KEYS: 'sk-browser', UPSTREAM_BASE_URL: small.url, UPSTREAM_API_KEY: UPSTREAM_KEY },
  });
  try {
    const upload = streamedUpload(20 * 1024 * 1024);
    const res = await fetch(`${smallProxy.url}/v1/assets/uploads`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-browser', 'content-type': upload.contentType },
      body: upload.body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    const body = (await res.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(/MAX_UPLOAD_BYTES|too large|larger/i);
  } finally {
    await smallProxy.stop();
    await small.stop();
  }
}, 60_000);
