import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_API_KEY } from '../../config';
import { liveGenerations } from '../../services/text/paced-stream';
import { makeTestApp, type TestApp } from '../../test/helpers';
import { listenOnLoopback } from '../../test/listen';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

interface ChatChunk {
  id: string;
  choices: Array<{ delta: { role?: string; content?: string }; finish_reason: string | null }>;
  usage?: { completion_tokens: number } | null;
}

async function readAll(res: Response): Promise<string> {
  return new TextDecoder().decode(await res.arrayBuffer());
}

const chat = (content: string, extra: object = {}) => ({
  model: 'service-chat',
  messages: [{ role: 'user', content }],
  stream: true,
  ...extra,
});

describe('SSE framing', () => {
  it('chat completions: data-only frames of JSON, usage chunk, then data: [DONE]', async () => {
    t = makeTestApp({ env: { EMULATOR_SPEED: '1000' } });
    const res = await t.req('/v1/chat/completions', {
      method: 'POST',
      json: chat('hi', { stream_options: { include_usage: true } }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    const body = await readAll(res);
    expect(body.endsWith('data: [DONE]\n\n')).toBe(true);
    const frames = body.split('\n\n').filter(Boolean);
    for (const frame of frames) expect(frame).toMatch(/^data: /);
    const chunks = frames.slice(0, -1).map((f) => JSON.parse(f.slice(6)) as ChatChunk);
    expect(new Set(chunks.map((c) => c.id)).size).toBe(1);
    expect(chunks[0]!.choices[0]!.delta.role).toBe('assistant');
    // With include_usage every chunk carries usage: null, and one last chunk has no choices.
    expect(chunks.slice(0, -1).every((c) => c.usage === null)).toBe(true);
    const last = chunks.at(-1)!;
    expect(last.choices).toEqual([]);
    expect(last.usage!.completion_tokens).toBe(chunks.filter((c) => c.choices[0]?.delta?.content).length);
    expect(chunks.at(-2)!.choices[0]!.finish_reason).toBe('stop');
  });

  it('chat completions with n: 2 stream every choice to its finish, matching the non-streamed choices', async () => {
    t = makeTestApp({ env: { EMULATOR_SPEED: '1000' } });
    const body = { model: 'service-chat', n: 2, messages: [{ role: 'user', content: 'two please' }] };
    const whole = (await (await t.req('/v1/chat/completions', { method: 'POST', json: body })).json()) as {
      choices: Array<{ message: { content: string } }>;
    };
    const res = await t.req('/v1/chat/completions', { method: 'POST', json: { ...body, stream: true } });
    const texts = ['', ''];
    const finishes: Array<string | null> = [null, null];
    for (const frame of (await readAll(res)).split('\n\n').filter((f) => f && f !== 'data: [DONE]')) {
      const chunk = JSON.parse(frame.slice(6)) as {
        choices: Array<{ index: number } & ChatChunk['choices'][number]>;
      };
      for (const choice of chunk.choices) {
        texts[choice.index] += choice.delta.content ?? '';
        finishes[choice.index] = choice.finish_reason ?? finishes[choice.index]!;
      }
    }
    expect(texts).toEqual(whole.choices.map((c) => c.message.content));
    expect(texts[0]).not.toBe(texts[1]);
    expect(finishes).toEqual(['stop', 'stop']);
  });

  it('responses: event lines match the payload type and sequence numbers count up', async () => {
    t = makeTestApp({ env: { EMULATOR_SPEED: '1000' } });
    const res = await t.req('/v1/responses', {
      method: 'POST',
      json: { model: 'service-chat', input: 'hi', stream: true },
    });
    const frames = (await readAll(res)).split('\n\n').filter(Boolean);
    const events = frames.map((f) => {
      const [event, data] = f.split('\n');
      const payload = JSON.parse(data!.replace(/^data: /, '')) as { type: string; sequence_number: number };
      expect(event).toBe(`event: ${payload.type}`);
      return payload;
    });
    expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
    expect(events.at(-1)!.type).toBe('response.completed');
  });

  it('messages: the event order of the Messages API', async () => {
    t = makeTestApp({ env: { EMULATOR_SPEED: '1000' } });
    const res = await t.req('/v1/messages', {
      method: 'POST',
      json: {
        model: 'service-messages',
        max_tokens: 2,
        stream: true,
        messages: [{ role: 'user', content: 'x' }],
      },
    });
    const types = (await readAll(res))
      .split('\n\n')
      .filter(Boolean)
      .map((f) => f.split('\n')[0]);
    expect(types).toEqual([
      'event: message_start',
      'event: content_block_start',
      'event: ping',
      'event: content_block_delta',
      'event: content_block_delta',
      'event: content_block_stop',
      'event: message_delta',
      'event: message_stop',
    ]);
  });

  it('paces tokens by EMULATOR_SPEED: at speed 1 the first tokens arrive long before the last is made', async () => {
    t = makeTestApp({ env: { EMULATOR_SPEED: '1' } });
    const res = await t.req('/v1/chat/completions', { method: 'POST', json: chat('pace me') });
    const reader = res.body!.getReader();
    await reader.read();
    const [gen] = [...liveGenerations(t.ctx)];
    expect(gen).toBeDefined();
    expect(gen!.emitted).toBeLessThan(gen!.total / 2);
    await reader.cancel();
  });
});

describe('client disconnect', () => {
  it('cancelling the body stops generation (app.request)', async () => {
    // The pacing clock is faked, so "nothing more" is every pending timer run, not a guess at a wait.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      t = makeTestApp({ env: { EMULATOR_SPEED: '1' } });
      const res = await t.req('/v1/chat/completions', { method: 'POST', json: chat('a long answer please') });
      const reader = res.body!.getReader();
      await reader.read(); // The first token goes out at once; the next one waits for its time.
      const gen = [...liveGenerations(t.ctx)][0]!;
      // Cancelled while a read waits for the next token's time: the paced loop must stop there.
      const waiting = reader.read();
      await reader.cancel();
      await waiting;
      expect(liveGenerations(t.ctx).size).toBe(0);
      const emitted = gen.emitted;
      expect(emitted).toBeLessThan(gen.total);
      await vi.runAllTimersAsync();
      expect(gen.emitted).toBe(emitted);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a client that aborts over real HTTP stops a /bench stream', async () => {
    // The subject is Node's HTTP server telling the app of a closed socket, and the registry is
    // read in-process: the app listens on loopback here through Hono's Node adapter.
    const app = (t = makeTestApp({ env: { EMULATOR_SPEED: '1' } }));
    const live = await listenOnLoopback(app.app);
    try {
      const abort = new AbortController();
      const res = await fetch(`${live.origin}/v1/messages`, {
        method: 'POST',
        signal: abort.signal,
        headers: { 'x-api-key': DEFAULT_API_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'service-messages',
          max_tokens: 1_000_000,
          stream: true,
          messages: [{ role: 'user', content: '/bench 1000000' }],
        }),
      });
      const reader = res.body!.getReader();
      await reader.read();
      const gen = [...liveGenerations(app.ctx)][0]!;
      expect(gen.total).toBe(1_000_000);
      abort.abort();
      await vi.waitFor(() => expect(liveGenerations(app.ctx).size).toBe(0), {
        timeout: 10_000,
        interval: 10,
      });
      expect(gen.emitted).toBeLessThan(gen.total);
    } finally {
      await live.close();
    }
  });

  it('a cancelled streamed response is stored as cancelled with what was sent', async () => {
    t = makeTestApp({ env: { EMULATOR_SPEED: '1' } });
    const res = await t.req('/v1/responses', {
      method: 'POST',
      json: { model: 'service-chat', input: 'cut me off', stream: true },
    });
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    const id = /"id":"(resp_[^"]+)"/.exec(first)![1]!;
    await reader.read();
    await reader.cancel();
    const stored = (await (await t.req(`/v1/responses/${id}`)).json()) as {
      status: string;
      usage: { output_tokens: number };
    };
    expect(stored.status).toBe('cancelled');
    expect(stored.usage.output_tokens).toBeGreaterThan(0);
  });
});

describe('stored responses survive a restart', () => {
  it('GET /v1/responses/{id} and previous_response_id work after the server is reopened; other keys see 404', async () => {
    const env = { API_KEYS: 'sk-local-dev,sk-other' };
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'text-restart-'));
    const first = makeTestApp({ env, dataDir });
    const res = await first.req('/v1/responses', {
      method: 'POST',
      json: { model: 'service-chat', input: 'remember me' },
    });
    const created = (await res.json()) as { id: string; output_text: string };
    await first.close();
    t = makeTestApp({ env, dataDir });
    try {
      const again = (await (await t.req(`/v1/responses/${created.id}`)).json()) as { output_text: string };
      expect(again.output_text).toBe(created.output_text);
      const next = await t.req('/v1/responses', {
        method: 'POST',
        json: { model: 'service-chat', input: 'and now?', previous_response_id: created.id },
      });
      expect(next.status).toBe(200);
      expect((await t.req(`/v1/responses/${created.id}`, { key: 'sk-other' })).status).toBe(404);
    } finally {
      await t.close();
      t = undefined;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
