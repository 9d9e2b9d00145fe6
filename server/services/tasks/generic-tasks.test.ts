import path from 'node:path';
import { isTerminalStatus, normalizeTaskStatus, resolveResultUrl } from '@contract/task';
import { afterEach, describe, expect, it } from 'vitest';
import { closeContext, startWorkers } from '../../create-context';
import { probeFile } from '../../test/test-media';
import { seedDigitalHumanAsset } from '../../test/generic-task-fixtures';
import { makeTestApp, type TestApp } from '../../test/helpers';
import { pollTask, type TaskObject } from '../../test/task-fixtures';
import { filesRoot } from '../assets/asset-files';

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

async function create(t: TestApp, body: Record<string, unknown>): Promise<TaskObject> {
  const res = await t.req('/v1/tasks', { json: body });
  const json = (await res.json()) as TaskObject;
  if (res.status !== 200) throw new Error(`POST answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

const ended = (task: TaskObject) => isTerminalStatus(normalizeTaskStatus(task.status));

/** The stored file behind a /files/ URL of the test server. */
function localFile(t: TestApp, url: string): string {
  const rel = decodeURIComponent(new URL(url).pathname.slice('/files/'.length));
  return path.join(filesRoot(t.ctx), ...rel.split('/'));
}

function webhooksOf(
  t: TestApp,
  taskId: string,
): { type: string; body: { type: string; data: TaskObject } }[] {
  const rows = t.ctx.db
    .prepare('SELECT type, body FROM webhook_deliveries WHERE task_id = ?')
    .all(taskId) as { type: string; body: string }[];
  return rows.map((r) => ({ type: r.type, body: JSON.parse(r.body) as { type: string; data: TaskObject } }));
}

const SAMPLE_SECONDS = async () => (await probeFile(path.resolve('e2e/fixtures/sample.mp3'))).duration;

// Real ffmpeg and speech synthesis on a shared machine: generous bounds, never fixed sleeps.
describe('digital-human and music tasks: results', { timeout: 120_000 }, () => {
  it('digital-human video: an MP4 of the avatar with the audio, as long as the audio, at result_url', async () => {
    const t = start();
    const avatar = seedDigitalHumanAsset(t.ctx, 'sk-local-dev', 'avatar', { withFile: true });
    const voice = seedDigitalHumanAsset(t.ctx, 'sk-local-dev', 'voice', { withFile: true });
    const created = await create(t, {
      model: 'digital-human-video-v8',
      avatar_asset_id: `Asset://${avatar}`,
      audio_url: `Asset://${voice}`,
      name: 'Anchor',
      callback_url: 'http://127.0.0.1:9/dh',
    });
    const { task } = await pollTask(t, created.id, ended, { timeoutMs: 110_000 });
    expect(task.status, JSON.stringify(task.error)).toBe('succeeded');
    expect(task.result_url).toMatch(/^http:\/\/localhost\/files\/.+\/digital-human\.mp4$/);
    expect(task).not.toHaveProperty('video_url');
    expect(resolveResultUrl(task)).toBe(task.result_url);
    const probed = await probeFile(localFile(t, task.result_url as string));
    expect(probed.video?.codec).toBe('h264');
    expect(probed.audio?.codec).toBe('aac');
    expect(probed.duration).toBeCloseTo(await SAMPLE_SECONDS(), 0);
    const hooks = webhooksOf(t, created.id);
    expect(hooks).toHaveLength(1);
    expect(hooks[0]!.type).toBe('task.succeeded');
    expect(hooks[0]!.body.data).toMatchObject({
      id: created.id,
      status: 'succeeded',
      result_url: task.result_url,
    });
  });

  it('digital-human audio: speech of the text at output.url, in the voice the asset picks', async () => {
    const t = start();
    const voice = seedDigitalHumanAsset(t.ctx, 'sk-local-dev', 'voice');
    const created = await create(t, {
      model: 'digital-human-audio-v8',
      text: 'Welcome to the studio. Today we look at three new features.',
      voice_asset_id: voice,
      callback_url: 'http://127.0.0.1:9/audio',
    });
    const { task } = await pollTask(t, created.id, ended, { timeoutMs: 110_000 });
    expect(task.status, JSON.stringify(task.error)).toBe('succeeded');
    const output = task.output as { url: string; format: string; voice: string };
    expect(output.url).toMatch(/\/speech\.mp3$/);
    expect(output.voice).toBe((created.output as { voice: string }).voice);
    expect(resolveResultUrl(task)).toBe(output.url);
    const probed = await probeFile(localFile(t, output.url));
    expect(probed.video).toBeUndefined();
    expect(probed.audio?.codec).toBe('mp3');
    // Ten words at about 175 words a minute: a few seconds, not silence and not a minute.
    expect(probed.duration).toBeGreaterThan(2);
    expect(probed.duration).toBeLessThan(10);
    expect(webhooksOf(t, created.id).map((h) => h.type)).toEqual(['task.succeeded']);
  });

  it('music: upper-case states over the lifecycle, a track of the stated length with its title tag', async () => {
    const t = start({ EMULATOR_SPEED: '20' });
    const created = await create(t, {
      model: 'music-v5.5',
      prompt: 'upbeat electronic night drive, 10 seconds',
      callback_url: 'http://127.0.0.1:9/music',
    });
    expect(created.status).toBe('SUBMITTED');
    const { task, statuses } = await pollTask(t, created.id, ended, { timeoutMs: 110_000 });
    expect(statuses).toEqual(['SUBMITTED', 'QUEUED', 'IN_PROGRESS', 'SUCCESS']);
    const meta = task.metadata as { url: string; title: string; duration: number };
    expect(meta).toMatchObject({ title: 'Upbeat Electronic Night Drive', duration: 10 });
    expect(resolveResultUrl(task)).toBe(meta.url);
    const probed = await probeFile(localFile(t, meta.url));
    expect(probed.audio?.codec).toBe('mp3');
    expect(probed.duration).toBeCloseTo(10, 0);
    expect(probed.tags.title).toBe('Upbeat Electronic Night Drive');
    const hooks = webhooksOf(t, created.id);
    expect(hooks.map((h) => h.type)).toEqual(['task.succeeded']);
    expect(hooks[0]!.body.data.status).toBe('SUCCESS');
  });

  it('music in custom mode: title and style as given end up in the file', async () => {
    const t = start();
    const created = await create(t, {
      model: 'music-v5.5',
      customMode: true,
      title: 'Rain Waltz',
      style: 'calm piano, 12 seconds',
      prompt: '',
    });
    const { task } = await pollTask(t, created.id, ended, { timeoutMs: 110_000 });
    expect(task.status).toBe('SUCCESS');
    const probed = await probeFile(localFile(t, (task.metadata as { url: string }).url));
    expect(probed.duration).toBeCloseTo(12, 0);
    expect(probed.tags).toMatchObject({ title: 'Rain Waltz', genre: 'calm piano, 12 seconds' });
  });
});

