import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers } from '../../create-context';
import { pollAsset, settled } from '../../test/asset-polling';
import { makeTestApp, type TestApp } from '../../test/helpers';
import { averageColor, gifFrameBomb, playlistNaming, redCanary, tempDir } from '../../test/test-media';
import { fileUrl } from './asset-files';

/*
 * Issue 41 §2, through the API: an HLS playlist uploaded as video/mp4 and a 46 KB GIF of 8000×8000
 * in 2,000 frames both became `ready`; last-frame on the playlist then answered the colour of the
 * file it named. Both now end `failed` at preparation with a sync_error that says why (decision 353).
 */

let t: TestApp;
let dir: string;
let canary: string;
beforeAll(async () => {
  dir = tempDir('media-bounds-');
  canary = await redCanary(dir);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
afterEach(() => t?.close());

async function uploaded(bytes: Buffer | string, type: string, name: string, assetType: string) {
  const form = new FormData();
  form.append('type', assetType);
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }), name);
  const res = await t.req('/v1/assets/uploads', { method: 'POST', body: form });
  expect(res.status, await res.clone().text()).toBe(200);
  const asset = (await res.json()) as { id: string; group_id: string };
  return (await pollAsset(t, asset, settled, { timeoutMs: 20_000 })).asset;
}

describe('media that must not become ready', () => {
  it('an HLS playlist sent as video/mp4 fails, and last-frame on its file never shows what it names', async () => {
    t = makeTestApp({ env: { EMULATOR_SPEED: '1000' } });
    startWorkers(t.ctx);
    const asset = await uploaded(playlistNaming(canary), 'video/mp4', 'clip.mp4', 'video');
    expect(asset.status).toBe('failed');
    expect(asset.sync_error).toMatch(
      /could not be read as video: not a supported media container: it looks like an HLS \(m3u8\) playlist/,
    );
    expect(asset.sync_error).not.toContain(dir);

    // The stored bytes are still reachable at /files/: the last frame of them must not be the canary.
    const row = t.ctx.db.prepare('SELECT file_path FROM assets WHERE id = ?').get(asset.id) as {
      file_path: string;
    };
    const res = await t.req('/local/storyboard/last-frame', {
      json: { url: fileUrl('http://localhost', row.file_path) },
    });
    expect(res.status).toBe(422);
    const body = (await res.clone().text()) || '';
    expect(body).toMatch(/HLS \(m3u8\) playlist/);
    if (res.headers.get('content-type') === 'image/png') {
      const png = path.join(dir, 'last.png');
      fs.writeFileSync(png, Buffer.from(await res.arrayBuffer()));
      const [r, g, b] = await averageColor(png);
      expect(r > 180 && g < 80 && b < 80).toBe(false);
    }
  }, 30_000);

  it('a GIF of 8000×8000 in 2,000 frames fails at preparation, naming the decoded work and the budget', async () => {
    t = makeTestApp({ env: { EMULATOR_SPEED: '1000' } });
    startWorkers(t.ctx);
    const asset = await uploaded(gifFrameBomb(8000, 8000, 2000), 'image/gif', 'bomb.gif', 'image');
    expect(asset.status).toBe('failed');
    expect(asset.sync_error).toMatch(
      /2,000 frames of 8000×8000 pixels \(128 gigapixels\), more than the 2 gigapixels/,
    );
  }, 30_000);

  it('a small animated GIF within the budget is ready', async () => {
    t = makeTestApp({ env: { EMULATOR_SPEED: '1000' } });
    startWorkers(t.ctx);
    const asset = await uploaded(gifFrameBomb(320, 240, 50), 'image/gif', 'small.gif', 'image');
    expect(asset.status, asset.sync_error ?? '').toBe('ready');
  }, 30_000);
});
