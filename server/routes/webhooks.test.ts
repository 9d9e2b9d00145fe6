import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_API_KEY } from '../config';
import { ownerOf } from '../middleware/auth';
import { enqueueWebhook, wakeWebhookSender } from '../services/webhooks/outbox';
import { webhookSecret } from '../services/webhooks/secret';
import { signatureHeaders } from '../services/webhooks/signature';
import { getDelivery } from '../store/webhooks';
import { makeTestApp, type TestApp } from '../test/helpers';
import { listenOnLoopback } from '../test/listen';
import { webhookHarness } from '../test/webhook-harness';
import type { InboxDelivery } from '@contract/webhook-inbox';
import { INBOX_KEEP } from '../services/webhooks/inbox';
import { INBOX_MAX_BODY_BYTES } from './webhooks';

const { app, sender, defer, dataDir: tempDataDir } = webhookHarness();

async function listen(t: TestApp): Promise<string> {
  // The sender delivers over HTTP: the app's inbox is the receiving end, on a loopback port.
  const server = await listenOnLoopback(t.app);
  defer(server.close);
  return server.origin;
}

async function inbox(t: TestApp, name: string, key = DEFAULT_API_KEY) {
  const res = await t.req(`/webhooks/inbox/${name}`, { key });
  expect(res.status).toBe(200);
  return (await res.json()) as { object: string; data: InboxDelivery[] };
}

