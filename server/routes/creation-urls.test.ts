import { afterEach, describe, expect, it } from 'vitest';
import { seedDigitalHumanAsset } from '../test/generic-task-fixtures';
import { makeTestApp, type TestApp } from '../test/helpers';

/*
 * Issue 35 §4a: on a server bound to a network, POST /v1/videos and /v1/tasks accepted loopback and
 * private URLs (callback_url, image_url, references, content, audio_url) with 200 and refused them
 * only when fetching or delivering. They are refused at creation like asset registration does.
 * Nothing here is fetched: every URL is refused by its form, before any traffic.
 */

let t: TestApp;
afterEach(() => t?.close());

const networked = () => (t = makeTestApp({ env: { HOST: '0.0.0.0', API_KEYS: 'sk-a' } }));
const base = { model: 'video-2.0-cl', prompt: 'A cat walks across a sunny kitchen' };
const FORMS = [
  'http://127.0.0.1:9/x',
  'http://localhost:9/x',
  'http://[::1]:9/x',
  'http://10.0.0.5/x',
  'http://169.254.169.254/latest/meta-data',
  'http://[::ffff:127.0.0.1]/x',
  'http://0.0.0.0/x',
  'http://2130706433/x',
];

async function refusedAt(path: string, body: unknown, param: string) {
  const res = await t.req(path, { key: 'sk-a', json: body });
  const text = await res.text();
  expect(res.status, text).toBe(400);
  expect(JSON.parse(text)).toMatchObject({ error: { code: 'url_not_allowed', param } });
}

describe('URL fields refused at creation on a network-bound server', () => {
  it.each(FORMS)(
    'POST /v1/videos refuses %s in callback_url, image_url, references and content',
    async (url) => {
      networked();
      await refusedAt('/v1/videos', { ...base, callback_url: url }, 'callback_url');
      await refusedAt('/v1/videos', { ...base, image_url: url }, 'image_url');
      await refusedAt(
        '/v1/videos',
        {
          model: base.model,
          content: [
            { type: 'text', text: base.prompt },
            { type: 'image_url', role: 'reference_image', image_url: { url } },
          ],
        },
        'content[1].image_url.url',
      );
    },
  );

  it('POST /v1/tasks refuses a loopback callback_url and audio_url', async () => {
    networked();
    const avatar = seedDigitalHumanAsset(t.ctx, 'sk-a', 'avatar');
    const body = { model: 'digital-human-video-v8', avatar_asset_id: avatar, name: 'P' };
    await refusedAt('/v1/tasks', { ...body, audio_url: 'http://127.0.0.1:9/a.mp3' }, 'audio_url');
    const voice = seedDigitalHumanAsset(t.ctx, 'sk-a', 'voice');
    await refusedAt(
      '/v1/tasks',
      { ...body, audio_url: `Asset://${voice}`, callback_url: 'http://localhost:9/hook' },
      'callback_url',
    );
  });

  it('a loopback server still takes them (a tool on a person’s own machine)', async () => {
    t = makeTestApp({ env: { API_KEYS: 'sk-a' } });
    const res = await t.req('/v1/videos', {
      key: 'sk-a',
      json: { ...base, callback_url: 'http://127.0.0.1:9/x' },
    });
    expect(res.status).toBe(200);
  });
});
