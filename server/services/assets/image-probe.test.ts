import fs from 'node:fs';
import { crc32 } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { startWorkers } from '../../create-context';
import { pollAsset, settled } from '../../test/asset-polling';
import { makeTestApp, type TestApp } from '../../test/helpers';
import { fixture } from '../../test/test-media';
import { MAX_PICTURE_SIDE } from '../../media/media-bounds';

/*
 * Issue 35 §4c: images were never decoded, so a PNG declaring 60000×60000 pixels or an HTML page
 * sent as image/png became a `ready` image. Every image is now probed with ffprobe.
 */

let t: TestApp;
afterEach(() => t?.close());

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/** A valid PNG header declaring `w`×`h` (8-bit RGB), with a token IDAT: a few dozen bytes. */
function pngDeclaring(w: number, h: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function uploaded(bytes: Buffer, type: string, name: string) {
  const form = new FormData();
  form.append('type', 'image');
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await t.req('/v1/assets/uploads', { method: 'POST', body: form });
  expect(res.status, await res.clone().text()).toBe(200);
  const asset = (await res.json()) as { id: string; group_id: string };
  return (await pollAsset(t, asset, settled, { timeoutMs: 20_000 })).asset;
}

describe('every image is probed', () => {
  it('a PNG declaring 60000×60000 fails with a sync_error naming the size and the limit', async () => {
    t = makeTestApp({ env: { EMULATOR_SPEED: '1000' } });
    startWorkers(t.ctx);
    const asset = await uploaded(pngDeclaring(60_000, 60_000), 'image/png', 'huge.png');
    expect(asset.status).toBe('failed');
    expect(asset.sync_error).toMatch(/60000×60000/);
    expect(asset.sync_error).toContain(MAX_PICTURE_SIDE.toLocaleString('en'));
  }, 30_000);

  it('an HTML page sent as image/png fails, saying it is not an image', async () => {
    t = makeTestApp({ env: { EMULATOR_SPEED: '1000' } });
    startWorkers(t.ctx);
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const asset = await uploaded(html, 'image/png', 'page.png');
    expect(asset.status).toBe('failed');
    expect(asset.sync_error).toMatch(/could not be read as image/);
  }, 30_000);

  it('a JPEG sent as image/png fails naming both types; a real PNG is ready', async () => {
    t = makeTestApp({ env: { EMULATOR_SPEED: '1000' } });
    startWorkers(t.ctx);
    const png = fs.readFileSync(fixture('sample.png'));
    expect((await uploaded(png, 'image/png', 'ok.png')).status).toBe('ready');
    expect((await uploaded(pngDeclaring(640, 480), 'image/jpeg', 'lie.jpg')).sync_error).toMatch(
      /sent as image\/jpeg but is really image\/png/,
    );
  }, 30_000);
});
