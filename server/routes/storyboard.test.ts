import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FFMPEG_PATH } from '../media/ffmpeg';
import { ownerOf } from '../middleware/auth';
import { DEFAULT_API_KEY } from '../config';
import { filesRoot, fileUrl, storedRelPath } from '../services/assets/asset-files';
import { assembliesOf } from '../services/storyboard/assembly';
import { saveAssembly } from '../store/storyboard-assemblies';
import { probeFile } from '../test/test-media';
import { makeTestApp, type TestApp } from '../test/helpers';
import { startWorkers } from '../create-context';

let t: TestApp;
const owner = ownerOf(DEFAULT_API_KEY);

/** A clip of `color` (the last second `end` colour) stored as this server's file; returns its URL. */
function clip(
  name: string,
  opts: { size: string; rate: number; seconds: number; audio: boolean; end: string },
): string {
  const rel = storedRelPath(owner, `task_${name}`, 'result.mp4');
  const file = path.join(filesRoot(t.ctx), ...rel.split('/'));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const head = opts.seconds - 1;
  const args = ['-y', '-loglevel', 'error'];
  args.push('-f', 'lavfi', '-i', `color=c=blue:s=${opts.size}:r=${opts.rate}:d=${head}`);
  args.push('-f', 'lavfi', '-i', `color=c=${opts.end}:s=${opts.size}:r=${opts.rate}:d=1`);
  if (opts.audio) args.push('-f', 'lavfi', '-i', `sine=f=440:d=${opts.seconds}`);
  args.push('-filter_complex', '[0:v][1:v]concat=n=2:v=1:a=0[v]', '-map', '[v]');
  if (opts.audio) args.push('-map', '2:a', '-c:a', 'aac');
  args.push('-c:v', 'libx264', '-pix_fmt', 'yuv420p', file);
  execFileSync(FFMPEG_PATH, args);
  return fileUrl('http://localhost', rel);
}

beforeAll(() => {
  t = makeTestApp();
  startWorkers(t.ctx);
});
afterAll(() => t.close());

