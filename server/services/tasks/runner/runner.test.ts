import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeContext, startWorkers } from '../../../create-context';
import { probeMedia } from '../../../media/probe';
import { makeTestApp, type TestApp } from '../../../test/helpers';
import { isTerminal, pollTask, probeVideo, seedAsset, type TaskObject } from '../../../test/task-fixtures';
import { ownerOf } from '../../../middleware/auth';
import { filesRoot } from '../../assets/asset-files';

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

function start(env: Record<string, string> = {}, dataDir?: string): TestApp {
  const t = makeTestApp({ env: { EMULATOR_SPEED: '1000', ...env }, ...(dataDir ? { dataDir } : {}) });
  apps.push(t);
  startWorkers(t.ctx);
  return t;
}

async function create(t: TestApp, body: Record<string, unknown>, key?: string): Promise<TaskObject> {
  const res = await t.req('/v1/videos', {
    json: { model: 'video-2.0-cl', ...body },
    ...(key ? { key } : {}),
  });
  const json = (await res.json()) as TaskObject;
  if (res.status !== 200) throw new Error(`POST answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/** The stored file behind a /files/ URL of the test server. */
function localFile(t: TestApp, url: string): string {
  const rel = decodeURIComponent(new URL(url).pathname.slice('/files/'.length));
  return path.join(filesRoot(t.ctx), ...rel.split('/'));
}

// Real ffmpeg renders on a shared machine: generous bounds, never fixed sleeps.
describe('task runner: lifecycle', { timeout: 90_000 }, () => {
  it('goes pending → submitted → running → succeeded with a real H.264 MP4 of the requested shape', async () => {
    const t = start({ EMULATOR_SPEED: '20' });
    const created = await create(t, {
      prompt: 'A red fox in snow',
      duration: 4,
      ratio: '9:16',
      resolution: '480p',
      callback_url: 'http://127.0.0.1:9/hook',
    });
    expect(created).toMatchObject({ object: 'task', status: 'pending', progress: 0, kind: 'video' });
    const { task, statuses, progress } = await pollTask(t, created.id, isTerminal, { timeoutMs: 80_000 });
    expect(statuses).toEqual(['pending', 'submitted', 'running', 'succeeded']);
    expect(task.status).toBe('succeeded');
    expect(task.progress).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.some((p) => p > 0 && p < 100)).toBe(true);
    expect(task.video_url).toMatch(/^http:\/\/localhost\/files\/.+\/video\.mp4$/);
    expect((task.data as { video_url: string }).video_url).toBe(task.video_url);
    expect(task.started_at).toEqual(expect.any(Number));
    expect(task.completed_at).toEqual(expect.any(Number));
    expect(task.error).toBeNull();

    const file = localFile(t, task.video_url!);
    const info = probeVideo(file);
    expect(info).toMatchObject({ width: 480, height: 854, codec: 'h264', hasAudio: true });
    expect(info.duration).toBeCloseTo(4, 0);
    const probe = await probeMedia(file);
    expect(probe).toMatchObject({ hasVideo: true, hasAudio: true });

    // Served with Range by /files.
    const range = await t.req(new URL(task.video_url!).pathname, { headers: { range: 'bytes=0-99' } });
    expect(range.status).toBe(206);
    expect((await range.arrayBuffer()).byteLength).toBe(100);

    // The success webhook carries the same result URL, built from the creating request's origin.
    const hook = t.ctx.db
      .prepare('SELECT type, body FROM webhook_deliveries WHERE task_id = ?')
      .get(task.id) as {
      type: string;
      body: string;
    };
    expect(hook.type).toBe('task.succeeded');
    expect(JSON.parse(hook.body)).toMatchObject({
      type: 'task.succeeded',
      data: { status: 'succeeded', video_url: task.video_url },
    });
  });

  it('generate_audio false gives a video without an audio track; 1:1 720p is 720x720', async () => {
    const t = start();
    const created = await create(t, {
      prompt: 'quiet',
      duration: '4',
      ratio: '1:1',
      resolution: '720p',
      generate_audio: false,
    });
    const { task } = await pollTask(t, created.id, isTerminal, { timeoutMs: 80_000 });
    expect(task.status).toBe('succeeded');
    const info = probeVideo(localFile(t, task.video_url!));
    expect(info).toMatchObject({ width: 720, height: 720, hasAudio: false });
    expect(info.duration).toBeCloseTo(4, 0);
  });

  it('[fail] ends failed with every failure field; [cancel] ends cancelled; neither has a result', async () => {
    const t = start();
    const failing = await create(t, { prompt: 'make it [fail] please' });
    const cancelling = await create(t, { prompt: 'then [cancel]' });
    const failed = (await pollTask(t, failing.id, isTerminal)).task;
    expect(failed).toMatchObject({
      status: 'failed',
      error: { code: 'generation_failed', message: expect.stringContaining('[fail]') },
      fail_reason: expect.stringContaining('[fail]'),
      task_id: failing.id,
      request_id: expect.stringMatching(/^req_/),
      trace_id: expect.stringMatching(/^trace_/),
    });
    expect(failed.video_url).toBeUndefined();
    const cancelled = (await pollTask(t, cancelling.id, isTerminal)).task;
    expect(cancelled).toMatchObject({ status: 'cancelled', error: { code: 'task_cancelled' } });
    expect(cancelled.video_url).toBeUndefined();
  });

  it('a reference the renderer cannot read fails the task with a message naming it', async () => {
    const t = start();
    const created = await create(t, {
      prompt: 'with @ghost',
      references: [{ role: 'reference_image', url: 'http://127.0.0.1:9/missing.png', alias: 'ghost' }],
    });
    const { task } = await pollTask(t, created.id, isTerminal, { timeoutMs: 80_000 });
    expect(task.status).toBe('failed');
    expect(task.error?.code).toBe('input_unreadable');
    expect(task.error?.message).toContain('127.0.0.1:9/missing.png');
  });
});

describe('task runner: stored inputs', { timeout: 90_000 }, () => {
  it('renders with a stored Asset:// first frame and a /files/ reference video labelled by alias', async () => {
    const t = start();
    const owner = ownerOf('sk-local-dev');
    const put = (rel: string, fixture: string) => {
      const abs = path.join(filesRoot(t.ctx), ...rel.split('/'));
      fs.mkdirSync(path.dirname(abs), { recursive: true });
      fs.copyFileSync(fixture, abs);
    };
    put(`${owner}/asset_frame/frame.png`, 'e2e/fixtures/sample.png');
    put(`${owner}/asset_clip/clip.mp4`, 'e2e/fixtures/sample.mp4');
    const frame = seedAsset(t.ctx, 'sk-local-dev', {
      file_path: `${owner}/asset_frame/frame.png`,
      mode: 'oss',
    });
    const created = await create(t, {
      prompt: 'Open on the frame, then @clip',
      duration: 4,
      resolution: '480p',
      first_frame_url: `Asset://${frame}`,
      references: [{ role: 'reference_video', url: `/files/${owner}/asset_clip/clip.mp4`, alias: 'clip' }],
    });
    expect(created.has_video_input).toBe(true);
    const { task } = await pollTask(t, created.id, isTerminal, { timeoutMs: 80_000 });
    expect(task.status, JSON.stringify(task.error)).toBe('succeeded');
    expect(probeVideo(localFile(t, task.video_url!))).toMatchObject({ width: 854, height: 480 });
  });
});

