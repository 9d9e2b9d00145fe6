import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY } from '../config';
import { startWorkers } from '../create-context';
import { makeTestApp, type TestApp } from '../test/helpers';

// The image-generation capability (decision 291), as a user's test would reach it: plain fetch
// (into the app in-process).
let live: TestApp;
beforeAll(() => {
  live = makeTestApp({ env: { EMULATOR_SPEED: '1000' } });
  startWorkers(live.ctx);
});
afterAll(() => live.close());

const api = (path: string, body?: unknown) =>
  live.fetch(`${live.origin}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${DEFAULT_API_KEY}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('GET /mj/task/{id}/fetch', () => {
  it('follows an image task created with POST /v1/tasks to a PNG of the asked size at url', async () => {
    const created = await api('/v1/tasks', {
      model: 'image-v1',
      prompt: 'A red kite over dunes',
      size: '320x200',
    });
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: string };
    let task: { status: string; url?: string; kind?: string } = { status: 'pending' };
    const until = Date.now() + 25_000;
    while (!['succeeded', 'failed'].includes(task.status)) {
      const res = await api(`/mj/task/${id}/fetch`);
      expect(res.status).toBe(200);
      task = (await res.json()) as typeof task;
      if (Date.now() > until) throw new Error(JSON.stringify(task));
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(task).toMatchObject({ status: 'succeeded', kind: 'image', size: '320x200' });
    const png = Buffer.from(await (await live.fetch(task.url!)).arrayBuffer());
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(320);
    expect(png.readUInt32BE(20)).toBe(200);
    // GET /v1/tasks/{id} answers the same object.
    expect(((await (await api(`/v1/tasks/${id}`)).json()) as { url: string }).url).toBe(task.url);
  });

  it('is the image service only, needs the key, and refuses a bad size', async () => {
    const video = (await (await api('/v1/videos', { model: 'video-2.0-cl', prompt: 'x' })).json()) as {
      id: string;
    };
    expect((await api(`/mj/task/${video.id}/fetch`)).status).toBe(404);
    expect((await api('/mj/task/task_nope/fetch')).status).toBe(404);
    expect((await live.fetch(`${live.origin}/mj/task/${video.id}/fetch`)).status).toBe(401);
    const bad = await api('/v1/tasks', { model: 'image-v1', prompt: 'x', size: '99999x1' });
    expect(bad.status).toBe(400);
  });
});