describe('POST /local/storyboard/last-frame', () => {
  it('answers the last frame of a result video as a PNG', async () => {
    const url = clip('a', { size: '320x240', rate: 24, seconds: 2, audio: true, end: 'red' });
    const res = await t.req('/local/storyboard/last-frame', { json: { url } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await res.arrayBuffer());
    const file = path.join(t.dataDir, 'frame.png');
    fs.writeFileSync(file, png);
    // One pixel of the middle, as raw RGB: the last second of the clip is red.
    const rgb = execFileSync(FFMPEG_PATH, [
      '-loglevel',
      'error',
      '-i',
      file,
      '-vf',
      'crop=1:1:160:120',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-',
    ]);
    expect(rgb[0]).toBeGreaterThan(200);
    expect(rgb[2]).toBeLessThan(60);
  });

  it('finds the last frame of a clip whose frames are further apart than the first look back', async () => {
    const url = clip('slow', { size: '320x240', rate: 2, seconds: 3, audio: false, end: 'green' });
    const res = await t.req('/local/storyboard/last-frame', { json: { url } });
    expect(res.status).toBe(200);
    const file = path.join(t.dataDir, 'slow.png');
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const rgb = execFileSync(FFMPEG_PATH, [
      '-loglevel',
      'error',
      '-i',
      file,
      '-vf',
      'crop=1:1:160:120',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-',
    ]);
    expect(rgb[1]).toBeGreaterThan(90);
    expect(rgb[2]).toBeLessThan(60);
  });

  it('needs the key, and refuses what is not a result URL in the error envelope', async () => {
    expect((await t.req('/local/storyboard/last-frame', { json: { url: 'x' }, key: null })).status).toBe(401);
    const bad = await t.req('/local/storyboard/last-frame', { json: { url: 'file:///etc/passwd' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { param: string } }).error.param).toBe('url');
    const missing = await t.req('/local/storyboard/last-frame', {
      json: { url: 'http://localhost/files/x/y/z.mp4' },
    });
    expect(missing.status).toBe(404);
    const noBody = await t.req('/local/storyboard/last-frame', {
      method: 'POST',
      body: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(noBody.status).toBe(400);
  });

  it('refuses a private address when the server is bound to a network (the URL guard)', async () => {
    const guarded = makeTestApp({ env: { HOST: '0.0.0.0' } });
    try {
      const res = await guarded.req('/local/storyboard/last-frame', {
        json: { url: 'http://169.254.169.254/latest/video.mp4' },
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('url_not_allowed');
    } finally {
      await guarded.close();
    }
  });
});

describe('/local/storyboard/assemblies', () => {
  it('joins shots in order into one MP4 at the first shot size and rate, scaling the others and saying so', async () => {
    const a = clip('s1', { size: '320x240', rate: 24, seconds: 2, audio: true, end: 'red' });
    const b = clip('s2', { size: '640x360', rate: 30, seconds: 2, audio: false, end: 'green' });
    const c = clip('s3', { size: '320x240', rate: 24, seconds: 3, audio: true, end: 'white' });
    const res = await t.req('/local/storyboard/assemblies', {
      json: { shots: [{ url: a }, { url: b }, { url: c }], joins: ['cut', 'crossfade'] },
    });
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };
    await assembliesOf(t.ctx).settled(id);
    const done = (await (await t.req(`/local/storyboard/assemblies/${id}`)).json()) as Record<
      string,
      unknown
    >;
    expect(done, String(done.error)).toMatchObject({
      status: 'succeeded',
      width: 320,
      height: 240,
      fps: 24,
      scaled: [1],
    });
    expect(done.duration).toBeCloseTo(2 + 2 + 3 - 0.5, 1);
    const served = await t.req(new URL(done.url as string).pathname);
    expect(served.status).toBe(200);
    const file = path.join(t.dataDir, 'joined.mp4');
    fs.writeFileSync(file, Buffer.from(await served.arrayBuffer()));
    const probed = await probeFile(file);
    expect(probed.video).toMatchObject({ width: 320, height: 240 });
    expect(probed.video!.fps).toBeCloseTo(24, 0);
    expect(probed.audio).toBeDefined();
    expect(probed.duration).toBeGreaterThan(6.2);
    expect(probed.duration).toBeLessThan(6.8);
  });

  it('joins shots of one size, rate and codec with cuts by stream copy, keeping both streams', async () => {
    const a = clip('c1', { size: '320x240', rate: 24, seconds: 2, audio: true, end: 'red' });
    const b = clip('c2', { size: '320x240', rate: 24, seconds: 3, audio: true, end: 'green' });
    const res = await t.req('/local/storyboard/assemblies', { json: { shots: [{ url: a }, { url: b }] } });
    const { id } = (await res.json()) as { id: string };
    await assembliesOf(t.ctx).settled(id);
    const done = (await (await t.req(`/local/storyboard/assemblies/${id}`)).json()) as Record<
      string,
      unknown
    >;
    expect(done, String(done.error)).toMatchObject({ status: 'succeeded', scaled: [] });
    const file = path.join(t.dataDir, 'copied.mp4');
    fs.writeFileSync(
      file,
      Buffer.from(await (await t.req(new URL(done.url as string).pathname)).arrayBuffer()),
    );
    const probed = await probeFile(file);
    expect(probed.video).toMatchObject({ width: 320, height: 240 });
    expect(probed.audio).toBeDefined();
    expect(probed.duration).toBeGreaterThan(4.7);
    expect(probed.duration).toBeLessThan(5.3);
  });

  it('bounds the request and keeps one key from another key’s assemblies', async () => {
    const many = Array.from({ length: 13 }, () => ({ url: 'http://localhost/files/a.mp4' }));
    expect((await t.req('/local/storyboard/assemblies', { json: { shots: many } })).status).toBe(400);
    expect((await t.req('/local/storyboard/assemblies', { json: { shots: [] } })).status).toBe(400);
    const joins = await t.req('/local/storyboard/assemblies', {
      json: { shots: [{ url: 'http://localhost/files/a.mp4' }], joins: ['cut', 'cut'] },
    });
    expect(((await joins.json()) as { error: { param: string } }).error.param).toBe('joins');
    expect((await t.req('/local/storyboard/assemblies/asm_nope')).status).toBe(404);
    expect((await t.req('/local/storyboard/assemblies/..%2F..%2Fetc')).status).toBe(404);
  });

  it('a failed source fails the assembly with the reason', async () => {
    const res = await t.req('/local/storyboard/assemblies', {
      json: { shots: [{ url: 'http://localhost/files/x/y/gone.mp4' }] },
    });
    const { id } = (await res.json()) as { id: string };
    await assembliesOf(t.ctx).settled(id);
    const failed = (await (await t.req(`/local/storyboard/assemblies/${id}`)).json()) as Record<
      string,
      string
    >;
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/shots\[0\]\.url/);
  });

  it('a record left running by a version that queued in memory is queued when asked for', async () => {
    const a = clip('r1', { size: '320x240', rate: 24, seconds: 2, audio: true, end: 'red' });
    // A row such a version left: `running`, no job of the task runner.
    const record = {
      id: 'asm_inmemoryleftover01',
      status: 'running' as const,
      progress: 0.4,
      shots: [{ url: a }],
      joins: [],
      created_at: 1_790_000_000,
      origin: 'http://localhost',
    };
    saveAssembly(t.ctx.db, owner, record, 0);
    const first = (await (await t.req(`/local/storyboard/assemblies/${record.id}`)).json()) as {
      status: string;
    };
    expect(first.status).toBe('running');
    await assembliesOf(t.ctx).settled(record.id);
    const done = (await (await t.req(`/local/storyboard/assemblies/${record.id}`)).json()) as {
      status: string;
      url: string;
    };
    expect(done.status).toBe('succeeded');
    expect((await t.req(new URL(done.url).pathname)).status).toBe(200);
  });

  it('keeps its records in SQLite, not as files: a new server on the same DATA_DIR reads them', async () => {
    const a = clip('q1', { size: '320x240', rate: 24, seconds: 2, audio: true, end: 'red' });
    const res = await t.req('/local/storyboard/assemblies', { json: { shots: [{ url: a }] } });
    const { id } = (await res.json()) as { id: string };
    await assembliesOf(t.ctx).settled(id);
    const row = t.ctx.db
      .prepare('SELECT owner, status, url FROM storyboard_assemblies WHERE id = ?')
      .get(id) as {
      owner: string;
      status: string;
      url: string;
    };
    expect(row).toMatchObject({ owner, status: 'succeeded' });
    // No file of this record where the first version kept them (storyboard/<owner>/<id>.json).
    const folder = path.join(t.dataDir, 'storyboard');
    const files = fs.existsSync(folder) ? fs.readdirSync(folder, { recursive: true }).map(String) : [];
    expect(files.filter((file) => file.includes(id))).toEqual([]);
    const restarted = makeTestApp({ dataDir: t.dataDir });
    try {
      const read = await restarted.req(`/local/storyboard/assemblies/${id}`);
      expect(read.status).toBe(200);
      expect(await read.json()).toMatchObject({ id, status: 'succeeded', url: row.url });
    } finally {
      await restarted.close();
    }
  });
});
