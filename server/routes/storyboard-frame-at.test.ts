import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FFMPEG_PATH } from '../media/ffmpeg';
import { ownerOf } from '../middleware/auth';
import { DEFAULT_API_KEY } from '../config';
import { filesRoot, fileUrl, storedRelPath } from '../services/assets/asset-files';
import { makeTestApp, type TestApp } from '../test/helpers';

// Issue 42: a shot may continue from a frame the person chose in the previous take, not only the last.

let t: TestApp;
const owner = ownerOf(DEFAULT_API_KEY);

/** Two seconds of blue, then one of red, stored as this server's file. */
function clip(): string {
  const rel = storedRelPath(owner, 'task_frame_at', 'result.mp4');
  const file = path.join(filesRoot(t.ctx), ...rel.split('/'));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  execFileSync(FFMPEG_PATH, [
    ...['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=blue:s=160x120:r=24:d=2'],
    ...['-f', 'lavfi', '-i', 'color=c=red:s=160x120:r=24:d=1'],
    ...['-filter_complex', '[0:v][1:v]concat=n=2:v=1:a=0[v]', '-map', '[v]'],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', file],
  ]);
  return fileUrl('http://localhost', rel);
}

async function middlePixel(res: Response): Promise<Buffer> {
  const file = path.join(t.dataDir, `at-${Date.now()}.png`);
  fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return execFileSync(FFMPEG_PATH, [
    ...['-loglevel', 'error', '-i', file, '-vf', 'crop=1:1:80:60'],
    ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
  ]);
}

beforeAll(() => {
  t = makeTestApp();
});
afterAll(() => t.close());

describe('POST /local/storyboard/last-frame with `at`', () => {
  it('answers the frame at that second; without it, the last frame', async () => {
    const url = clip();
    const early = await t.req('/local/storyboard/last-frame', { json: { url, at: 0.5 } });
    expect(early.status).toBe(200);
    const blue = await middlePixel(early);
    expect(blue[2]).toBeGreaterThan(200);
    expect(blue[0]).toBeLessThan(60);
    const last = await middlePixel(await t.req('/local/storyboard/last-frame', { json: { url } }));
    expect(last[0]).toBeGreaterThan(200);
    // Past the end: the last frame, as the default.
    const past = await middlePixel(await t.req('/local/storyboard/last-frame', { json: { url, at: 30 } }));
    expect(past[0]).toBeGreaterThan(200);
  });

  it('refuses an `at` that is not seconds from the start, naming it', async () => {
    const url = clip();
    for (const at of [-1, 'x', Number.MAX_SAFE_INTEGER]) {
      const res = await t.req('/local/storyboard/last-frame', { json: { url, at } });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: { param: string; message: string } };
      expect(body.error.param).toBe('at');
      expect(body.error.message).toMatch(/seconds/);
    }
  });
});