describe('task runner: durability', { timeout: 90_000 }, () => {
  it('a restart mid-render resumes the task on the same DATA_DIR and it finishes', async () => {
    const first = start({ EMULATOR_SPEED: '4' });
    const created = await create(first, { prompt: 'survives a restart', duration: 4, resolution: '480p' });
    await pollTask(first, created.id, (task) => task.status === 'running');
    const dataDir = first.dataDir;
    apps.splice(apps.indexOf(first), 1);
    // Close only the context, keeping DATA_DIR (the helper's close() would remove it).
    await closeContext(first.ctx);
    expect(first.ctx.db.open).toBe(false);

    const second = start({ EMULATOR_SPEED: '1000' }, dataDir);
    const { task } = await pollTask(second, created.id, isTerminal, { timeoutMs: 80_000 });
    expect(task.status).toBe('succeeded');
    expect(probeVideo(localFile(second, task.video_url!)).duration).toBeCloseTo(4, 0);
    await first.close();
  });

  it('a lease held by a dead process is given back at start', async () => {
    const t = makeTestApp({ env: { EMULATOR_SPEED: '1000' } });
    apps.push(t);
    const created = await create(t, { prompt: 'orphaned', duration: 4, resolution: '480p' });
    // What kill -9 leaves behind: running, leased by a process that no longer exists.
    t.ctx.db
      .prepare(
        `UPDATE tasks SET status = 'running', started_ms = ?, lease_owner = ?, lease_expires_at = ? WHERE id = ?`,
      )
      .run(Date.now(), `${os.hostname()}/999999999/deadbeef`, Date.now() + 60_000, created.id);
    startWorkers(t.ctx);
    const { task } = await pollTask(t, created.id, isTerminal, { timeoutMs: 80_000 });
    expect(task.status).toBe('succeeded');
  });
});
