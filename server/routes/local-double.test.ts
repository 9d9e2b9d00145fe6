import fs from 'node:fs';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers } from '../create-context';
import { appOrigin, openaiClient, openaiRefusal, type AppOrigin } from '../test/official-clients';
import { makeTestApp } from '../test/helpers';
import { fixture } from '../test/test-media';

/*
 * Every answer of the local double's switch (decision 290, docs/local-double.md), asked for the
 * way a user's test would: the official `openai` client or plain fetch, into the app in-process.
 */

let live: AppOrigin;
beforeAll(() => {
  live = appOrigin(makeTestApp({ env: { EMULATOR_SPEED: '1000' } }));
  startWorkers(live.test.ctx);
});
afterAll(() => live.test.close());

const chat = { model: 'service-chat', messages: [{ role: 'user' as const, content: 'hi' }] };
const withSwitch = (directives: string, maxRetries = 0) =>
  new OpenAI({
    baseURL: `${live.origin}/v1`,
    apiKey: live.key,
    fetch: live.fetch,
    maxRetries,
    defaultHeaders: { 'X-Local-Double': directives },
  });

function api(path: string, init: RequestInit & { json?: unknown; double?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${live.key}`);
  if (init.double) headers.set('x-local-double', init.double);
  let body = init.body;
  if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    headers.set('content-type', 'application/json');
  }
  return live.fetch(`${live.origin}${path}`, {
    ...init,
    headers,
    body,
    method: init.method ?? (body ? 'POST' : 'GET'),
  });
}

const setKey = (directives: string) => api('/v1/local/double', { method: 'PUT', json: { directives } });

async function upload(double?: string): Promise<{ id: string; group_id: string }> {
  const form = new FormData();
  form.set('file', new Blob([fs.readFileSync(fixture('sample.png'))], { type: 'image/png' }), 'face.png');
  form.set('type', 'image');
  form.set('model', 'video-2.0-cl');
  const res = await api('/v1/assets/uploads', { method: 'POST', body: form, ...(double ? { double } : {}) });
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string; group_id: string };
}

async function poll<T extends Record<string, unknown>>(
  path: string,
  done: (v: T) => boolean,
  double?: string,
): Promise<T> {
  const until = Date.now() + 25_000;
  for (;;) {
    const v = (await (await api(path, { double })).json()) as T;
    if (done(v)) return v;
    if (Date.now() > until) throw new Error(`stuck: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('faults per request (X-Local-Double header)', () => {
  it('429 with Retry-After in seconds, seen by the openai client as a RateLimitError', async () => {
    const err = await openaiRefusal(withSwitch('fault=429; retry-after=7').chat.completions.create(chat));
    expect(err).toBeInstanceOf(OpenAI.RateLimitError);
    expect(err.status).toBe(429);
    expect(err.headers?.get('retry-after')).toBe('7');
    expect(err.type).toBe('rate_limit_error');
  });

  it('429 with Retry-After as an HTTP-date in the future', async () => {
    const res = await api('/v1/assets', { double: 'fault=429; retry-after=30; retry-after-form=date' });
    expect(res.status).toBe(429);
    const when = Date.parse(res.headers.get('retry-after')!);
    expect(when).toBeGreaterThan(Date.now() + 20_000);
    expect((await res.json()) as unknown).toMatchObject({
      error: { type: 'rate_limit_error', code: 'rate_limit_exceeded' },
    });
  });

  it('402 insufficient quota and 503, in the JSON envelope', async () => {
    const quota = await openaiRefusal(withSwitch('fault=402').chat.completions.create(chat));
    expect(quota.status).toBe(402);
    expect(quota.code).toBe('insufficient_quota');
    expect(quota.type).toBe('quota_error');
    const busy = await api('/v1/tasks/task_x', { double: 'fault=503' });
    expect(busy.status).toBe(503);
    expect((await busy.json()) as unknown).toMatchObject({
      error: { type: 'server_error', code: 'service_unavailable' },
    });
  });

  it('a non-JSON error body (HTML from a gateway), status 502 or as asked', async () => {
    const res = await api('/v1/assets', { double: 'fault=non-json' });
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toMatch(/<h1>502 Bad Gateway</);
    // The page names the status it is sent with, not always a gateway's 502.
    const asked = await api('/v1/assets', { double: 'fault=non-json; status=500' });
    expect(await asked.text()).toMatch(
      /<title>500 Internal Server Error<\/title>.*<h1>500 Internal Server Error</,
    );
    const err = await openaiRefusal(withSwitch('fault=non-json; status=500').chat.completions.create(chat));
    expect(err.status).toBe(500);
  });

  it('a wrong directive is a 400 naming what to fix; the switch needs the key', async () => {
    const res = await api('/v1/assets', { double: 'fault=418' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /fault must be one of 429, 402, 503, non-json/,
    );
    const unknown = await api('/v1/assets', { double: 'explode=yes' });
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toMatch(
      /Unknown x-local-double directive "explode"/,
    );
    expect(
      (await live.fetch(`${live.origin}/v1/assets`, { headers: { 'x-local-double': 'fault=429' } })).status,
    ).toBe(401);
  });
});

describe('faults per key (PUT /v1/local/double), without a restart', () => {
  it('one 429 then the real answer: the openai client retries after Retry-After and succeeds', async () => {
    expect((await setKey('fault=429; retry-after=0; times=1')).status).toBe(200);
    const answer = await openaiClient(live)
      .chat.completions.create(chat)
      .then(
        () => 'ok',
        (e: unknown) => e,
      );
    expect(answer).toBeInstanceOf(OpenAI.RateLimitError);
    // The fault cleared itself; the next request is answered.
    expect((await api('/v1/assets')).status).toBe(200);
    await setKey('fault=429; retry-after=0; times=1');
    const retried = await new OpenAI({
      baseURL: `${live.origin}/v1`,
      apiKey: live.key,
      fetch: live.fetch,
      maxRetries: 2,
    }).chat.completions.create(chat);
    expect(retried.choices[0]!.message.content).toBeTruthy();
  });

  it('a key-wide fault can aim at one method and path; GET shows it, DELETE clears it', async () => {
    await setKey('fault=402; method=POST; path=/v1/videos');
    expect((await api('/v1/assets')).status).toBe(200);
    expect((await api('/v1/videos', { json: { model: 'video-2.0-cl', prompt: 'x' } })).status).toBe(402);
    const shown = (await (await api('/v1/local/double')).json()) as { directives: Record<string, unknown> };
    expect(shown.directives).toMatchObject({ fault: '402', method: 'POST', path: '/v1/videos' });
    await api('/v1/local/double', { method: 'DELETE' });
    expect((await api('/v1/videos', { json: { model: 'video-2.0-cl', prompt: 'x' } })).status).toBe(200);
  });
});

describe('outcomes on demand', () => {
  it('a task that fails with the given error.code, error.message and fail_reason', async () => {
    const created = (await (
      await api('/v1/videos', {
        json: { model: 'video-2.0-cl', prompt: 'a calm sea' },
        double:
          'task-fail=content_policy_violation; task-message=Refused%3A the prompt; task-fail-reason=policy',
      })
    ).json()) as { id: string };
    const done = await poll<{ status: string }>(`/v1/tasks/${created.id}`, (t) => t.status === 'failed');
    expect(done).toMatchObject({
      error: { code: 'content_policy_violation', message: 'Refused: the prompt' },
      fail_reason: 'policy',
    });
  });

  const settled = (a: { status: string; review_status: string }) =>
    !['created', 'syncing'].includes(a.status) && a.review_status !== 'pending';

  it('assets ending failed with a given sync_error, disabled, review unknown, and rule 2', async () => {
    const failed = await upload('asset=failed; sync-error=The URL answered 403');
    expect(await poll(`/v1/assets/${failed.id}`, settled)).toMatchObject({
      status: 'failed',
      preparation_status: 'failed',
      generation_ready: false,
      sync_error: 'The URL answered 403',
    });
    const disabled = await upload('asset=disabled; sync-error=Disabled by the account owner');
    expect(await poll(`/v1/assets/${disabled.id}`, settled)).toMatchObject({
      status: 'disabled',
      preparation_status: 'disabled',
      generation_ready: false,
      sync_error: 'Disabled by the account owner',
    });
    const unknown = await upload('asset=review-unknown');
    expect(
      await poll(`/v1/assets/${unknown.id}`, (a: { review_status: string }) => a.review_status !== 'pending'),
    ).toMatchObject({
      review_status: 'unknown',
      review_passed: false,
      generation_ready: false,
    });
    const rule2 = await upload('asset=prep-failed');
    expect(await poll(`/v1/assets/${rule2.id}`, settled)).toMatchObject({
      review_status: 'succeeded',
      review_passed: true,
      status: 'failed',
      preparation_status: 'failed',
      generation_ready: false,
      sync_error: expect.stringMatching(/content policy/),
    });
    // A disabled asset is refused in a video request, saying why.
    const use = await api('/v1/videos', {
      json: { model: 'video-2.0-cl', prompt: 'x', first_frame_url: `Asset://${disabled.id}` },
    });
    expect(use.status).toBe(400);
  });
});

describe('answer forms', () => {
  it('upper-case states, task_id without id, the result at any of the six places', async () => {
    const created = (await (
      await api('/v1/videos', {
        // 480p: the render's shape is not the point here (720p, the default, has over twice its pixels).
        json: { model: 'video-2.0-cl', prompt: 'forms', duration: 4, resolution: '480p' },
        double: 'task-ids=task_id; states=upper',
      })
    ).json()) as Record<string, unknown>;
    expect(created.id).toBeUndefined();
    expect(created.task_id).toMatch(/^task_/);
    expect(created.status).toBe('SUBMITTED');
    const id = created.task_id as string;
    await poll<{ status: string }>(`/v1/tasks/${id}`, (t) => t.status === 'SUCCESS', 'states=upper');
    for (const place of ['url', 'result_url', 'output.url', 'metadata.url', 'video_url', 'data.video_url']) {
      const task = (await (await api(`/v1/tasks/${id}`, { double: `result=${place}` })).json()) as Record<
        string,
        Record<string, unknown> | undefined
      >;
      const [head, tail] = place.split('.');
      const at = tail ? task[head!]?.[tail] : (task[head!] as unknown);
      expect(at, place).toMatch(/^http:\/\/.*\.mp4$/);
      // Only there: the other five places are empty.
      const others = [
        'data.video_url',
        'video_url',
        'url',
        'result_url',
        'output.url',
        'metadata.url',
      ].filter((p) => p !== place);
      for (const o of others) {
        const [h, t] = o.split('.');
        expect(t ? task[h!]?.[t] : (task[h!] as unknown), `${place} / ${o}`).toBeUndefined();
      }
    }
    const two = (await (
      await api(`/v1/tasks/${id}`, { double: 'result=metadata.url,url' })
    ).json()) as Record<string, Record<string, unknown> | undefined>;
    expect(two.url).toBe(two.metadata?.url);
  });

  it('asset_type / asset_ref and no model on assets, in the detail and the list', async () => {
    // An asset of its own, so the list is not empty whichever tests ran before.
    await upload();
    const list = (await (
      await api('/v1/assets', { double: 'asset-names=alt; asset-model=omit' })
    ).json()) as {
      data: Record<string, unknown>[];
    };
    expect(list.data.length).toBeGreaterThan(0);
    for (const a of list.data) {
      expect(a.type).toBeUndefined();
      expect(a.reference).toBeUndefined();
      expect(a.model).toBeUndefined();
      expect(a.asset_type).toBe('image');
      expect(a.asset_ref).toBe(`Asset://${String(a.id)}`);
    }
    // A key-wide form holds for every request of that key until cleared.
    await setKey('asset-model=omit');
    const one = (await (await api(`/v1/assets/${String(list.data[0]!.id)}`)).json()) as Record<
      string,
      unknown
    >;
    expect(one.model).toBeUndefined();
    expect(one.type).toBe('image');
    await api('/v1/local/double', { method: 'DELETE' });
  });

  it('music spells a cancelled task "cancelled", and states=lower gives all of its states in lower case', async () => {
    const created = (await (
      await api('/v1/tasks', { json: { model: 'music-v5.5', prompt: 'calm piano [cancel]' } })
    ).json()) as { id: string };
    const done = await poll<{ status: string }>(`/v1/tasks/${created.id}`, (t) => t.status === 'cancelled');
    expect(done.status).toBe('cancelled');
    const lower = (await (await api(`/v1/tasks/${created.id}`, { double: 'states=lower' })).json()) as {
      status: string;
    };
    expect(lower.status).toBe('cancelled');
  });
});
