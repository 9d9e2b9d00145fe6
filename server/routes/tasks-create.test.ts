import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../test/helpers';
import { seedAsset } from '../test/task-fixtures';
import { seedDigitalHumanAsset } from '../test/generic-task-fixtures';

const A = 'sk-test-a';
const B = 'sk-test-b';
let t: TestApp;
beforeEach(() => {
  // Workers are not started: these tests look at creation and validation only.
  t = makeTestApp({ env: { API_KEYS: `${A},${B}` } });
});
afterEach(() => t.close());

type Answer = Record<string, unknown> & {
  id: string;
  status: string;
  error: { message: string; code?: string; param?: string; type?: string } | null;
};

async function post(body: unknown, key = A) {
  const res = await t.req('/v1/tasks', { json: body, key });
  return { status: res.status, body: (await res.json()) as Answer };
}

/** A 400 whose `param` is exactly `param`; returns the message. */
async function refused(body: unknown, param: string, key = A): Promise<string> {
  const r = await post(body, key);
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body.error).toMatchObject({ type: 'invalid_request_error', param });
  return r.body.error!.message;
}

const avatar = () => seedDigitalHumanAsset(t.ctx, A, 'avatar');
const voice = () => seedDigitalHumanAsset(t.ctx, A, 'voice');
const dhVideo = (avatarId: string, audio: string) => ({
  model: 'digital-human-video-v8',
  avatar_asset_id: avatarId,
  audio_url: audio,
  name: 'Presenter',
});

