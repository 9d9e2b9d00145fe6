import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { openaiClient, openaiRefusal as refusal, useLiveClient } from '../../test/official-clients';

const ctx = useLiveClient(openaiClient);

describe('chat completions through the openai client', () => {
  it('answers in Markdown that says it is a deterministic writer, with usage', async () => {
    const req = {
      model: 'service-chat',
      messages: [
        { role: 'system' as const, content: 'Be brief.' },
        {
          role: 'user' as const,
          content: [{ type: 'text' as const, text: 'Tell me about rivers and lakes' }],
        },
      ],
    };
    const a = await ctx.client.chat.completions.create(req);
    const b = await ctx.client.chat.completions.create(req);
    const text = a.choices[0]!.message.content!;
    expect(text).toBe(b.choices[0]!.message.content);
    expect(text).toMatch(/^## /m);
    expect(text).toMatch(/^- /m);
    expect(text).toMatch(/^\| # \|/m);
    expect(text).toMatch(/^```+text$/m);
    expect(text).toContain('not* a language model');
    expect(text).toContain('rivers');
    expect(a.object).toBe('chat.completion');
    expect(a.choices[0]!.finish_reason).toBe('stop');
    expect(a.usage!.completion_tokens).toBeGreaterThan(50);
    expect(a.usage!.total_tokens).toBe(a.usage!.prompt_tokens + a.usage!.completion_tokens);
  });

  it('respects max_completion_tokens, stop and n', async () => {
    const cut = await ctx.client.chat.completions.create({
      model: 'service-chat',
      messages: [{ role: 'user', content: 'hello' }],
      max_completion_tokens: 7,
      n: 3,
    });
    expect(cut.choices).toHaveLength(3);
    for (const choice of cut.choices) {
      expect(choice.finish_reason).toBe('length');
    }
    expect(cut.usage!.completion_tokens).toBe(21);
    const stopped = await ctx.client.chat.completions.create({
      model: 'service-chat',
      messages: [{ role: 'user', content: 'hello' }],
      stop: ['###'],
    });
    expect(stopped.choices[0]!.finish_reason).toBe('stop');
    expect(stopped.choices[0]!.message.content).not.toContain('###');
    expect(stopped.choices[0]!.message.content).toContain('deterministic writer');
  });

  it('streams chunks that add up to the same reply, with usage last', async () => {
    const messages = [
      { role: 'developer' as const, content: 'dev note' },
      { role: 'user' as const, content: 'first' },
      { role: 'assistant' as const, content: 'ok' },
      { role: 'user' as const, content: 'stream this please' },
    ];
    const whole = await ctx.client.chat.completions.create({ model: 'service-chat', messages });
    const stream = await ctx.client.chat.completions.create({
      model: 'service-chat',
      messages,
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let chunks = 0;
    let finish: string | null | undefined;
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const chunk of stream) {
      chunks++;
      expect(chunk.object).toBe('chat.completion.chunk');
      text += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe(whole.choices[0]!.message.content);
    expect(chunks).toBeGreaterThan(50);
    expect(finish).toBe('stop');
    expect(usage!.completion_tokens).toBe(whole.usage!.completion_tokens);
  });

  it('streams /bench N as exactly N tokens', async () => {
    const stream = await ctx.client.chat.completions.create({
      model: 'service-chat',
      messages: [{ role: 'user', content: '/bench 500' }],
      stream: true,
    });
    let deltas = 0;
    for await (const chunk of stream) if (chunk.choices[0]?.delta.content) deltas++;
    expect(deltas).toBe(500);
  });

  it('refuses a missing or unknown model, malformed messages and bad numbers, naming the field', async () => {
    const base = { messages: [{ role: 'user' as const, content: 'x' }] };
    const cases: Array<[unknown, string]> = [
      [{ ...base }, 'model'],
      [{ ...base, model: 'gpt-nope' }, 'model'],
      [{ model: 'service-chat', messages: [] }, 'messages'],
      [{ model: 'service-chat', messages: [{ role: 5, content: 'x' }] }, 'messages[0].role'],
      [{ model: 'service-chat', messages: [{ role: 'user', content: 5 }] }, 'messages[0].content'],
      [
        { model: 'service-chat', messages: [{ role: 'user', content: [{ type: 'video' }] }] },
        'messages[0].content[0].type',
      ],
      [{ model: 'service-chat', messages: [{ role: 'tool', content: 'r' }] }, 'messages[0].tool_call_id'],
      [{ ...base, model: 'service-chat', temperature: 3 }, 'temperature'],
      [{ ...base, model: 'service-chat', max_tokens: 0 }, 'max_tokens'],
      [{ ...base, model: 'service-chat', stop: ['a', 'b', 'c', 'd', 'e'] }, 'stop'],
    ];
    for (const [body, param] of cases) {
      const err = await refusal(ctx.client.chat.completions.create(body as never));
      expect(err.status, param).toBe(400);
      expect(err).toBeInstanceOf(OpenAI.BadRequestError);
      expect(err.param, JSON.stringify(body)).toBe(param);
      expect(err.message).toContain(param.split(/[.[]/)[0]);
      expect(err.type).toBe('invalid_request_error');
    }
  });

  it('refuses a wrong key with AuthenticationError', async () => {
    const bad = openaiClient(ctx.live, 'sk-wrong');
    const err = await refusal(
      bad.chat.completions.create({ model: 'service-chat', messages: [{ role: 'user', content: 'x' }] }),
    );
    expect(err).toBeInstanceOf(OpenAI.AuthenticationError);
  });
});

describe('responses through the openai client', () => {
  it('creates, chains with previous_response_id, retrieves and deletes stored responses', async () => {
    const first = await ctx.client.responses.create({
      model: 'service-chat',
      input: 'Plan a trip',
      instructions: 'Be helpful.',
    });
    expect(first.object).toBe('response');
    expect(first.status).toBe('completed');
    expect(first.output_text).toContain('Plan a trip');
    expect(first.usage!.output_tokens).toBeGreaterThan(50);

    const second = await ctx.client.responses.create({
      model: 'service-chat',
      previous_response_id: first.id,
      input: [{ role: 'user', content: [{ type: 'input_text', text: 'And the budget?' }] }],
    });
    expect(second.previous_response_id).toBe(first.id);
    // The earlier turn and its answer are part of the prompt now.
    expect(second.usage!.input_tokens).toBeGreaterThan(first.usage!.output_tokens);
    expect(second.output_text).toContain('Messages: **3**');

    const fetched = await ctx.client.responses.retrieve(second.id);
    expect(fetched.output_text ?? fetched.output).toBeTruthy();
    expect(fetched.id).toBe(second.id);

    const items = [];
    for await (const item of ctx.client.responses.inputItems.list(second.id, { order: 'asc', limit: 2 }))
      items.push(item);
    expect(items.map((i) => (i.type === 'message' ? i.role : i.type))).toEqual(['user', 'assistant', 'user']);
    const badLimit = await refusal(ctx.client.responses.inputItems.list(second.id, { limit: 0 }));
    expect([badLimit.status, badLimit.param]).toEqual([400, 'limit']);
    const badOrder = await refusal(ctx.client.responses.inputItems.list(second.id, { order: 'up' as 'asc' }));
    expect([badOrder.status, badOrder.param]).toEqual([400, 'order']);
    expect(badOrder.message).toContain('order must be "asc" or "desc".');

    await ctx.client.responses.delete(second.id);
    const gone = await refusal(ctx.client.responses.retrieve(second.id));
    expect(gone).toBeInstanceOf(OpenAI.NotFoundError);
  });

  it('does not store with store: false, and refuses an unknown previous_response_id', async () => {
    const r = await ctx.client.responses.create({ model: 'service-chat', input: 'secret', store: false });
    expect((await refusal(ctx.client.responses.retrieve(r.id))).status).toBe(404);
    const err = await refusal(
      ctx.client.responses.create({ model: 'service-chat', input: 'x', previous_response_id: r.id }),
    );
    expect(err.status).toBe(400);
    expect(err.param).toBe('previous_response_id');
  });

  it('streams the typed events and ends incomplete at max_output_tokens', async () => {
    const stream = ctx.client.responses.stream({
      model: 'service-chat',
      input: 'stream please',
      max_output_tokens: 12,
    });
    const types: string[] = [];
    let deltas = '';
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === 'response.output_text.delta') deltas += event.delta;
    }
    const final = await stream.finalResponse();
    expect(types.slice(0, 4)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
    ]);
    expect(types.filter((t) => t === 'response.output_text.delta')).toHaveLength(12);
    expect(types.at(-1)).toBe('response.incomplete');
    expect(final.status).toBe('incomplete');
    expect(final.incomplete_details?.reason).toBe('max_output_tokens');
    expect(final.output_text).toBe(deltas);
    expect((await ctx.client.responses.retrieve(final.id)).status).toBe('incomplete');
  });

  it('compacts a conversation into user messages plus one compaction item, with fewer tokens', async () => {
    const first = await ctx.client.responses.create({ model: 'service-chat', input: 'Write about tea' });
    const second = await ctx.client.responses.create({
      model: 'service-chat',
      input: 'And coffee',
      previous_response_id: first.id,
    });
    const compacted = await ctx.client.responses.compact({
      model: 'service-chat',
      previous_response_id: second.id,
    });
    expect(compacted.object).toBe('response.compaction');
    expect(compacted.output.map((o) => o.type)).toEqual(['message', 'message', 'compaction']);
    expect(compacted.usage.output_tokens).toBeLessThan(compacted.usage.input_tokens / 3);
    // The compacted items are valid input for the next turn.
    const next = await ctx.client.responses.create({
      model: 'service-chat',
      input: [
        ...(compacted.output as OpenAI.Responses.ResponseInputItem[]),
        { role: 'user', content: 'Go on' },
      ],
    });
    expect(next.usage!.input_tokens).toBeLessThan(second.usage!.input_tokens);
    const tampered = await refusal(
      ctx.client.responses.create({
        model: 'service-chat',
        input: [{ type: 'compaction', encrypted_content: 'forged' }],
      }),
    );
    expect(tampered.param).toBe('input[0].encrypted_content');
  });

  it('refuses empty input and a missing model', async () => {
    expect((await refusal(ctx.client.responses.create({ model: 'service-chat', input: '  ' }))).param).toBe(
      'input',
    );
    expect((await refusal(ctx.client.responses.create({ input: 'x' } as never))).param).toBe('model');
    expect((await refusal(ctx.client.responses.create({ model: 'service-chat', input: [] }))).param).toBe(
      'input',
    );
  });
});
