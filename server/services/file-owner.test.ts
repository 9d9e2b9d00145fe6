import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY } from '../config';
import { ownerOf } from '../middleware/auth';
import { makeTestApp, type TestApp } from '../test/helpers';

const dirs: string[] = [];
const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((t) => t.close()));
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function open(dataDir: string): TestApp {
  const t = makeTestApp({ dataDir });
  apps.push(t);
  return t;
}

async function upload(t: TestApp): Promise<{ id: string; url: string }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array([137, 80, 78, 71, 9, 9])], { type: 'image/png' }), 'pic.png');
  const res = await t.req('/v1/assets/uploads', { method: 'POST', body: form });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { id: string; url: string };
}

const segmentOf = (url: string) => new URL(url).pathname.split('/')[2]!;

describe('owner segment of file URLs', () => {
  it('is not derived from the key alone, and stays the same after a restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ms-owner-'));
    dirs.push(dataDir);
    const first = open(dataDir);
    const a = await upload(first);
    const segment = segmentOf(a.url);
    expect(segment).toMatch(/^[0-9a-f]{32}$/);
    expect(segment).not.toContain(ownerOf(DEFAULT_API_KEY));
    await first.close();

    const second = open(dataDir);
    const b = await upload(second);
    expect(segmentOf(b.url)).toBe(segment);
    expect((await second.req(new URL(a.url).pathname, { key: null })).status).toBe(200);
  });

  it('differs between installations (each DATA_DIR has its own secret)', async () => {
    const segments = [];
    for (let i = 0; i < 2; i++) {
      const t = makeTestApp();
      apps.push(t);
      segments.push(segmentOf((await upload(t)).url));
    }
    expect(segments[0]).not.toBe(segments[1]);
  });

  it('moves files stored under the legacy owner hash, and old URLs keep working', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ms-owner-legacy-'));
    dirs.push(dataDir);
    const first = open(dataDir);
    const { id, url } = await upload(first);
    const owner = ownerOf(DEFAULT_API_KEY);
    const files = path.join(dataDir, 'files');
    // Put things back the way a server before the change stored them.
    fs.renameSync(path.join(files, segmentOf(url)), path.join(files, owner));
    first.ctx.db.prepare('UPDATE assets SET file_path = ? WHERE id = ?').run(`${owner}/${id}/pic.png`, id);
    first.ctx.db.prepare("DELETE FROM settings WHERE key = 'file_layout'").run();
    await first.close();

    const second = open(dataDir);
    const row = second.ctx.db.prepare('SELECT file_path FROM assets WHERE id = ?').get(id) as {
      file_path: string;
    };
    expect(row.file_path).toBe(`${segmentOf(url)}/${id}/pic.png`);
    expect(fs.existsSync(path.join(files, owner))).toBe(false);
    expect(fs.existsSync(path.join(files, row.file_path))).toBe(true);
    const detail = (await (await second.req(`/v1/assets/${id}`)).json()) as { url: string };
    expect(detail.url).toBe(url);
    expect((await second.req(`/files/${owner}/${id}/pic.png`, { key: null })).status).toBe(200);
    expect((await second.req(new URL(url).pathname, { key: null })).status).toBe(200);
  });
});