describe('POST /v1/tasks: model', () => {
  it('a missing, non-string, unknown or video model is refused at model, listing the known ones', async () => {
    for (const body of [{}, { model: '' }, { model: 42 }, { model: 'music-v9' }]) {
      const message = await refused(body, 'model');
      for (const m of ['digital-human-video-v8', 'digital-human-audio-v8', 'music-v5.5']) {
        expect(message).toContain(m);
      }
    }
    expect(await refused({ model: 'video-2.0-cl', prompt: 'x' }, 'model')).toMatch(/POST \/v1\/videos/);
  });

  it('a body that is not a JSON object is refused', async () => {
    expect((await post([1, 2])).status).toBe(400);
    const res = await t.req('/v1/tasks', {
      method: 'POST',
      key: A,
      body: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(415);
  });
});

describe('POST /v1/tasks: digital-human video', () => {
  it('accepts an asset id or Asset:// avatar and an Asset://, http(s) or stored audio', async () => {
    const av = avatar();
    const vo = voice();
    const byId = await post({
      ...dhVideo(av, `Asset://${vo}`),
      callback_url: 'https://hooks.example.com/dh',
    });
    expect(byId.status, JSON.stringify(byId.body)).toBe(200);
    expect(byId.body).toMatchObject({
      object: 'task',
      kind: 'digital_human_video',
      model: 'digital-human-video-v8',
      status: 'pending',
      progress: 0,
      avatar_asset_id: av,
      audio_url: `Asset://${vo}`,
      name: 'Presenter',
      callback_url: 'https://hooks.example.com/dh',
      error: null,
      fail_reason: null,
    });
    expect(byId.body.id).toMatch(/^task_/);
    expect(byId.body.task_id).toBe(byId.body.id);
    expect(byId.body).not.toHaveProperty('result_url');
    expect((await post(dhVideo(`Asset://${av}`, 'https://example.com/speech.mp3'))).status).toBe(200);
    const stored = seedDigitalHumanAsset(t.ctx, A, 'voice', { withFile: true });
    const file = (
      t.ctx.db.prepare('SELECT file_path FROM assets WHERE id = ?').get(stored) as { file_path: string }
    ).file_path;
    expect((await post(dhVideo(av, `/files/${file}`))).status).toBe(200);
    // The task is read back the same way by GET /v1/tasks/{id}.
    const got = await t.req(`/v1/tasks/${byId.body.id}`, { key: A });
    expect(await got.json()).toMatchObject({
      id: byId.body.id,
      kind: 'digital_human_video',
      avatar_asset_id: av,
    });
  });

  it('a missing avatar, audio or bad name is refused at its field', async () => {
    const av = avatar();
    const { avatar_asset_id: _a, ...noAvatar } = dhVideo(av, 'https://example.com/a.mp3');
    expect(await refused(noAvatar, 'avatar_asset_id')).toMatch(/required/);
    const { audio_url: _u, ...noAudio } = dhVideo(av, 'x');
    expect(await refused(noAudio, 'audio_url')).toMatch(/required/);
    await refused(dhVideo('  ', 'https://example.com/a.mp3'), 'avatar_asset_id');
    await refused(dhVideo(av, 'ftp://example.com/a.mp3'), 'audio_url');
    expect(await refused(dhVideo(av, voice()), 'audio_url')).toMatch(/Asset:\/\/asset_/);
    expect(await refused(dhVideo(av, '/files/nobody/asset_x/a.mp3'), 'audio_url')).toMatch(/no stored file/);
    await refused({ ...dhVideo(av, 'https://example.com/a.mp3'), name: 'n'.repeat(1_001) }, 'name');
    // A URL is no asset: say how to register one.
    expect(
      await refused(dhVideo('https://example.com/face.png', 'https://example.com/a.mp3'), 'avatar_asset_id'),
    ).toMatch(/purpose=digital_human_avatar/);
  });

  it('an asset of the wrong type is refused; any purpose, or none, is accepted (issue 44)', async () => {
    const vo = voice();
    const av = avatar();
    // Type: a voice (audio) as the avatar, an image as the audio.
    expect(await refused(dhVideo(vo, `Asset://${vo}`), 'avatar_asset_id')).toMatch(/must be an image/);
    expect(await refused(dhVideo(av, `Asset://${av}`), 'audio_url')).toMatch(
      /must be a audio|must be an? audio/,
    );
    // Purpose is "intended use, e.g.": a video-line image without purpose is an avatar too, and a
    // voice registered as reference_video is speech audio too.
    const videoLine = seedAsset(t.ctx, A, { type: 'image' });
    expect((await post(dhVideo(videoLine, 'https://example.com/a.mp3'))).status).toBe(200);
    const wrongPurpose = seedDigitalHumanAsset(t.ctx, A, 'voice', { purpose: 'reference_video' });
    const r = await post(dhVideo(av, `Asset://${wrongPurpose}`));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });

  it('an asset that is not ready says its state and to re-query; a failed one says to replace it', async () => {
    const preparing = seedDigitalHumanAsset(t.ctx, A, 'avatar', {
      status: 'syncing',
      sync_status: 'syncing',
      preparation_status: 'syncing',
      generation_ready: 0,
      review_status: 'pending',
      review_passed: 0,
    });
    const r = await post(dhVideo(preparing, 'https://example.com/a.mp3'));
    expect(r.body.error).toMatchObject({ param: 'avatar_asset_id', code: 'asset_not_ready' });
    expect(r.body.error!.message).toMatch(/status=syncing/);
    expect(r.body.error!.message).toMatch(new RegExp(`re-query GET /v1/assets/${preparing}`));
    const failed = seedDigitalHumanAsset(t.ctx, A, 'voice', {
      status: 'failed',
      sync_status: 'failed',
      preparation_status: 'failed',
      generation_ready: 0,
      review_status: 'unknown',
      review_passed: 0,
      sync_error: 'download failed: 404',
    });
    const msg = await refused(dhVideo(avatar(), `Asset://${failed}`), 'audio_url');
    expect(msg).toMatch(/sync_error: download failed: 404/);
  });

  it('an asset prepared for a video model is still usable: digital-human assets are not model-bound', async () => {
    const av = seedDigitalHumanAsset(t.ctx, A, 'avatar', { model: 'video-2.0-cl-fast' });
    expect((await post(dhVideo(av, 'https://example.com/a.mp3'))).status).toBe(200);
  });

  it('another key’s asset is refused exactly like a missing one', async () => {
    const theirs = seedDigitalHumanAsset(t.ctx, B, 'avatar');
    const foreign = await post(dhVideo(theirs, 'https://example.com/a.mp3'));
    const missing = await post(dhVideo('asset_doesnotexist', 'https://example.com/a.mp3'));
    for (const r of [foreign, missing]) {
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ code: 'asset_not_found', param: 'avatar_asset_id' });
    }
    expect(foreign.body.error!.message.replace(theirs, 'ID')).toBe(
      missing.body.error!.message.replace('asset_doesnotexist', 'ID'),
    );
    // And the task of another key is not found.
    const mine = await post(dhVideo(avatar(), 'https://example.com/a.mp3'));
    expect((await t.req(`/v1/tasks/${mine.body.id}`, { key: B })).status).toBe(404);
  });

  it('GET /v1/videos/{id} of a digital-human task is 404 pointing to /v1/tasks', async () => {
    const mine = await post(dhVideo(avatar(), 'https://example.com/a.mp3'));
    const res = await t.req(`/v1/videos/${mine.body.id}`, { key: A });
    expect(res.status).toBe(404);
    const body = (await res.json()) as Answer;
    expect(body.error).toMatchObject({ code: 'task_not_found', param: 'task_id' });
    expect(body.error!.message).toContain(`GET /v1/tasks/${mine.body.id}`);
  });
});

