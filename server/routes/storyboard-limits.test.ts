import { execFileSync } from 'node:child_process';
import type * as ChildProcess from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { startWorkers } from '../create-context';
import { FFMPEG_PATH } from '../media/ffmpeg';
import { ffmpegPool } from '../media/ffmpeg-pool';
import { ownerOf } from '../middleware/auth';
import { filesRoot, fileUrl, storedRelPath } from '../services/assets/asset-files';
import { findAssembly } from '../store/storyboard-assemblies';
import { makeTestApp, type TestApp } from '../test/helpers';

/** ffmpeg/ffprobe processes alive now, and the most seen at once: spawn is wrapped, not faked. */
const procs = vi.hoisted(() => ({ live: 0, most: 0 }));
vi.mock('node:child_process', async (importOriginal) => {
  const real = await importOriginal<typeof ChildProcess>();
  const spawn = ((...args: Parameters<typeof real.spawn>) => {
    const child = real.spawn(...args);
    procs.most = Math.max(procs.most, ++procs.live);
    child.once('close', () => procs.live--);
    return child;
  }) as typeof real.spawn;
  return { ...real, spawn, default: { ...real, spawn } };
});

const KEYS = ['sk-key-a', 'sk-key-b'];
let apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.map((a) => a.close()));
  apps = [];
});

function app(env: Record<string, string> = {}, dataDir?: string): TestApp {
  const t = makeTestApp({ env: { API_KEYS: KEYS.join(','), ...env }, ...(dataDir ? { dataDir } : {}) });
  apps.push(t);
  return t;
}

/** A stored file of `key` with `write` as its content; returns its URL. */
function stored(t: TestApp, key: string, name: string, write: (file: string) => void): string {
  const rel = storedRelPath(ownerOf(key), `task_${name}`, 'result.mp4');
  const file = path.join(filesRoot(t.ctx), ...rel.split('/'));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  write(file);
  return fileUrl('http://localhost', rel);
}

function clip(t: TestApp, key: string, name: string, seconds = 1): string {
  return stored(t, key, name, (file) =>
    execFileSync(FFMPEG_PATH, [
      ...['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', `testsrc=s=160x120:r=12:d=${seconds}`],
      ...['-f', 'lavfi', '-i', `sine=d=${seconds}`, '-c:v', 'libx264', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-shortest', file],
    ]),
  );
}

/** An HLS playlist saved as a video: ffmpeg's complaint about it names local files. */
function playlist(t: TestApp, key: string, name: string): string {
  return stored(t, key, name, (file) =>
    fs.writeFileSync(
      file,
      `#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\n${t.dataDir}/canary.ts\n#EXTINF:1,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n`,
    ),
  );
}

const lastFrame = (t: TestApp, url: string, key = KEYS[0]) =>
  t.req('/local/storyboard/last-frame', { json: { url }, key });

async function untilEnded(t: TestApp, key: string, id: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 1500; i++) {
    const body = (await (await t.req(`/local/storyboard/assemblies/${id}`, { key })).json()) as Record<
      string,
      unknown
    >;
    if (body.status !== 'running') return body;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`assembly ${id} still running`);
}

