import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../test/helpers';
import { seedAsset } from '../test/task-fixtures';

/**
 * Issue 44, point 1: the local server refuses nothing the specification allows. One test per row
 * of the table; each was a 400 (or a silent drop) before.
 */

const A = 'sk-test-a';
let t: TestApp;
beforeEach(() => {
  t = makeTestApp({ env: { API_KEYS: A } });
});
afterEach(() => t.close());

const base = { model: 'video-2.0-cl', prompt: 'A cat walks across a sunny kitchen' };
const img = 'https://example.com/a.png';
const mp3 = 'https://example.com/a.mp3';

type Task = Record<string, unknown> & {
  input_references: Record<string, unknown>[];
  content?: unknown[];
  error?: { message: string; param?: string };
};

async function post(path: string, body: unknown): Promise<{ status: number; body: Task }> {
  const res = await t.req(path, { json: body, key: A });
  return { status: res.status, body: (await res.json()) as Task };
}

async function accepted(path: string, body: unknown): Promise<Task> {
  const r = await post(path, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

describe('POST /v1/videos accepts what the specification allows (issue 44, point 1)', () => {
  it('any alias text: a dot, a space, 33 characters', async () => {
    for (const alias of ['hero.shot', 'my hero', 'a'.repeat(33)]) {
      const task = await accepted('/v1/videos', {
        ...base,
        prompt: `@${alias} runs`,
        references: [{ role: 'reference_image', url: img, alias }],
      });
      expect(task.input_references[0]).toMatchObject({ alias, binding_status: 'bound' });
    }
  });

  it('any audio role (background_music), in content[] and in references[] with media_type audio', async () => {
    const task = await accepted('/v1/videos', {
      ...base,
      content: [{ type: 'audio_url', role: 'background_music', audio_url: { url: mp3 } }],
      references: [{ media_type: 'audio', role: 'narration', url: mp3 }],
    });
    expect(task.input_references.map((r) => [r.type, r.role])).toEqual([
      ['audio', 'narration'],
      ['audio', 'background_music'],
    ]);
  });

  it('two first frames (a URL and a reference): the first listed is used, input_references says so', async () => {
    const task = await accepted('/v1/videos', {
      ...base,
      first_frame_url: img,
      references: [{ role: 'first_frame', url: 'https://example.com/b.png' }],
    });
    const [first, second] = task.input_references;
    expect(first).toMatchObject({ role: 'first_frame', url: img, binding_status: 'bound' });
    expect(first).not.toHaveProperty('used_as');
    expect(second).toMatchObject({
      role: 'first_frame',
      used_as: 'reference_image',
      binding_status: 'bound',
    });
    expect(String(second!.note)).toMatch(/first first_frame listed is the first frame/);
  });

  it('a callback_url whose query names only contain credential words (?signature_version=2, session)', async () => {
    for (const query of ['signature_version=2', 'session=abc', 'sig=1&auth=x&pass=y']) {
      await accepted('/v1/videos', { ...base, callback_url: `https://hooks.example.com/h?${query}` });
    }
    const r = await post('/v1/videos', { ...base, callback_url: 'https://hooks.example.com/h?api_key=1' });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ param: 'callback_url' });
  });

  it('no prompt length or reference count of 5000 / 20: a 20,000-character prompt and 21 references', async () => {
    const task = await accepted('/v1/videos', {
      ...base,
      prompt: 'x'.repeat(20_000),
      references: Array.from({ length: 21 }, () => ({ role: 'reference_image', url: img })),
    });
    expect(task.input_references).toHaveLength(21);
    // This server's own bound (README, "This server's own bounds"): 100 media items per list.
    const r = await post('/v1/videos', {
      ...base,
      references: Array.from({ length: 101 }, () => ({ role: 'reference_image', url: img })),
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ param: 'references' });
    expect(r.body.error!.message).toMatch(/at most 100 items on this server/);
  });

  it('a duration string spelled like a number ("1e1", "+7", "7.") reads as that number', async () => {
    for (const [duration, seconds] of [
      ['1e1', 10],
      ['+7', 7],
      ['7.', 7],
    ] as const) {
      expect((await accepted('/v1/videos', { ...base, duration })).duration).toBe(seconds);
    }
  });

  it('a body with only model (prompt is not required)', async () => {
    const task = await accepted('/v1/videos', { model: 'video-2.0-cl' });
    expect(task.status).toBe('pending');
    expect(task.prompt).toBe('');
  });

  it('an unknown content[] type is kept and echoed, never dropped silently', async () => {
    const unknown = {
      type: 'video',
      role: 'reference_video',
      video: { url: 'https://example.com/v.mp4' },
      x: 1,
    };
    const task = await accepted('/v1/videos', {
      ...base,
      content: [{ type: 'text', text: 'hello' }, unknown],
    });
    expect(task.content).toEqual([{ type: 'text', text: 'hello' }, unknown]);
    expect(task.input_references).toEqual([
      expect.objectContaining({
        type: 'video',
        role: 'reference_video',
        url: 'https://example.com/v.mp4',
        binding_status: 'not_rendered',
        note: expect.stringMatching(/content\[1\] has type "video", which this server does not render/),
      }),
    ]);
    const again = (await (await t.req(`/v1/tasks/${String(task.id)}`, { key: A })).json()) as Task;
    expect(again.content).toEqual(task.content);
    expect(again.input_references).toEqual(task.input_references);
  });
});

describe('the other rows of issue 44, point 1', () => {
  it('a digital-human avatar need not have purpose=digital_human_avatar', async () => {
    const plain = seedAsset(t.ctx, A, { type: 'image' });
    const r = await post('/v1/tasks', {
      model: 'digital-human-video-v8',
      avatar_asset_id: plain,
      audio_url: 'https://example.com/a.mp3',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });

  it('a chat message role is any string', async () => {
    const r = await post('/v1/chat/completions', {
      model: 'service-chat',
      messages: [
        { role: 'narrator', content: 'Night falls.' },
        { role: 'user', content: 'Hi' },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });

  it('PATCH of a group with {} changes nothing and answers the group', async () => {
    const res = await t.req('/v1/asset-groups/grp_default', { key: A, method: 'PATCH', json: {} });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: 'grp_default', name: 'Default' });
  });

  it('an asset asked for with the wrong group_id is not-found without naming its real group', async () => {
    const id = seedAsset(t.ctx, A, { type: 'image' });
    const group = (await (await t.req('/v1/asset-groups', { key: A, json: { name: 'Other' } })).json()) as {
      id: string;
    };
    const wrong = await t.req(`/v1/assets/${id}?group_id=${group.id}`, { key: A });
    const missing = await t.req(`/v1/assets/asset_nope?group_id=${group.id}`, { key: A });
    expect(wrong.status).toBe(404);
    const error = ((await wrong.json()) as Task).error!;
    expect(JSON.stringify(error)).not.toContain('grp_default');
    const missingError = ((await missing.json()) as Task).error!;
    expect(error.message.replace(id, 'X')).toBe(missingError.message.replace('asset_nope', 'X'));
    expect(error.param).toBe(missingError.param);
  });
});
