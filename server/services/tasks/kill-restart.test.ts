import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const KEY = 'sk-local-dev';
const children: ChildProcess[] = [];
let dataDir: string | undefined;

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

/** `server/main.ts` in a process of its own, as `npm start` runs it; resolves with its URL. */
function startServer(dir: string, speed: string): { child: ChildProcess; url: Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dir,
      STATIC_DIR: path.join(dir, 'no-dist'),
      PORT: '0',
      HOST: '127.0.0.1',
      EMULATOR_SPEED: speed,
      TASK_CONCURRENCY: '2',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      stdout += d.toString();
      const found = /Media Studio listening on (http:\/\/\S+)/.exec(stdout)?.[1];
      if (found) resolve(found);
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
  });
  return { child, url };
}

async function api(url: string, p: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${url}${p}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (res.status !== 200) throw new Error(`${p}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

describe('task runner: kill -9', { timeout: 180_000 }, () => {
  it('a server killed with SIGKILL mid-run resumes every unfinished task after restart and loses none', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-studio-kill-'));
    const first = startServer(dataDir, '2');
    const url1 = await first.url;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const task = await api(url1, '/v1/videos', {
        model: 'video-2.0-cl',
        prompt: `killed mid-run ${i}`,
        duration: 4,
        resolution: '480p',
      });
      ids.push(task.id as string);
    }
    await vi.waitFor(async () => expect((await api(url1, `/v1/tasks/${ids[0]}`)).status).toBe('running'), {
      timeout: 60_000,
      interval: 50,
    });
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));

    const second = startServer(dataDir, '1000');
    const url2 = await second.url;
    const finished = await vi.waitFor(
      async () => {
        const tasks = await Promise.all(ids.map((id) => api(url2, `/v1/tasks/${id}`)));
        for (const t of tasks) expect(['succeeded', 'failed', 'cancelled']).toContain(t.status);
        return tasks;
      },
      { timeout: 150_000, interval: 50 },
    );
    expect(finished.map((t) => t.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    for (const t of finished) {
      const video = await fetch(t.video_url as string, { headers: { range: 'bytes=0-15' } });
      expect(video.status).toBe(206);
    }
    second.child.kill('SIGTERM');
  });
});