describe('POST /v1/tasks: digital-human audio', () => {
  const body = (voiceId: string, text = 'Hello from the local server.') => ({
    model: 'digital-human-audio-v8',
    text,
    voice_asset_id: voiceId,
  });

  it('creates a task whose voice follows the voice asset deterministically', async () => {
    const vo = voice();
    const a = await post(body(vo));
    const b = await post(body(`Asset://${vo}`, '你好，世界'));
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body).toMatchObject({ kind: 'digital_human_audio', status: 'pending', voice_asset_id: vo });
    const outA = a.body.output as { voice: string; language: string; url?: string };
    const outB = b.body.output as { voice: string; language: string };
    expect(outA.voice).toBe(outB.voice);
    expect(outA.url).toBeUndefined();
    expect(outA.language).toBe('en-us');
    expect(outB.language).toBe('cmn');
    // Different voice assets spread over the voices.
    const voices = new Set<string>();
    for (let i = 0; i < 12; i++) {
      voices.add(((await post(body(voice()))).body.output as { voice: string }).voice);
    }
    expect(voices.size).toBeGreaterThan(1);
    expect((a.body.usage as { total_tokens: number }).total_tokens).toBeGreaterThan(0);
  });

  it('refuses missing text, empty text, too long text, missing voice, wrong type; any purpose is fine', async () => {
    const vo = voice();
    const { text: _t, ...noText } = body(vo);
    await refused(noText, 'text');
    await refused(body(vo, '   '), 'text');
    await refused(body(vo, 'x'.repeat(5001)), 'text');
    const { voice_asset_id: _v, ...noVoice } = body(vo);
    expect(await refused(noVoice, 'voice_asset_id')).toMatch(/required/);
    expect(await refused(body(avatar()), 'voice_asset_id')).toMatch(/must be a/);
    const untagged = seedDigitalHumanAsset(t.ctx, A, 'voice', { purpose: null });
    expect((await post(body(untagged))).status).toBe(200);
    const theirs = seedDigitalHumanAsset(t.ctx, B, 'voice');
    expect((await post(body(theirs))).body.error).toMatchObject({ code: 'asset_not_found' });
  });
});

describe('task ids for support', () => {
  it('a task keeps the ids of the request that created it; a poll has its own in headers', async () => {
    const created = await post({ model: 'music-v5.5', prompt: 'A calm piano piece' });
    expect(created.status).toBe(200);
    const { request_id, trace_id } = created.body;
    expect(request_id).toMatch(/^req_/);
    const poll = await t.req(`/v1/tasks/${created.body.id}`, { key: A });
    const body = (await poll.json()) as Answer;
    expect(body.request_id).toBe(request_id);
    expect(body.trace_id).toBe(trace_id);
    expect(poll.headers.get('x-request-id')).toMatch(/^req_/);
    expect(poll.headers.get('x-request-id')).not.toBe(request_id);
  });
});

