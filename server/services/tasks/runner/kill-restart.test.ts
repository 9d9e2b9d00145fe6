import { afterEach, describe, expect, it, vi } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../../test/server-process';

const KEY = 'sk-local-dev';
let server: ServerProcess | undefined;

afterEach(async () => {
  await server?.stop();
  server = undefined;
});

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
    // `npm start` in a process of its own, so that it can be killed outright.
    server = await startServerProcess({ env: { EMULATOR_SPEED: '2', TASK_CONCURRENCY: '2' } });
    const url1 = server.url;
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
    expect(await server.kill('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });

    // The same DATA_DIR, a port of its own, and fast enough to finish within the test.
    await server.restart({ samePort: false, env: { EMULATOR_SPEED: '1000' } });
    const url2 = server.url;
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
  });
});