describe('digital-human and music tasks: failures and restarts', { timeout: 120_000 }, () => {
  it('[fail] in name, text or prompt fails the task with every failure field and a failure webhook', async () => {
    const t = start();
    const avatar = seedDigitalHumanAsset(t.ctx, 'sk-local-dev', 'avatar');
    const voice = seedDigitalHumanAsset(t.ctx, 'sk-local-dev', 'voice');
    const hook = 'http://127.0.0.1:9/fail';
    const bodies = [
      {
        model: 'digital-human-video-v8',
        avatar_asset_id: avatar,
        audio_url: 'https://example.com/a.mp3',
        name: 'Anchor [fail]',
      },
      { model: 'digital-human-audio-v8', text: 'Say [fail] now', voice_asset_id: voice },
      { model: 'music-v5.5', prompt: 'jazz [fail]' },
    ];
    for (const body of bodies) {
      const created = await create(t, { ...body, callback_url: hook });
      const { task } = await pollTask(t, created.id, ended);
      expect(normalizeTaskStatus(task.status)).toBe('failed');
      expect(task.status).toBe(body.model === 'music-v5.5' ? 'FAILURE' : 'failed');
      expect(task.error).toMatchObject({
        code: 'generation_failed',
        message: expect.stringContaining('[fail]'),
      });
      expect(task.fail_reason).toEqual(expect.stringContaining('[fail]'));
      expect(resolveResultUrl(task)).toBeUndefined();
      expect(webhooksOf(t, created.id).map((h) => h.type)).toEqual(['task.failed']);
    }
  });

  it('[cancel] cancels; an unreachable audio URL fails with input_unreadable', async () => {
    const t = start();
    const avatar = seedDigitalHumanAsset(t.ctx, 'sk-local-dev', 'avatar', { withFile: true });
    const music = await create(t, { model: 'music-v5.5', prompt: 'folk [cancel]' });
    expect((await pollTask(t, music.id, ended)).task.status).toBe('cancelled');
    const dh = await create(t, {
      model: 'digital-human-video-v8',
      avatar_asset_id: avatar,
      audio_url: 'http://127.0.0.1:9/missing.mp3',
    });
    const { task } = await pollTask(t, dh.id, ended, { timeoutMs: 110_000 });
    expect(task.status).toBe('failed');
    expect(task.error?.code).toBe('input_unreadable');
    expect(task.fail_reason).toMatch(/audio/i);
  });

  it('a digital-human task resumes after a restart on the same DATA_DIR and finishes', async () => {
    const first = start({ EMULATOR_SPEED: '2' });
    const voice = seedDigitalHumanAsset(first.ctx, 'sk-local-dev', 'voice');
    const created = await create(first, {
      model: 'digital-human-audio-v8',
      text: 'This sentence survives a restart.',
      voice_asset_id: voice,
    });
    await pollTask(first, created.id, (task) => task.status === 'running');
    const dataDir = first.dataDir;
    apps.splice(apps.indexOf(first), 1);
    // Close only the context, keeping DATA_DIR (the helper's close() would remove it).
    await closeContext(first.ctx);

    const second = start({ EMULATOR_SPEED: '1000' }, dataDir);
    const { task } = await pollTask(second, created.id, ended, { timeoutMs: 110_000 });
    expect(task.status).toBe('succeeded');
    const probed = await probeFile(localFile(second, (task.output as { url: string }).url));
    expect(probed.duration).toBeGreaterThan(1);
    await first.close();
  });
});