function post(t: TestApp, name: string, body: string, headers: Record<string, string> = {}) {
  return t.req(`/webhooks/inbox/${name}`, {
    key: null,
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

describe('webhook inbox', () => {
  it('records a delivery of the sender and verifies its signature with the server secret', async () => {
    const t = app({ env: { EMULATOR_SPEED: '100' } });
    const origin = await listen(t);
    sender(t);
    const payload = { type: 'task.failed', data: { object: 'task', id: 'task_x', status: 'failed' } };
    const id = t.ctx.db.transaction(() =>
      enqueueWebhook(t.ctx.db, {
        owner: ownerOf(DEFAULT_API_KEY),
        taskId: 'task_x',
        url: `${origin}/webhooks/inbox/my-test`,
        type: 'task.failed',
        payload,
      }),
    )();
    wakeWebhookSender(t.ctx);
    await vi.waitFor(() => expect(getDelivery(t.ctx.db, id)?.status).toBe('delivered'), { timeout: 10_000 });

    const list = await inbox(t, 'my-test');
    expect(list.object).toBe('list');
    expect(list.data).toHaveLength(1);
    const [d] = list.data;
    expect(d).toMatchObject({
      id: expect.stringMatching(/^whd_/),
      method: 'POST',
      body: JSON.stringify(payload),
      json: payload,
      webhook_id: id,
      signature: { verified: true },
    });
    expect(d!.received_at).toBeGreaterThan(Date.now() - 60_000);
    expect(d!.headers['webhook-id']).toBe(id);
    expect(d!.headers['webhook-signature']).toMatch(/^v1,/);
    expect(d!.headers['content-type']).toBe('application/json');

    // The task's delivery log shows the attempt, to its owner only.
    const log = await t.req('/v1/tasks/task_x/webhooks');
    expect(log.status).toBe(200);
    const body = (await log.json()) as { data: unknown[] };
    expect(body.data).toEqual([
      expect.objectContaining({
        object: 'webhook_delivery',
        id,
        task_id: 'task_x',
        type: 'task.failed',
        status: 'delivered',
        attempt_count: 1,
        max_attempts: 6,
        next_attempt_at: null,
        attempts: [
          expect.objectContaining({ number: 1, outcome: 'succeeded', status_code: 200, error: null }),
        ],
      }),
    ]);
  });

  it('says why a delivery does not verify, and never keeps credentials it was sent', async () => {
    const t = app();
    const key = webhookSecret(t.ctx).key;
    expect((await post(t, 'x', '{"a":1}', { authorization: 'Bearer sk-secret' })).status).toBe(200);
    const signed = signatureHeaders(key, 'msg_1', '{"a":1}', Date.now());
    expect((await post(t, 'x', '{"a":2}', signed)).status).toBe(200);
    const old = signatureHeaders(key, 'msg_2', 'plain', Date.now() - 10 * 60_000);
    expect((await post(t, 'x', 'plain', old)).status).toBe(200);
    const ok = await post(t, 'x', 'plain', signatureHeaders(key, 'msg_3', 'plain', Date.now()));
    expect(await ok.json()).toEqual({ ok: true });

    const { data } = await inbox(t, 'x');
    expect(data.map((d) => [d.webhook_id, d.signature.verified, d.json])).toEqual([
      ['msg_3', true, null],
      ['msg_2', false, null],
      ['msg_1', false, { a: 2 }],
      [null, false, { a: 1 }],
    ]);
    expect(data[1]!.signature.reason).toMatch(/^Timestamp too old/);
    expect(data[2]!.signature.reason).toMatch(/^Bad signature/);
    expect(data[3]!.signature.reason).toBe(
      'Missing headers: webhook-id, webhook-timestamp, webhook-signature.',
    );
    expect(data[3]!.headers.authorization).toBe('[redacted]');
    expect(JSON.stringify(data)).not.toContain('sk-secret');
  });

  it(`keeps the newest ${INBOX_KEEP} per inbox, separately per name, across a restart; DELETE empties one`, async () => {
    const dataDir = tempDataDir('inbox-restart-');
    const first = makeTestApp({ dataDir });
    for (let i = 0; i < INBOX_KEEP + 5; i++) await post(first, 'many', `n${i}`);
    await post(first, 'other', 'alone');
    await first.close();

    const t = app({ dataDir });
    const { data } = await inbox(t, 'many');
    expect(data).toHaveLength(INBOX_KEEP);
    expect(data[0]!.body).toBe(`n${INBOX_KEEP + 4}`);
    expect(data.at(-1)!.body).toBe('n5');
    expect((await inbox(t, 'other')).data.map((d) => d.body)).toEqual(['alone']);
    expect((await inbox(t, 'never-used')).data).toEqual([]);

    const cleared = await t.req('/webhooks/inbox/many', { method: 'DELETE' });
    expect(await cleared.json()).toMatchObject({ ok: true, deleted: INBOX_KEEP });
    expect((await inbox(t, 'many')).data).toEqual([]);
  });

  it('refuses a bad name, an oversized body and other methods in the error envelope', async () => {
    const t = app();
    for (const name of ['a'.repeat(65), 'bad.name', 'sp%20ace']) {
      const res = await post(t, name, '{}');
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        error: {
          type: 'invalid_request_error',
          code: 'invalid_parameter',
          param: 'name',
          message: expect.stringMatching(/1 to 64/),
        },
      });
    }
    expect((await t.req(`/webhooks/inbox/${'a'.repeat(65)}`)).status).toBe(400);

    const big = await post(t, 'big', 'x'.repeat(INBOX_MAX_BODY_BYTES + 1));
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({
      error: { code: 'payload_too_large', message: expect.stringMatching(/256 KB limit/) },
    });
    // Counted as it streams too, when no length is declared.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 5; i++) controller.enqueue(new Uint8Array(INBOX_MAX_BODY_BYTES / 4));
        controller.close();
      },
    });
    const chunked = await t.app.request('http://localhost/webhooks/inbox/big', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect((await inbox(t, 'big')).data).toEqual([]);
    expect((await post(t, 'big', 'x'.repeat(INBOX_MAX_BODY_BYTES))).status).toBe(200);

    const put = await t.req('/webhooks/inbox/ok', { key: null, method: 'PUT', body: '{}' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('DELETE, GET, HEAD, POST');
    expect(await put.json()).toMatchObject({ error: { code: 'method_not_allowed' } });
  });

  it('is off in proxy mode', async () => {
    const t = app({ env: { UPSTREAM_BASE_URL: 'http://127.0.0.1:9', UPSTREAM_API_KEY: 'up' } });
    for (const method of ['GET', 'POST']) {
      const res = await t.req('/webhooks/inbox/test', {
        key: null,
        method,
        body: method === 'POST' ? '{}' : undefined,
      });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({
        error: { code: 'inbox_disabled', message: expect.stringMatching(/proxy mode/) },
      });
    }
  });
});

/*
 * Issue 35 §3: anyone who knew or guessed a name read another key's signed task payloads and could
 * empty the inbox, and a foreign page could post into it with text/plain (decision 282).
 */
describe('webhook inbox ownership', () => {
  it('GET and DELETE need a key', async () => {
    const t = app();
    await post(t, 'test', '{"secret":"prompt"}');
    for (const method of ['GET', 'DELETE']) {
      const res = await t.req('/webhooks/inbox/test', { key: null, method });
      expect(res.status).toBe(401);
      expect(await res.text()).not.toContain('prompt');
    }
    expect((await inbox(t, 'test')).data).toHaveLength(1);
  });

  it('an inbox belongs to the key that first read it: another key neither reads nor clears it', async () => {
    const t = app({ env: { API_KEYS: 'key-a,key-b' } });
    expect((await inbox(t, 'my-test', 'key-a')).data).toEqual([]);
    await post(t, 'my-test', '{"prompt":"a secret prompt"}');
    for (const method of ['GET', 'DELETE']) {
      const res = await t.req('/webhooks/inbox/my-test', { key: 'key-b', method });
      expect(res.status).toBe(403);
      const text = await res.text();
      expect(text).not.toContain('a secret prompt');
      expect(JSON.parse(text)).toMatchObject({
        error: { code: 'inbox_belongs_to_another_key', param: 'name' },
      });
    }
    expect((await inbox(t, 'my-test', 'key-a')).data.map((d) => d.json)).toEqual([
      { prompt: 'a secret prompt' },
    ]);
  });

  it('an inbox named in a callback_url belongs to that key; another key cannot name it', async () => {
    const t = app({ env: { API_KEYS: 'key-a,key-b' } });
    const create = (key: string, name: string) =>
      t.req('/v1/videos', {
        key,
        json: {
          model: 'video-2.0-cl',
          prompt: 'a cat',
          callback_url: `http://localhost/webhooks/inbox/${name}`,
        },
      });
    const made = await create('key-a', 'named-by-a');
    expect(made.status, await made.clone().text()).toBe(200);
    expect((await t.req('/webhooks/inbox/named-by-a', { key: 'key-b' })).status).toBe(403);
    const taken = await create('key-b', 'named-by-a');
    expect(taken.status).toBe(400);
    expect(await taken.json()).toMatchObject({
      error: { code: 'inbox_belongs_to_another_key', param: 'callback_url' },
    });
    expect((await inbox(t, 'named-by-a', 'key-a')).data).toEqual([]);
  });

  it('receiving stays keyless but takes only application/json: text/plain and forms are a 415', async () => {
    const t = app();
    for (const [type, body] of [
      ['text/plain', '{"fake":"delivery"}'],
      ['application/x-www-form-urlencoded', 'fake=delivery'],
      ['multipart/form-data; boundary=x', '--x--'],
      ['', '{"fake":"delivery"}'],
    ] as const) {
      const res = await t.req('/webhooks/inbox/forms', {
        key: null,
        method: 'POST',
        body,
        headers: type ? { 'content-type': type } : {},
      });
      expect(res.status, type).toBe(415);
      expect(await res.json()).toMatchObject({
        error: { code: 'unsupported_media_type', message: expect.stringMatching(/application\/json/) },
      });
    }
    expect(
      (await post(t, 'forms', '{"real":1}', { 'content-type': 'application/json; charset=utf-8' })).status,
    ).toBe(200);
    expect((await inbox(t, 'forms')).data.map((d) => d.json)).toEqual([{ real: 1 }]);
  });
});

describe('GET /v1/tasks/:id/webhooks', () => {
  it('needs the key and shows a task’s deliveries to its owner only', async () => {
    const t = app({ env: { API_KEYS: 'key-a,key-b' } });
    t.ctx.db.transaction(() =>
      enqueueWebhook(t.ctx.db, {
        owner: ownerOf('key-a'),
        taskId: 'task_mine',
        url: 'http://127.0.0.1:9/hook',
        type: 'task.succeeded',
        payload: {},
      }),
    )();
    expect((await t.req('/v1/tasks/task_mine/webhooks', { key: null })).status).toBe(401);
    const mine = await t.req('/v1/tasks/task_mine/webhooks', { key: 'key-a' });
    expect(mine.status).toBe(200);
    expect(await mine.json()).toMatchObject({
      object: 'list',
      task_id: 'task_mine',
      data: [{ status: 'pending', attempt_count: 0, attempts: [], next_attempt_at: expect.any(Number) }],
    });
    for (const [key, id] of [
      ['key-b', 'task_mine'],
      ['key-a', 'task_unknown'],
    ]) {
      const res = await t.req(`/v1/tasks/${id}/webhooks`, { key });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: { code: 'task_not_found' } });
    }
  });
});
