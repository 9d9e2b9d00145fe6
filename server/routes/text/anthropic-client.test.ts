import Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { anthropicClient, anthropicRefusal as refusal, useLiveClient } from '../../test/official-clients';

const ctx = useLiveClient(anthropicClient);

const user = (content: string) => ({ role: 'user' as const, content });

describe('messages through the @anthropic-ai/sdk client', () => {
  it('answers with a text block, end_turn and usage, reading the system prompt', async () => {
    const msg = await ctx.client.messages.create({
      model: 'service-messages',
      max_tokens: 4000,
      system: [{ type: 'text', text: 'You are terse.' }],
      messages: [user('Hello there'), { role: 'assistant', content: 'Hi' }, user('Describe mountains')],
    });
    expect(msg.type).toBe('message');
    expect(msg.role).toBe('assistant');
    expect(msg.stop_reason).toBe('end_turn');
    expect(msg.content[0]!.type).toBe('text');
    const text = (msg.content[0] as Anthropic.TextBlock).text;
    expect(text).toContain('service-messages');
    expect(text).toContain('You are terse.');
    expect(text).toContain('mountains');
    expect(msg.usage.output_tokens).toBeGreaterThan(50);
    expect(msg._request_id).toMatch(/^req_/);
  });

  it('stops at max_tokens and at a stop sequence', async () => {
    const short = await ctx.client.messages.create({
      model: 'service-messages',
      max_tokens: 5,
      messages: [user('hello')],
    });
    expect(short.stop_reason).toBe('max_tokens');
    expect(short.usage.output_tokens).toBe(5);
    const stopped = await ctx.client.messages.create({
      model: 'service-messages',
      max_tokens: 4000,
      stop_sequences: ['| #'],
      messages: [user('hello world')],
    });
    expect(stopped.stop_reason).toBe('stop_sequence');
    expect(stopped.stop_sequence).toBe('| #');
    expect((stopped.content[0] as Anthropic.TextBlock).text).not.toContain('| #');
  });

  it('streams message_start … message_stop and the helper assembles the same message', async () => {
    const whole = await ctx.client.messages.create({
      model: 'service-messages',
      max_tokens: 4000,
      messages: [user('stream it')],
    });
    const stream = ctx.client.messages.stream({
      model: 'service-messages',
      max_tokens: 4000,
      messages: [user('stream it')],
    });
    const types: string[] = [];
    stream.on('streamEvent', (event) => types.push(event.type));
    const final = await stream.finalMessage();
    expect(types[0]).toBe('message_start');
    expect(types[1]).toBe('content_block_start');
    expect(types.filter((t) => t === 'content_block_delta').length).toBe(whole.usage.output_tokens);
    expect(types.slice(-3)).toEqual(['content_block_stop', 'message_delta', 'message_stop']);
    expect((final.content[0] as Anthropic.TextBlock).text).toBe(
      (whole.content[0] as Anthropic.TextBlock).text,
    );
    expect(final.stop_reason).toBe('end_turn');
    expect(final.usage.output_tokens).toBe(whole.usage.output_tokens);
  });

  it('iterates raw stream events with stream: true', async () => {
    const stream = await ctx.client.messages.create({
      model: 'service-messages',
      max_tokens: 3,
      messages: [user('x')],
      stream: true,
    });
    const deltas: string[] = [];
    let stop: string | null = null;
    for await (const event of stream) {
      if (event.type === 'content_block_delta' && event.delta.type === 'text_delta')
        deltas.push(event.delta.text);
      if (event.type === 'message_delta') stop = event.delta.stop_reason;
    }
    expect(deltas).toHaveLength(3);
    expect(stop).toBe('max_tokens');
  });

  it('counts tokens', async () => {
    const counted = await ctx.client.messages.countTokens({
      model: 'service-messages',
      messages: [user('count these words')],
    });
    expect(counted.input_tokens).toBeGreaterThan(3);
  });

  it("refuses bad input in Anthropic's error shape, naming the field", async () => {
    const cases: Array<[unknown, string]> = [
      [{ model: 'service-messages', messages: [user('x')] }, 'max_tokens'],
      [{ max_tokens: 10, messages: [user('x')] }, 'model'],
      [{ model: 'service-chat', max_tokens: 10, messages: [user('x')] }, 'model'],
      [{ model: 'service-messages', max_tokens: 10, messages: [] }, 'messages'],
      [
        { model: 'service-messages', max_tokens: 10, messages: [{ role: 'system', content: 'x' }] },
        'messages[0].role',
      ],
      [
        {
          model: 'service-messages',
          max_tokens: 10,
          messages: [{ role: 'user', content: [{ type: 'gif' }] }],
        },
        'messages[0].content[0].type',
      ],
      [{ model: 'service-messages', max_tokens: 10, messages: [user('x')], temperature: 1.5 }, 'temperature'],
    ];
    for (const [body, param] of cases) {
      const err = await refusal(ctx.client.messages.create(body as never));
      expect(err, param).toBeInstanceOf(Anthropic.BadRequestError);
      const shape = err.error as { type: string; error: { type: string; message: string; param?: string } };
      expect(shape.type).toBe('error');
      expect(shape.error.type).toBe('invalid_request_error');
      expect(shape.error.param, JSON.stringify(body)).toBe(param);
      expect(shape.error.message).toContain(param.split(/[.[]/)[0]);
    }
  });

  it('refuses a wrong key with AuthenticationError in the same shape', async () => {
    const bad = anthropicClient(ctx.live, 'sk-wrong');
    const err = await refusal(
      bad.messages.create({ model: 'service-messages', max_tokens: 5, messages: [user('x')] }),
    );
    expect(err).toBeInstanceOf(Anthropic.AuthenticationError);
    expect((err.error as { error: { type: string } }).error.type).toBe('authentication_error');
  });

  it('accepts the key as x-api-key on the Messages API, as Anthropic does', async () => {
    const keyed = new Anthropic({
      baseURL: ctx.live.origin,
      fetch: ctx.live.fetch,
      apiKey: null,
      defaultHeaders: { 'x-api-key': ctx.live.key },
      maxRetries: 0,
    });
    const msg = await keyed.messages.create({
      model: 'service-messages',
      max_tokens: 3,
      messages: [user('hi')],
    });
    expect(msg.usage.output_tokens).toBe(3);
  });

  it('keeps x-api-key to the Messages API: other endpoints still need a Bearer key', async () => {
    const res = await ctx.live.fetch(`${ctx.live.origin}/v1/embeddings`, {
      method: 'POST',
      headers: { 'x-api-key': ctx.live.key, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'service-embedding', input: 'x' }),
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { type: string } }).error.type).toBe('authentication_error');
  });
});

describe('models through the @anthropic-ai/sdk client', () => {
  it("lists models in that API's shape", async () => {
    const page = await ctx.client.models.list();
    expect(page.data.map((m) => m.id)).toContain('service-messages');
    expect(page.data[0]!.type).toBe('model');
    expect((await ctx.client.models.retrieve('service-messages')).display_name).toBe('service-messages');
  });
});
