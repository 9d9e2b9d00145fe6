import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureHost, startFixtureHost } from '../../test/fixture-host';
import { closedPort } from '../../test/listen';
import { describeFetchError, downloadTo, inspectSource, SourceUnreachableError } from './asset-source';

let host: FixtureHost;
beforeAll(async () => {
  host = await startFixtureHost();
});
afterAll(() => host.close());

describe('inspectSource', () => {
  it('learns type and size from HEAD', async () => {
    expect(await inspectSource(`${host.origin}/a.mp3`)).toEqual({ contentType: 'audio/mpeg', size: 16527 });
  });

  it('uses a one-byte ranged GET when HEAD is refused', async () => {
    expect(await inspectSource(`${host.origin}/nohead/a.png`)).toEqual({
      contentType: 'image/png',
      size: 8757,
    });
    expect(host.log.filter((l) => l.endsWith('/nohead/a.png'))).toEqual([
      'HEAD /nohead/a.png',
      'GET /nohead/a.png',
    ]);
  });

  it('names the cause: HTTP status, refused connection, timeout', async () => {
    await expect(inspectSource(`${host.origin}/missing.png`)).rejects.toThrow(/HTTP 404 Not Found/);
    const port = await closedPort();
    await expect(inspectSource(`http://127.0.0.1:${port}/a.png`)).rejects.toThrow(
      /connection refused by 127\.0\.0\.1/,
    );
    const started = Date.now();
    const err = await inspectSource(`${host.origin}/hang.png`, 300).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SourceUnreachableError);
    expect((err as Error).message).toMatch(/no answer from 127\.0\.0\.1:\d+ within 300 ms \(timeout\)/);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('describes DNS failures', () => {
    const dns = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ENOTFOUND' } });
    expect(describeFetchError(dns, 'https://nope.example/x.png', 10_000)).toBe(
      'DNS lookup failed: host "nope.example" was not found',
    );
  });
});

describe('downloadTo', () => {
  it('streams the file to disk and refuses one over the limit', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'download-'));
    try {
      const dest = path.join(dir, 'a.mp4');
      const got = await downloadTo(`${host.origin}/a.mp4`, dest, {
        maxBytes: 1e6,
        signal: new AbortController().signal,
      });
      expect(got).toEqual({ size: 90037, contentType: 'video/mp4' });
      expect(fs.statSync(dest).size).toBe(90037);
      await expect(
        downloadTo(`${host.origin}/a.mp4`, path.join(dir, 'b.mp4'), {
          maxBytes: 1000,
          signal: new AbortController().signal,
        }),
      ).rejects.toThrow(/larger than 1000 bytes/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
