import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isGenerationReady } from '@contract/asset';
import type { Asset } from '@contract/asset-schemas';
import { startWorkers } from '../../create-context';
import { createdAtMs, freezeDate, pollAsset, settled } from '../../test/asset-polling';
import { type FixtureHost, startFixtureHost } from '../../test/fixture-host';
import { makeTestApp, type TestApp } from '../../test/helpers';
import { REJECT_SYNC_ERROR, REVIEW_FAIL_SYNC_ERROR } from './asset-lifecycle';

let host: FixtureHost;
const apps: TestApp[] = [];

beforeAll(async () => {
  host = await startFixtureHost();
});
afterAll(() => host.close());
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(apps.splice(0).map((t) => t.close()));
});

function app(speed: number, dataDir?: string): TestApp {
  const t = makeTestApp({ env: { EMULATOR_SPEED: String(speed) }, ...(dataDir ? { dataDir } : {}) });
  startWorkers(t.ctx);
  apps.push(t);
  return t;
}

async function register(t: TestApp, body: Record<string, unknown>): Promise<Asset> {
  const res = await t.req('/v1/assets/uploads', { json: body });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Asset;
}

describe('asset readiness lifecycle', () => {
  it('goes created → syncing → ready on the scaled schedule, with review pending until ready', async () => {
    const t = app(20); // syncing after 50 ms, ready 150 ms after creation (image)
    freezeDate();
    const created = await register(t, { url: `${host.origin}/cat.png`, model: 'video-2.0-cl' });
    expect(created).toMatchObject({
      status: 'created',
      sync_status: 'created',
      preparation_status: 'created',
      review_status: 'pending',
      review_passed: false,
      generation_ready: false,
    });
    // Timed from the server's creation time on a clock that moves 5 ms per poll: however late a poll
    // runs, it sees each state (the syncing stage lasts 20 polls).
    const since = createdAtMs(t, created.id);
    const { asset, seen } = await pollAsset(t, created, settled, { everyMs: 5, since, stepClockMs: 5 });
    expect(seen.map((s) => s.status)).toEqual(['created', 'syncing', 'ready']);
    const syncing = seen[1]!;
    expect(syncing.asset).toMatchObject({
      sync_status: 'syncing',
      preparation_status: 'syncing',
      review_status: 'pending',
    });
    expect(syncing.asset.generation_ready).toBe(false);
    expect(syncing.at).toBeGreaterThanOrEqual(30);
    expect(seen[2]!.at).toBeGreaterThanOrEqual(120);
    expect(asset).toMatchObject({ review_status: 'succeeded', review_passed: true, generation_ready: true });
    expect(isGenerationReady(asset)).toBe(true);
    expect(asset.sync_error).toBeUndefined();
    expect(asset.updated_at).toBeGreaterThanOrEqual(asset.created_at);
  });

  it('`reject` ends with review passed but preparation failed and a content-policy sync_error', async () => {
    const t = app(100);
    const created = await register(t, { url: `${host.origin}/reject-me.png` });
    const { asset } = await pollAsset(t, created, settled);
    expect(asset).toMatchObject({
      review_status: 'succeeded',
      review_passed: true,
      status: 'failed',
      preparation_status: 'failed',
      sync_status: 'failed',
      generation_ready: false,
      sync_error: REJECT_SYNC_ERROR,
    });
    expect(asset.sync_error).toMatch(/content policy/);
  });

  it('`review-fail` ends with review failed', async () => {
    const t = app(100);
    const created = await register(t, { url: `${host.origin}/review-fail.png` });
    const { asset } = await pollAsset(t, created, settled);
    expect(asset).toMatchObject({
      review_status: 'failed',
      review_passed: false,
      status: 'failed',
      preparation_status: 'failed',
      generation_ready: false,
      sync_error: REVIEW_FAIL_SYNC_ERROR,
    });
  });

  it('`slow` takes ten times longer', async () => {
    const t = app(100); // image ready after 30 ms normally, 300 ms when slow
    freezeDate();
    const fast = await register(t, { url: `${host.origin}/quick.png` });
    const slow = await register(t, { url: `${host.origin}/slow.png` });
    const f = await pollAsset(t, fast, settled, {
      everyMs: 5,
      since: createdAtMs(t, fast.id),
      stepClockMs: 2,
    });
    const s = await pollAsset(t, slow, settled, {
      everyMs: 5,
      since: createdAtMs(t, slow.id),
      stepClockMs: 5,
    });
    expect(f.asset.status).toBe('ready');
    expect(s.asset.status).toBe('ready');
    // Lower bounds only: timers never fire early, but a loaded machine can make anything late.
    expect(s.seen.at(-1)!.at).toBeGreaterThanOrEqual(250);
    expect(f.seen.at(-1)!.at).toBeLessThan(s.seen.at(-1)!.at);
    // Syncing starts ten times later too (100 ms instead of 10 ms).
    expect(s.seen.find((x) => x.status === 'syncing')!.at).toBeGreaterThanOrEqual(80);
  });

  it('reads the real duration of a video and an audio file by URL (mode=asset probes the URL)', async () => {
    const t = app(100);
    const video = await register(t, { url: `${host.origin}/clip.mp4`, type: 'video', model: 'video-2.0-cl' });
    const audio = await register(t, { url: `${host.origin}/voice.mp3` });
    expect(video.duration).toBe(0);
    expect(audio.type).toBe('audio');
    const v = (await pollAsset(t, video, settled)).asset;
    const a = (await pollAsset(t, audio, settled)).asset;
    expect(v.status).toBe('ready');
    expect(v.duration).toBeCloseTo(2.0, 1);
    expect(v.url).toBe(`${host.origin}/clip.mp4`);
    expect(a.duration).toBeCloseTo(2.04, 1);
  });

  it('fails a "video" whose bytes are not readable media, with a sync_error saying what to do', async () => {
    const t = app(100);
    const created = await register(t, { url: `${host.origin}/garbage.mp4` });
    const { asset } = await pollAsset(t, created, settled);
    expect(asset).toMatchObject({ status: 'failed', preparation_status: 'failed', generation_ready: false });
    expect(asset.review_status).toBe('unknown');
    expect(asset.sync_error).toMatch(/could not be read as video/);
  });

  it('mode=oss stores a copy and serves it under /files/ as url and oss_url', async () => {
    const t = app(100);
    const created = await register(t, { url: `${host.origin}/copy-me.mp4`, mode: 'oss' });
    expect(created.oss_url).toBe('');
    const { asset } = await pollAsset(t, created, settled);
    expect(asset.status).toBe('ready');
    expect(asset.source_url).toBe(`${host.origin}/copy-me.mp4`);
    expect(asset.oss_url).toMatch(new RegExp(`^http://localhost/files/[0-9a-f]+/${asset.id}/copy-me\\.mp4$`));
    expect(asset.url).toBe(asset.oss_url);
    expect(asset.duration).toBeCloseTo(2.0, 1);
    const file = await t.req(new URL(asset.oss_url).pathname, { key: null });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('video/mp4');
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.equals(fs.readFileSync(path.resolve('e2e/fixtures/sample.mp4')))).toBe(true);
  });

  it('resumes preparation after a restart on the same DATA_DIR', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-studio-restart-'));
    try {
      const first = app(4, dataDir); // syncing after 250 ms, ready after 1.25 s (video)
      const created = await register(first, { url: `${host.origin}/restart.mp4`, model: 'video-2.0-cl' });
      await pollAsset(first, created, (a) => a.status === 'syncing', { everyMs: 10 });
      await first.close();

      const second = app(4, dataDir);
      const { asset } = await pollAsset(second, created, settled, { timeoutMs: 8_000 });
      expect(asset.status).toBe('ready');
      expect(asset.generation_ready).toBe(true);
      expect(asset.duration).toBeCloseTo(2.0, 1);
      await second.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
