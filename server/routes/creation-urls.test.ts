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

// No DNS: whatever is refused here is refused by its form alone, as the shared rule must.
const noDns = {
  resolve: () => Promise.reject(new Error('no DNS in this test')),
};
const networked = () => (t = makeTestApp({ env: { HOST: '0.0.0.0', API_KEYS: 'sk-a' }, urlGuard: noDns }));
const base = { model: 'video-2.0-cl', prompt: 'A cat walks across a sunny kitchen' };
/** A public shot URL, so that an assembly's audio or narration URL is the one refused. */
const STORED = 'https://cdn.example.com/shot.mp4';
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

/*
 * Issue 41 §5: a trailing dot (the DNS root) is the same host, so `localhost.` passed the refusal at
 * creation on every URL field. Each spelling below is loopback written another way.
 */
const TRAILING_DOT_FORMS = [
  'http://localhost.:9/x',
  'http://LOCALHOST.:9/x',
  'http://localhost..:9/x',
  'http://localhost...:9/x',
  'http://foo.localhost.:9/x',
  'http://localhost%2e:9/x',
  'http://localhost\u3002:9/x',
  'http://127.0.0.1.:9/x',
  'http://127.0.0.1..:9/x',
  'http://2130706433..:9/x',
  'http://0x7f.1..:9/x',
  'http://10.0.0.5../x',
  'http://[0:0:0:0:0:0:0:1]:9/x',
  'http://[::ffff:7f00:1]:9/x',
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

/**
 * Every URL field a request can hand this server, each with a body that is valid but for the URL.
 * `param` is the field the 400 must name.
 */
function fields(url: string, seed: (kind: 'avatar' | 'voice') => string) {
  const video = (extra: Record<string, unknown>) => ({ ...base, ...extra });
  const content = (type: 'image_url' | 'video_url' | 'audio_url', role: string) => ({
    model: base.model,
    content: [
      { type: 'text', text: base.prompt },
      { type, role, [type]: { url } },
    ],
  });
  const human = { model: 'digital-human-video-v8', avatar_asset_id: seed('avatar'), name: 'P' };
  return [
    ['/v1/videos', video({ callback_url: url }), 'callback_url'],
    ['/v1/videos', video({ image_url: url }), 'image_url'],
    ['/v1/videos', video({ first_frame_url: url }), 'first_frame_url'],
    ['/v1/videos', video({ video_url: url }), 'video_url'],
    ['/v1/videos', video({ reference_video_url: url }), 'reference_video_url'],
    [
      '/v1/videos',
      video({ references: [{ url, media_type: 'image', role: 'reference_image' }] }),
      'references[0].url',
    ],
    ['/v1/videos', video({ videos: [url] }), 'videos[0]'],
    ['/v1/videos', content('image_url', 'reference_image'), 'content[1].image_url.url'],
    ['/v1/videos', content('video_url', 'reference_video'), 'content[1].video_url.url'],
    ['/v1/videos', content('audio_url', 'reference_audio'), 'content[1].audio_url.url'],
    ['/v1/tasks', { ...human, audio_url: url }, 'audio_url'],
    ['/v1/tasks', { ...human, audio_url: `Asset://${seed('voice')}`, callback_url: url }, 'callback_url'],
    ['/v1/tasks', { model: 'music-v5.5', prompt: 'jazz', callback_url: url }, 'callback_url'],
    ['/v1/tasks', { model: 'image-v1', prompt: 'a cat', callback_url: url }, 'callback_url'],
    ['/v1/tasks', { model: 'resource-thumbnail', source_url: url, width: 64 }, 'source_url'],
    ['/v1/assets/uploads', { url, model: base.model }, 'url'],
    ['/local/storyboard/last-frame', { url }, 'url'],
    ['/local/storyboard/assemblies', { shots: [{ url }] }, 'shots[0].url'],
    ['/local/storyboard/assemblies', { shots: [{ url: STORED }], audio: { url } }, 'audio.url'],
    [
      '/local/storyboard/assemblies',
      { shots: [{ url: STORED }], narration: [{ shot: 0, url }] },
      'narration[0].url',
    ],
  ] as const;
}

describe('every URL field × every loopback spelling, trailing dots included', () => {
  it.each([...FORMS, ...TRAILING_DOT_FORMS])('%s is refused at creation in every field', async (url) => {
    networked();
    const seed = (kind: 'avatar' | 'voice') => seedDigitalHumanAsset(t.ctx, 'sk-a', kind);
    const taken: string[] = [];
    for (const [path, body, param] of fields(url, seed)) {
      const res = await t.req(path, { key: 'sk-a', json: body });
      const answer = (await res.json()) as { error?: { code?: string; param?: string } };
      if (res.status !== 400 || answer.error?.code !== 'url_not_allowed' || answer.error.param !== param)
        taken.push(`${path} ${param}: ${res.status} ${answer.error?.code ?? ''}`);
    }
    expect(taken).toEqual([]);
    // Refused, so nothing was stored to be fetched later.
    const assemblies = t.ctx.db.prepare('SELECT COUNT(*) AS n FROM storyboard_assemblies').get() as {
      n: number;
    };
    expect(assemblies.n).toBe(0);
  });

  it('a public host with a trailing dot is still taken (the dot is only refused on loopback)', async () => {
    networked();
    const res = await t.req('/v1/videos', {
      key: 'sk-a',
      json: { ...base, callback_url: 'https://hooks.example.com./x' },
    });
    expect(res.status).toBe(200);
  });
});
