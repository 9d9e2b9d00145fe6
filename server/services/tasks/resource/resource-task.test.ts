import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startWorkers } from '../../../create-context';
import { seedDigitalHumanAsset } from '../../../test/generic-task-fixtures';
import { makeTestApp, type TestApp } from '../../../test/helpers';
import { isTerminal, pollTask, type TaskObject } from '../../../test/task-fixtures';
import { probeFile } from '../../../test/test-media';
import { filesRoot } from '../../assets/asset-files';

// Resource processing on POST /v1/tasks (decision 292): a real PNG thumbnail made by ffmpeg.
const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

function start(env: Record<string, string> = {}): TestApp {
  const t = makeTestApp({ env: { EMULATOR_SPEED: '1000', ...env } });
  apps.push(t);
  startWorkers(t.ctx);
  return t;
}

async function post(t: TestApp, body: unknown) {
  const res = await t.req('/v1/tasks', { json: body, key: t.ctx.config.apiKeys[0]! });
  return {
    status: res.status,
    body: (await res.json()) as TaskObject & { error: { param?: string } | null },
  };
}

describe('POST /v1/tasks with model resource-thumbnail', () => {
  it('makes a PNG thumbnail of the asked width from an Asset:// image, result at output.url', async () => {
    const t = start();
    const key = t.ctx.config.apiKeys[0]!;
    const id = seedDigitalHumanAsset(t.ctx, key, 'avatar', { withFile: true });
    const created = await post(t, { model: 'resource-thumbnail', source_url: `Asset://${id}`, width: 64 });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({
      kind: 'resource',
      source_url: `Asset://${id}`,
      operation: 'thumbnail',
    });
    const { task } = await pollTask(t, created.body.id, isTerminal, { timeoutMs: 60_000 });
    expect(task.status, JSON.stringify(task)).toBe('succeeded');
    const output = task.output as { url: string; format: string };
    expect(output.format).toBe('png');
    const rel = decodeURIComponent(new URL(output.url).pathname.slice('/files/'.length));
    const probed = await probeFile(path.join(filesRoot(t.ctx), ...rel.split('/')));
    expect(probed.video).toMatchObject({ codec: 'png', width: 64 });
  }, 90_000);

  it('refuses a missing source, an audio asset, a private URL and a bad width, each at its field', async () => {
    // Served beyond loopback, so the URL guard is on (decision 074).
    const t = start({ HOST: '0.0.0.0', API_KEYS: 'sk-guarded-test' });
    const key = t.ctx.config.apiKeys[0]!;
    const voice = seedDigitalHumanAsset(t.ctx, key, 'voice');
    const cases: Array<[unknown, string]> = [
      [{ model: 'resource-thumbnail' }, 'source_url'],
      [{ model: 'resource-thumbnail', source_url: `Asset://${voice}` }, 'source_url'],
      [{ model: 'resource-thumbnail', source_url: 'asset_missing' }, 'source_url'],
      [{ model: 'resource-thumbnail', source_url: 'http://127.0.0.1:1/x.png' }, 'source_url'],
      [{ model: 'resource-thumbnail', source_url: 'file:///etc/passwd' }, 'source_url'],
      [{ model: 'resource-thumbnail', source_url: 'https://example.com/a.png', width: 99999 }, 'width'],
    ];
    for (const [body, param] of cases) {
      const r = await post(t, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error?.param).toBe(param);
    }
  });
});
