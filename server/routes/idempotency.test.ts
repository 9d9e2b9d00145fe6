import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ownerOf } from '../middleware/auth';
import { openDatabase } from '../store/db';
import { claimKey, KEY_LIFETIME_MS, sha256 } from '../store/idempotency-keys';
import { makeTestApp, type TestApp } from '../test/helpers';

/** Decision 640: the create POSTs honour an Idempotency-Key in local mode. */

const A = 'sk-test-a';
const B = 'sk-test-b';
const apps: TestApp[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
const open = (dataDir?: string) => {
  const t = makeTestApp({ env: { API_KEYS: `${A},${B}` }, ...(dataDir ? { dataDir } : {}) });
  apps.push(t);
  return t;
};

const video = { model: 'video-2.0-cl', prompt: 'A cat walks across a sunny kitchen' };
const music = { model: 'music-v5.5', prompt: 'A calm piano piece' };

type Answer = { id: string; error: { message: string; code?: string; param?: string } };
async function post(
  t: TestApp,
  body: unknown,
  key: string | undefined,
  init: { path?: string; as?: string } = {},
) {
  const res = await t.req(init.path ?? '/v1/videos', {
    json: body,
    key: init.as ?? A,
    ...(key === undefined ? {} : { headers: { 'Idempotency-Key': key } }),
  });
  return {
    status: res.status,
    replayed: res.headers.get('idempotent-replayed'),
    body: (await res.json()) as Answer,
  };
}
const taskCount = (t: TestApp) =>
  (t.ctx.db.prepare('SELECT COUNT(*) AS n FROM tasks').get() as { n: number }).n;

describe('Idempotency-Key on the create POSTs (local mode)', () => {
  it('a repeat of the same request gets the same task, marked replayed, and creates none', async () => {
    const t = open();
    const first = await post(t, video, 'key-1');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.replayed).toBeNull();
    const again = await post(t, { prompt: video.prompt, model: video.model }, 'key-1');
    expect(again.status).toBe(200);
    expect(again.replayed).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    expect(taskCount(t)).toBe(1);
    // Without a key, or with another, a request runs as before.
    expect((await post(t, video, undefined)).body.id).not.toBe(first.body.id);
    expect((await post(t, video, 'key-2')).body.id).not.toBe(first.body.id);
    expect(taskCount(t)).toBe(3);
  });

  it('holds for POST /v1/tasks too, and the sf-string form of the key is the same key', async () => {
    const t = open();
    const first = await post(t, music, 'abc', { path: '/v1/tasks' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await post(t, music, '"abc"', { path: '/v1/tasks' });
    expect(again.replayed).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    expect(taskCount(t)).toBe(1);
  });

  it('the same key with another body, or on another path, is a 422 that creates nothing', async () => {
    const t = open();
    await post(t, video, 'k');
    const other = await post(t, { ...video, prompt: 'A dog' }, 'k');
    expect(other.status).toBe(422);
    expect(other.body.error).toMatchObject({ code: 'idempotency_key_reused', param: 'Idempotency-Key' });
    expect(other.body.error.message).toMatch(/different request/);
    expect((await post(t, music, 'k', { path: '/v1/tasks' })).status).toBe(422);
    expect(taskCount(t)).toBe(1);
  });

  it('keys belong to the API key: another caller with the same key gets its own task', async () => {
    const t = open();
    const a = await post(t, video, 'shared');
    const b = await post(t, video, 'shared', { as: B });
    expect(b.replayed).toBeNull();
    expect(b.body.id).not.toBe(a.body.id);
    // Only a hash of the key is kept.
    const kept = t.ctx.db.prepare('SELECT key_hash FROM idempotency_keys').all() as { key_hash: string }[];
    expect(kept.map((r) => r.key_hash)).not.toContain('shared');
    expect(kept.map((r) => r.key_hash)).toContain(sha256('shared'));
  });

  it('an empty or too long key is a 400 envelope, and nothing is created', async () => {
    const t = open();
    for (const bad of ['', '""', 'x'.repeat(256), 'caf\u00e9']) {
      const r = await post(t, video, bad);
      expect(r.status, bad).toBe(400);
      expect(r.body.error).toMatchObject({ code: 'invalid_idempotency_key', param: 'Idempotency-Key' });
    }
    expect((await post(t, video, 'x'.repeat(255))).status).toBe(200);
    expect(taskCount(t)).toBe(1);
  });

  it('a refusal of the request is given again; a key without a recorded answer is free again', async () => {
    const t = open();
    const refused = await post(t, { ...video, duration: -1 }, 'bad-body');
    expect(refused.status).toBe(400);
    const again = await post(t, { ...video, duration: -1 }, 'bad-body');
    expect(again).toMatchObject({ status: 400, replayed: 'true' });
    // A rate limit is the moment's, not the request's: the retry runs.
    const limited = await t.req('/v1/videos', {
      json: video,
      key: A,
      headers: { 'Idempotency-Key': 'limited', 'X-Local-Double': 'fault=429' },
    });
    expect(limited.status).toBe(429);
    const retried = await post(t, video, 'limited');
    expect(retried).toMatchObject({ status: 200, replayed: null });
  });

  it('survives a restart: the reopened database answers the same task', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-studio-idem-'));
    dirs.push(dataDir);
    const before = open(dataDir);
    const first = await post(before, video, 'across-restart');
    await before.close();
    const after = open(dataDir);
    const again = await post(after, video, 'across-restart');
    expect(again.replayed).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    expect(taskCount(after)).toBe(1);
  });
});

describe('idempotency_keys (store)', () => {
  const id = { owner: ownerOf(A), key: 'k' };
  it('a key in flight in this process is refused; one left by a stopped process runs again', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-studio-idem-'));
    dirs.push(dataDir);
    const db = openDatabase(dataDir);
    try {
      expect(claimKey(db, id, 'f', 'process-1').kind).toBe('run');
      expect(claimKey(db, id, 'f', 'process-1').kind).toBe('inFlight');
      expect(claimKey(db, id, 'other', 'process-1').kind).toBe('mismatch');
      expect(claimKey(db, id, 'f', 'process-2').kind).toBe('run');
    } finally {
      db.close();
    }
  });

  it('keys older than 24 hours are forgotten when the next key is claimed', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-studio-idem-'));
    dirs.push(dataDir);
    const db = openDatabase(dataDir);
    try {
      const now = Date.now();
      claimKey(db, id, 'f', 'p', now - KEY_LIFETIME_MS - 1);
      claimKey(db, { ...id, key: 'other' }, 'g', 'p', now);
      expect(claimKey(db, id, 'changed', 'p', now).kind).toBe('run');
      expect((db.prepare('SELECT COUNT(*) AS n FROM idempotency_keys').get() as { n: number }).n).toBe(2);
    } finally {
      db.close();
    }
  });
});
