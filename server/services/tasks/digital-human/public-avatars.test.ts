import { afterEach, describe, expect, it } from 'vitest';
import { startWorkers } from '../../../create-context';
import { seedDigitalHumanAsset } from '../../../test/generic-task-fixtures';
import { makeTestApp, type TestApp } from '../../../test/helpers';
import { isTerminal, pollTask } from '../../../test/task-fixtures';

// Public avatar ids (decision 293): listed by GET /v1/public-resources, usable by every key.
const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

function start(): TestApp {
  const t = makeTestApp({ env: { EMULATOR_SPEED: '1000', API_KEYS: 'sk-a,sk-b' } });
  apps.push(t);
  return t;
}

describe('GET /v1/public-resources', () => {
  it('lists the three built-in avatars for any key, nothing for another type, and needs the key', async () => {
    const t = start();
    for (const key of ['sk-a', 'sk-b']) {
      const res = await t.req('/v1/public-resources', { key });
      expect(res.status).toBe(200);
      const list = (await res.json()) as { object: string; data: Array<{ id: string; type: string }> };
      expect(list.object).toBe('list');
      expect(list.data.map((a) => a.id)).toEqual([
        'public_avatar_studio',
        'public_avatar_outdoor',
        'public_avatar_news',
      ]);
      expect(list.data.every((a) => a.type === 'image')).toBe(true);
    }
    const audio = (await (await t.req('/v1/public-resources?type=audio', { key: 'sk-a' })).json()) as {
      data: unknown[];
    };
    expect(audio.data).toEqual([]);
    expect((await t.req('/v1/public-resources', { key: null })).status).toBe(401);
  });
});

describe('POST /v1/tasks with a public avatar', () => {
  it('renders a digital-human video with a public avatar id, and refuses an unknown one', async () => {
    const t = start();
    startWorkers(t.ctx);
    const voice = seedDigitalHumanAsset(t.ctx, 'sk-b', 'voice', { withFile: true });
    const ok = await t.req('/v1/tasks', {
      key: 'sk-b',
      json: {
        model: 'digital-human-video-v8',
        avatar_asset_id: 'public_avatar_news',
        audio_url: `Asset://${voice}`,
      },
    });
    const created = (await ok.json()) as { id: string; avatar_asset_id: string };
    expect(ok.status, JSON.stringify(created)).toBe(200);
    expect(created.avatar_asset_id).toBe('public_avatar_news');
    const { task } = await pollTask(t, created.id, isTerminal, { key: 'sk-b', timeoutMs: 90_000 });
    expect(task.status, JSON.stringify(task)).toBe('succeeded');
    expect(typeof task.result_url).toBe('string');

    const unknown = await t.req('/v1/tasks', {
      key: 'sk-b',
      json: {
        model: 'digital-human-video-v8',
        avatar_asset_id: 'public_avatar_nope',
        audio_url: `Asset://${voice}`,
      },
    });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { param: string } }).error.param).toBe('avatar_asset_id');
  }, 120_000);
});