describe('POST /v1/tasks: music', () => {
  const music = (patch: Record<string, unknown> = {}) => ({
    model: 'music-v5.5',
    prompt: 'A calm piano piece for a rainy morning',
    ...patch,
  });

  it('describes the track: upper-case SUBMITTED, derived title and style, length from the words', async () => {
    const r = await post(music({ callback_url: 'https://hooks.example.com/m' }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      kind: 'music',
      model: 'music-v5.5',
      status: 'SUBMITTED',
      customMode: false,
      title: 'Calm Piano Piece',
      duration: 30,
    });
    const meta = r.body.metadata as Record<string, unknown>;
    expect(meta).toMatchObject({ title: 'Calm Piano Piece', duration: 30, format: 'mp3' });
    expect(meta.url).toBeUndefined();
    expect(String(meta.style)).toMatch(/piano lead/);
    expect(meta.bpm).toBeLessThan(80);
    const timed = await post(music({ prompt: 'upbeat electronic, 45 seconds, 80s synths' }));
    expect(timed.body.duration).toBe(45);
    expect((timed.body.metadata as { bpm: number }).bpm).toBeGreaterThanOrEqual(118);
    expect((await post(music({ prompt: 'a 2 minute ambient drone' }))).body.duration).toBe(120);
    expect((await post(music({ prompt: 'a 2 hour epic' }))).body.duration).toBe(180);
  });

  it('custom mode uses title and style as given and sizes the track to the lyrics', async () => {
    const lyrics = Array.from({ length: 16 }, (_, i) => `Line ${i + 1} of the song`).join('\n');
    const r = await post(
      music({ customMode: true, prompt: `[Verse]\n${lyrics}`, title: 'My Song', style: 'folk guitar' }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ title: 'My Song', style: 'folk guitar', customMode: true });
    const meta = r.body.metadata as { bpm: number; title: string };
    // Two bars per line and eight bars of intro and outro at the track's tempo.
    expect(r.body.duration).toBe(Math.round(((16 * 2 + 8) * 240) / meta.bpm));
    expect(meta.title).toBe('My Song');
    // Instrumental: custom mode with no lyrics.
    expect(
      (await post(music({ customMode: true, prompt: '', title: 'Theme', style: 'jazz' }))).body.duration,
    ).toBe(30);
  });

  it('refuses a missing prompt, style or title by mode, and wrong types', async () => {
    await refused(music({ prompt: '' }), 'prompt');
    await refused({ model: 'music-v5.5' }, 'prompt');
    await refused(music({ customMode: true, title: 'T' }), 'style');
    await refused(music({ customMode: true, style: 'jazz' }), 'title');
    await refused(music({ customMode: 'yes' }), 'customMode');
    await refused(music({ style: 5 }), 'style');
    await refused(music({ title: 't'.repeat(201) }), 'title');
  });

  it('callback_url may not carry the API key or a credential-named parameter', async () => {
    expect(
      await refused(music({ callback_url: `https://hooks.example.com/${A}` }), 'callback_url'),
    ).not.toContain(A);
    await refused(music({ callback_url: 'https://hooks.example.com/h?token=abc' }), 'callback_url');
    await refused(music({ callback_url: 'ftp://hooks.example.com/h' }), 'callback_url');
    await refused(
      {
        model: 'digital-human-audio-v8',
        text: 'x',
        voice_asset_id: voice(),
        callback_url: `https://h.example.com/?k=${A}`,
      },
      'callback_url',
    );
  });
});

describe('POST /v1/tasks: the models are an open list', () => {
  it('a model the table does not know is taken for what its fields ask; none at all is a 400', async () => {
    const music = await post({ model: 'music-v7-beta', prompt: 'calm piano, 20 seconds' });
    expect(music.status, JSON.stringify(music.body)).toBe(200);
    expect(music.body).toMatchObject({ kind: 'music', model: 'music-v7-beta' });
    const speech = await post({ model: 'dh-audio-next', text: 'Hello', voice_asset_id: voice() });
    expect(speech.status, JSON.stringify(speech.body)).toBe(200);
    expect(speech.body).toMatchObject({ kind: 'digital_human_audio' });
    expect(await refused({ model: 'mystery-1' }, 'model')).toMatch(/no fields that say what to make/);
  });
});
