import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ownerOf } from '../middleware/auth';
import { filesRoot } from '../services/assets/asset-files';
import { TOKEN_PIXEL_DIVISOR, VIDEO_INPUT_FACTOR } from '@contract/usage';
import { makeTestApp, type TestApp } from '../test/helpers';
import { seedAsset } from '../test/task-fixtures';

const A = 'sk-test-a';
const B = 'sk-test-b';
let t: TestApp;
beforeEach(() => {
  // Workers are not started: these tests look at creation and validation only.
  t = makeTestApp({ env: { API_KEYS: `${A},${B}` } });
});
afterEach(() => t.close());

const base = { model: 'video-2.0-cl', prompt: 'A cat walks across a sunny kitchen' };
const img = 'https://example.com/a.png';

/** A task object or an error envelope, loosely: assertions check the shape. */
type Answer = Record<string, unknown> & {
  id: string;
  error: { message: string; code?: string; param?: string };
  input_references: unknown[];
  usage: { total_tokens: number };
};

async function post(body: unknown, key = A) {
  const res = await t.req('/v1/videos', { json: body, key });
  return { status: res.status, body: (await res.json()) as Answer };
}

/** A 400 whose `param` is exactly `param`; returns the message. */
async function refused(body: unknown, param: string, key = A): Promise<string> {
  const r = await post(body, key);
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body.error).toMatchObject({ type: 'invalid_request_error', param });
  return r.body.error.message;
}

describe('POST /v1/videos: what the specification allows is accepted', () => {
  it('fractional durations, any positive <w>:<h>, @word without alias, open lists', async () => {
    const ok = async (body: object) => {
      const r = await post({ ...base, ...body });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body;
    };
    expect((await ok({ duration: 4.5 })).duration).toBe(4.5);
    expect((await ok({ duration: '7.25' })).duration).toBe(7.25);
    expect(await ok({ ratio: '2.39:1', resolution: '1080p' })).toMatchObject({ width: 2582, height: 1080 });
    // Any proportion, with the frame bounded so the render stays cheap.
    expect(await ok({ aspect_ratio: '100:1' })).toMatchObject({ width: 4320, height: 44 });
    await ok({ prompt: 'mail me@example.com or ping @studio_team' });
    await ok({ references: [{ media_type: 'model3d', role: 'reference_image', url: img }] });
    await ok({ image_url: img, input_reference_role: 'style_reference' });
    await ok({
      content: [
        { type: 'text', text: 'x' },
        { type: 'video', role: 'reference_video', video: { url: img } },
      ],
    });
  });

  it('keeps refusing what harms the server: too many entries, too deep, too long', async () => {
    await refused(
      { ...base, content: Array.from({ length: 101 }, () => ({ type: 'text', text: 'x' })) },
      'content',
    );
    await refused({ ...base, content: [{ type: 'y'.repeat(65) }] }, 'content[0].type');
    await refused(
      { ...base, references: [{ media_type: 'x'.repeat(65), role: 'reference_image', url: img }] },
      'references[0].media_type',
    );
  });
});

