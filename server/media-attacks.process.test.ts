import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, gifFrameBomb, playlistNaming } from './test/test-media';
import { startServerProcess, type ServerProcess } from './test/server-process';
import { healthWhile } from './test/health-probe';

/*
 * Issue 41 §2 against `npm run serve`'s own process: a frame-bomb GIF and an HLS playlist sent as
 * video/mp4 end `failed`; last frames, a thumbnail task and storyboard assemblies of two keys run at
 * once; throughout, /healthz answers within 1 s and the server never has more ffmpeg/ffprobe
 * children than FFMPEG_CONCURRENCY (counted in /proc, not in the pool's own bookkeeping).
 */

const KA = 'sk-media-a';
const KB = 'sk-media-b';
const SLOTS = 2;

let server: ServerProcess;
let port: number;
beforeAll(async () => {
  server = await startServerProcess({
    env: { API_KEYS: `${KA},${KB}`, FFMPEG_CONCURRENCY: String(SLOTS), EMULATOR_SPEED: '100' },
  });
  port = Number(new URL(server.url).port);
}, 60_000);
afterAll(() => server?.stop());

/**
 * The server's direct children: its main thread's list (the thread that spawns them), read every
 * 20 ms, instead of every /proc/<pid>/stat on the machine (hundreds of reads per tick on a shared
 * host); a kernel without that list gets the scan.
 */
function childPids(): string[] {
  try {
    return fs
      .readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, 'utf8')
      .split(' ')
      .filter(Boolean);
  } catch {
    return fs.readdirSync('/proc').filter((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        return (
          /^\d+$/.test(pid) && Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === server.pid
        );
      } catch {
        return false;
      }
    });
  }
}

/** The server's ffmpeg and ffprobe children alive now (prlimit execs the tool, so the pid is the tool's). */
function mediaChildren(): number {
  let n = 0;
  for (const pid of childPids()) {
    try {
      if (/ff(mpeg|probe)/.test(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'))) n++;
    } catch {
      // ended while we looked
    }
  }
  return n;
}

/** While `work` runs: /healthz every ~100 ms (each a 200 within 1 s) and the media children every 20 ms. */
async function watch<T>(work: Promise<T>): Promise<{ result: T; health: string[]; most: number }> {
  let most = 0;
  const counter = setInterval(() => (most = Math.max(most, mediaChildren())), 20);
  try {
    const { result, answers } = await healthWhile(port, work);
    return { result, health: answers, most };
  } finally {
    clearInterval(counter);
  }
}

/** The fields read here of a JSON answer (assets, tasks, assemblies); {} for a PNG. */
type Body = Record<string, string | undefined>;

async function api(
  path: string,
  key: string,
  init: RequestInit = {},
): Promise<{ status: number; body: Body }> {
  const res = await fetch(`${server.url}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${key}`,
      ...(init.body && typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
    },
  });
  const text = await res.text();
  let body: Body = {};
  try {
    body = JSON.parse(text) as Body;
  } catch {
    // a PNG
  }
  return { status: res.status, body };
}

async function upload(key: string, bytes: Buffer | string, type: string, name: string, assetType: string) {
  const form = new FormData();
  form.append('type', assetType);
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }), name);
  const r = await api('/v1/assets/uploads', key, { method: 'POST', body: form });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  for (let i = 0; i < 600; i++) {
    const got = await api(`/v1/assets/${String(r.body.id)}?group_id=${String(r.body.group_id)}`, key);
    if (got.body.status === 'ready' || got.body.status === 'failed') return got.body;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error('asset did not settle');
}

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 120_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('media attacks against the real server process', () => {
  it('bad media fail clearly, and concurrent ffmpeg work of two keys keeps /healthz fast and the pool bounded', async () => {
    const canary = '/nonexistent/canary.ts';
    const {
      result,
      health: answers,
      most,
    } = await watch(
      (async () => {
        const [bomb, playlist, clip] = await Promise.all([
          upload(KA, gifFrameBomb(8000, 8000, 2000), 'image/gif', 'bomb.gif', 'image'),
          upload(KA, playlistNaming(canary), 'video/mp4', 'clip.mp4', 'video'),
          upload(KA, fs.readFileSync(fixture('sample.mp4')), 'video/mp4', 'sample.mp4', 'video'),
        ]);
        const clipB = await upload(KB, fs.readFileSync(fixture('sample.mp4')), 'video/mp4', 'b.mp4', 'video');
        const json = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });
        const lastFrames = [clip.url, bomb.url, playlist.url, clip.url, clip.url, clip.url].map((url) =>
          api('/local/storyboard/last-frame', KA, json({ url })),
        );
        const thumb = api(
          '/v1/tasks',
          KA,
          json({ model: 'resource-thumbnail', source_url: clip.id, width: 64 }),
        );
        const many = api(
          '/local/storyboard/assemblies',
          KA,
          json({ shots: Array(12).fill({ url: clip.url }) }),
        );
        const one = api('/local/storyboard/assemblies', KB, json({ shots: [{ url: clipB.url }] }));
        const [frames, thumbTask, manyA, oneB] = await Promise.all([
          Promise.all(lastFrames),
          thumb,
          many,
          one,
        ]);
        const ended = (key: string, id: string) =>
          until(
            () => api(`/local/storyboard/assemblies/${id}`, key),
            (r) => r.body.status !== 'running' && r.body.status !== 'queued',
          );
        const task = await until(
          () => api(`/v1/tasks/${String(thumbTask.body.id ?? thumbTask.body.task_id)}`, KA),
          (r) => ['succeeded', 'failed'].includes(String(r.body.status)),
        );
        return {
          bomb,
          playlist,
          frames,
          task,
          assemblies: await Promise.all([ended(KA, String(manyA.body.id)), ended(KB, String(oneB.body.id))]),
        };
      })(),
    );

    expect(result.bomb).toMatchObject({ status: 'failed' });
    expect(result.bomb.sync_error).toMatch(/frames of 8000×8000 pixels .* more than the 2 gigapixels/);
    expect(result.playlist).toMatchObject({ status: 'failed' });
    expect(result.playlist.sync_error).toMatch(/HLS \(m3u8\) playlist/);
    // Each last frame is a picture, a clear refusal, or the pool's own "busy": never another 5xx.
    for (const f of result.frames)
      expect([200, 422, 429, 503], JSON.stringify(f.body).slice(0, 300)).toContain(f.status);
    expect(result.task.body.status).toBe('succeeded');
    expect(result.assemblies.map((a) => a.body.status)).toEqual(['succeeded', 'succeeded']);

    expect(answers.length).toBeGreaterThan(5);
    expect(answers.filter((a) => a !== '200')).toEqual([]);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(SLOTS);
  }, 300_000);
});