describe('ffmpeg work is bounded', () => {
  it('many last-frame calls at once never run more ffmpeg processes than FFMPEG_CONCURRENCY', async () => {
    const t = app({ FFMPEG_CONCURRENCY: '2' });
    // One clip per key, asked for three times each: no call shares another's ffmpeg.
    const own = KEYS.map((key, i) => clip(t, key, `lf${i}`));
    const urls = [0, 1, 0, 1, 0, 1].map((i) => ({ key: KEYS[i]!, url: own[i]! }));
    procs.most = 0;
    const answers = await Promise.all(urls.map(({ key, url }) => lastFrame(t, url, key)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(procs.most).toBeGreaterThan(0);
    expect(procs.most).toBeLessThanOrEqual(2);
  });

  it('a last-frame call that cannot get a slot in time answers 503 with Retry-After, and a key past its queue 429', async () => {
    const t = app({ FFMPEG_CONCURRENCY: '1', FFMPEG_WAIT_MS: '300', FFMPEG_KEY_QUEUE: '1' });
    const url = clip(t, KEYS[0]!, 'busy');
    let release!: () => void;
    const held = ffmpegPool.run('someone-else', () => new Promise<void>((r) => (release = r)));
    try {
      const [first, second] = await Promise.all([lastFrame(t, url), lastFrame(t, url)]);
      const statuses = [first.status, second.status].sort();
      expect(statuses).toEqual([429, 503]);
      for (const res of [first, second]) {
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        const body = (await res.json()) as { error: { code: string }; request_id: string };
        expect(body.error.code).toBe('media_busy');
        expect(body.request_id).toBe(res.headers.get('x-request-id'));
      }
    } finally {
      release();
      await held;
    }
    expect((await lastFrame(t, url)).status).toBe(200);
  });
});

describe('storyboard errors', () => {
  it('a last frame of a file ffmpeg refuses names no path and no ffmpeg text, and gives the request id', async () => {
    const t = app();
    const res = await lastFrame(t, playlist(t, KEYS[0]!, 'playlist'));
    expect(res.status).toBe(422);
    const text = await res.text();
    expect(text).not.toContain(t.dataDir);
    expect(text).not.toContain('file://');
    expect(text).not.toMatch(/\[\w+ @ 0x/);
    expect(text).not.toContain('/etc/passwd');
    const id = res.headers.get('x-request-id')!;
    expect((JSON.parse(text) as { error: { message: string } }).error.message).toContain(id);
  });

  it('an assembly of such a file fails with a reason and the request id, never the internals', async () => {
    const t = app();
    startWorkers(t.ctx);
    const res = await t.req('/local/storyboard/assemblies', {
      json: { shots: [{ url: playlist(t, KEYS[0]!, 'pl-shot') }] },
      key: KEYS[0],
    });
    const { id } = (await res.json()) as { id: string };
    const done = await untilEnded(t, KEYS[0]!, id);
    expect(done.status).toBe('failed');
    const error = String(done.error);
    expect(error).toMatch(/Shot 1/);
    expect(error).toContain(res.headers.get('x-request-id')!);
    expect(error).not.toContain(t.dataDir);
    expect(error).not.toContain('file://');
    expect(error).not.toMatch(/\[\w+ @ 0x/);
  });
});

describe('assemblies are jobs of the durable runner', () => {
  it('share the runner fairly: one key’s single assembly runs next, not after all of another key’s', async () => {
    const t = app({ TASK_CONCURRENCY: '1' });
    const [a, b] = KEYS as [string, string];
    // 1 s shots still crossfade (0.5 s): the order is the runner's queue, not the render time.
    const shotA = clip(t, a, 'fa');
    const shotB = clip(t, b, 'fb');
    const post = async (key: string, url: string) => {
      const res = await t.req('/local/storyboard/assemblies', {
        json: { shots: [{ url }, { url }], joins: ['crossfade'] },
        key,
      });
      return ((await res.json()) as { id: string }).id;
    };
    const idsA: string[] = [];
    for (let i = 0; i < 4; i++) idsA.push(await post(a, shotA));
    const idB = await post(b, shotB);
    startWorkers(t.ctx);
    for (const id of idsA) expect((await untilEnded(t, a, id)).status).toBe('succeeded');
    expect((await untilEnded(t, b, idB)).status).toBe('succeeded');
    const endedAt = (id: string) =>
      (
        t.ctx.db.prepare('SELECT updated_ms FROM storyboard_assemblies WHERE id = ?').get(id) as {
          updated_ms: number;
        }
      ).updated_ms;
    const order = [...idsA, idB]
      .map((id) => ({ id, at: endedAt(id) }))
      .sort((x, y) => x.at - y.at)
      .map((x) => x.id);
    // Key B's one assembly ends second at the latest, never behind all four of key A's.
    expect(order.indexOf(idB)).toBeLessThanOrEqual(1);
  });

  it('an assembly queued before a restart is done by the next server without anyone asking for it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-studio-restart-'));
    onTestFinished(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const first = app({}, dataDir);
    const url = clip(first, KEYS[0]!, 'durable');
    const res = await first.req('/local/storyboard/assemblies', { json: { shots: [{ url }] }, key: KEYS[0] });
    const { id } = (await res.json()) as { id: string };
    await first.close();
    const next = app({}, dataDir);
    startWorkers(next.ctx);
    let record = findAssembly(next.ctx.db, ownerOf(KEYS[0]!), id);
    for (let i = 0; i < 1500 && record?.status === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      record = findAssembly(next.ctx.db, ownerOf(KEYS[0]!), id);
    }
    expect(record?.status).toBe('succeeded');
    // The job is the runner's, not an API task.
    expect((await next.req(`/v1/tasks/${id}`, { key: KEYS[0] })).status).toBe(404);
    expect(fs.existsSync(path.join(filesRoot(next.ctx), new URL(record!.url!).pathname.slice(7)))).toBe(true);
  });

  it('run in proxy mode too, where no emulated task runs', async () => {
    const t = app({ UPSTREAM_BASE_URL: 'https://api.example.com', UPSTREAM_API_KEY: 'sk-upstream-x' });
    startWorkers(t.ctx);
    const url = clip(t, KEYS[0]!, 'proxied');
    const res = await t.req('/local/storyboard/assemblies', { json: { shots: [{ url }] }, key: KEYS[0] });
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };
    expect((await untilEnded(t, KEYS[0]!, id)).status).toBe('succeeded');
  });
});