describe('POST /v1/videos: refusals name the exact field', () => {
  it('schema rules: model, duration, ratio, resolution, content role, duplicate alias', async () => {
    expect(await refused({ ...base, model: 'video-9' }, 'model')).toMatch(/video-2\.0-cl-fast/);
    await refused({ prompt: 'x' }, 'model');
    expect(await refused({ ...base, duration: 3 }, 'duration')).toMatch(/4 to 15/);
    await refused({ ...base, duration: 15.5 }, 'duration');
    await refused({ ...base, duration: 'five' }, 'duration');
    await refused({ ...base, ratio: 'wide' }, 'ratio');
    await refused({ ...base, aspect_ratio: '16x9' }, 'aspect_ratio');
    expect(await refused({ ...base, model: 'video-2.0-cl-mini', resolution: '1080p' }, 'resolution')).toMatch(
      /1080p/,
    );
    await refused(
      {
        ...base,
        content: [
          { type: 'text', text: 'x' },
          { type: 'image_url', image_url: { url: img } },
        ],
      },
      'content[1].role',
    );
    await refused(
      {
        ...base,
        prompt: '@a and @b',
        references: [
          { role: 'reference_image', url: img, alias: 'a' },
          { role: 'reference_image', url: img, alias: 'b' },
          { role: 'reference_image', url: img, alias: 'a' },
        ],
      },
      'references[2].alias',
    );
    await refused({ ...base, generate_audio: 'yes' }, 'generate_audio');
  });

  it('roles must fit the media type', async () => {
    expect(
      await refused(
        { ...base, references: [{ media_type: 'video', role: 'first_frame', url: 'https://e.com/v.mp4' }] },
        'references[0].role',
      ),
    ).toMatch(/a video cannot have role "first_frame"/);
    await refused(
      {
        ...base,
        content: [{ type: 'video_url', role: 'reference_image', video_url: { url: 'https://e.com/v.mp4' } }],
      },
      'content[0].role',
    );
    await refused(
      { ...base, image_url: img, input_reference_role: 'reference_video' },
      'input_reference_role',
    );
  });

  it('media URLs must be http(s), Asset:// or a stored /files/ URL of this server', async () => {
    await refused({ ...base, first_frame_url: 'data:image/png;base64,AAAA' }, 'first_frame_url');
    await refused(
      { ...base, references: [{ role: 'reference_image', url: 'ftp://e.com/a.png' }] },
      'references[0].url',
    );
    expect(
      await refused({ ...base, first_frame_url: '/files/nobody/asset_x/a.png' }, 'first_frame_url'),
    ).toMatch(/no stored file/);
    await refused({ ...base, video_url: 'http://localhost/files/nobody/asset_x/v.mp4' }, 'video_url');
    // An existing stored file is accepted, relative or on this origin.
    const rel = `${ownerOf(A)}/asset_stored/a.png`;
    fs.mkdirSync(path.dirname(path.join(filesRoot(t.ctx), rel)), { recursive: true });
    fs.copyFileSync('e2e/fixtures/sample.png', path.join(filesRoot(t.ctx), rel));
    expect((await post({ ...base, first_frame_url: `/files/${rel}` })).status).toBe(200);
    expect((await post({ ...base, first_frame_url: `http://localhost/files/${rel}` })).status).toBe(200);
  });

  it('callback_url may not carry the API key or a credential-named parameter', async () => {
    expect(
      await refused({ ...base, callback_url: `https://hooks.example.com/${A}` }, 'callback_url'),
    ).not.toContain(A);
    await refused({ ...base, callback_url: 'https://hooks.example.com/h?token=abc' }, 'callback_url');
    await refused({ ...base, callback_url: 'ftp://hooks.example.com/h' }, 'callback_url');
    expect((await post({ ...base, callback_url: 'https://hooks.example.com/video' })).status).toBe(200);
  });

  it('a body that is not JSON is 415, malformed JSON is 400', async () => {
    const res = await t.req('/v1/videos', {
      method: 'POST',
      key: A,
      body: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(415);
    const bad = await t.req('/v1/videos', {
      method: 'POST',
      key: A,
      body: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
  });
});

describe('POST /v1/videos: Asset:// references are checked against the store', () => {
  const ref = (url: string, role = 'reference_image') => ({ ...base, references: [{ role, url }] });

  it('a missing asset and another key’s asset are refused alike, naming neither owner', async () => {
    const theirs = seedAsset(t.ctx, B);
    const missing = await post(ref('Asset://asset_doesnotexist'));
    const foreign = await post(ref(`Asset://${theirs}`));
    for (const r of [missing, foreign]) {
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ code: 'asset_not_found', param: 'references[0].url' });
    }
    expect(foreign.body.error.message.replace(theirs, 'X')).toBe(
      missing.body.error.message.replace('asset_doesnotexist', 'X'),
    );
  });

  it('an asset that is not ready says its state and to re-query; a failed one gives sync_error', async () => {
    const syncing = seedAsset(t.ctx, A, {
      status: 'syncing',
      sync_status: 'syncing',
      preparation_status: 'syncing',
      review_status: 'pending',
      review_passed: 0,
      generation_ready: 0,
      stage: 'syncing',
    });
    const msg = await refused(ref(`Asset://${syncing}`), 'references[0].url');
    expect(msg).toMatch(/status=syncing/);
    expect(msg).toMatch(/re-query GET \/v1\/assets\//);
    const rejected = seedAsset(t.ctx, A, {
      status: 'failed',
      preparation_status: 'failed',
      sync_status: 'failed',
      generation_ready: 0,
      sync_error: 'rejected by the content policy',
    });
    expect(await refused({ ...base, first_frame_url: `Asset://${rejected}` }, 'first_frame_url')).toMatch(
      /rejected by the content policy/,
    );
  });

  it('an asset prepared for no model or another model names the model to register it with', async () => {
    const none = seedAsset(t.ctx, A, { model: null });
    expect(await refused(ref(`Asset://${none}`), 'references[0].url')).toMatch(/model=video-2\.0-cl\b/);
    const fast = seedAsset(t.ctx, A, { model: 'video-2.0-cl-fast' });
    const msg = await refused(ref(`Asset://${fast}`), 'references[0].url');
    expect(msg).toContain('video-2.0-cl-fast');
    expect(msg).toContain('model=video-2.0-cl');
  });

  it('an asset of the wrong type for its role is refused', async () => {
    const video = seedAsset(t.ctx, A, { type: 'video' });
    expect(await refused({ ...base, first_frame_url: `Asset://${video}` }, 'first_frame_url')).toMatch(
      /is a video, but role first_frame needs an image/,
    );
    const image = seedAsset(t.ctx, A);
    await refused({ ...base, video_url: `Asset://${image}` }, 'video_url');
  });
});

describe('POST /v1/videos: the created task', () => {
  it('answers the task object with defaults, input_references and usage', async () => {
    const r = await post(base);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      object: 'task',
      id: expect.stringMatching(/^task_[A-Za-z0-9]{20}$/),
      kind: 'video',
      model: 'video-2.0-cl',
      status: 'pending',
      progress: 0,
      prompt: base.prompt,
      duration: 5,
      ratio: '16:9',
      resolution: '720p',
      generate_audio: true,
      watermark: false,
      callback_url: null,
      input_references: [],
      has_video_input: false,
      usage: { total_tokens: Math.round((1280 * 720 * 24 * 5) / TOKEN_PIXEL_DIVISOR) },
      error: null,
      fail_reason: null,
      started_at: null,
      completed_at: null,
      request_id: expect.stringMatching(/^req_/),
      trace_id: expect.stringMatching(/^trace_/),
    });
    expect(r.body.task_id).toBe(r.body.id);
    expect(r.body.video_url).toBeUndefined();
  });

  it('lists every reference as bound; a video Asset:// counts as video input and doubles the tokens', async () => {
    const video = seedAsset(t.ctx, A, { type: 'video' });
    const image = seedAsset(t.ctx, A);
    const r = await post({
      ...base,
      prompt: '@hero meets @clip',
      duration: '4',
      aspect_ratio: '9:16',
      resolution: '480p',
      generateAudio: false,
      references: [
        { role: 'reference_image', url: `Asset://${image}`, alias: 'hero' },
        { role: 'reference_video', url: `Asset://${video}`, alias: 'clip' },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      duration: 4,
      ratio: '9:16',
      width: 480,
      height: 854,
      generate_audio: false,
    });
    expect(r.body.input_references).toEqual([
      {
        alias: 'hero',
        role: 'reference_image',
        type: 'image',
        url: `Asset://${image}`,
        binding_status: 'bound',
      },
      {
        alias: 'clip',
        role: 'reference_video',
        type: 'video',
        url: `Asset://${video}`,
        binding_status: 'bound',
      },
    ]);
    expect(r.body.has_video_input).toBe(true);
    expect(r.body.usage.total_tokens).toBe(
      Math.round((480 * 854 * 24 * 4) / TOKEN_PIXEL_DIVISOR) * VIDEO_INPUT_FACTOR,
    );
  });

  it('image-only input is not video input; generate_audio wins over generateAudio', async () => {
    const r = await post({
      ...base,
      image_url: img,
      input_reference_role: 'first_frame',
      generate_audio: true,
      generateAudio: false,
    });
    expect(r.body).toMatchObject({ has_video_input: false, generate_audio: true });
    expect(r.body.input_references).toEqual([
      { alias: null, role: 'first_frame', type: 'image', url: img, binding_status: 'bound' },
    ]);
  });
});

describe('GET /v1/videos/{id} and GET /v1/tasks/{id}', () => {
  it('return the same object; another key’s task and an unknown id are 404 task_not_found', async () => {
    const { body: created } = await post(base);
    const strip = ({ request_id: _r, trace_id: _t, ...rest }: Record<string, unknown>) => rest;
    const viaVideos = (await (await t.req(`/v1/videos/${created.id}`, { key: A })).json()) as Answer;
    const viaTasks = (await (await t.req(`/v1/tasks/${created.id}`, { key: A })).json()) as Answer;
    expect(strip(viaVideos)).toEqual(strip(viaTasks));
    expect(strip(viaTasks)).toEqual(strip(created));
    for (const p of [`/v1/tasks/${created.id}`, `/v1/videos/${created.id}`, '/v1/tasks/task_nope']) {
      const res = await t.req(p, { key: p.endsWith('nope') ? A : B });
      expect(res.status).toBe(404);
      expect(((await res.json()) as Answer).error).toMatchObject({
        code: 'task_not_found',
        param: 'task_id',
      });
    }
  });

  it('needs a key', async () => {
    expect((await t.req('/v1/tasks/task_x', { key: null })).status).toBe(401);
  });
});

describe('origins', () => {
  it('the task keeps the validated origin it was created through (PUBLIC_BASE_URL), for its webhooks', async () => {
    const pub = makeTestApp({ env: { PUBLIC_BASE_URL: 'https://studio.example.com' } });
    try {
      const res = await pub.req('/v1/videos', { json: base });
      expect(res.status).toBe(200);
      const { id } = (await res.json()) as Answer;
      const row = pub.ctx.db.prepare('SELECT origin FROM tasks WHERE id = ?').get(id) as { origin: string };
      expect(row.origin).toBe('https://studio.example.com');
    } finally {
      await pub.close();
    }
  });
});
