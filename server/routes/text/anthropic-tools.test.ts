import type Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { anthropicClient, anthropicRefusal as refusal, useLiveClient } from '../../test/official-clients';

const ctx = useLiveClient(anthropicClient);

const tools: Anthropic.Tool[] = [
  {
    name: 'lookup_order',
    description: 'Find an order by its number',
    input_schema: {
      type: 'object',
      properties: {
        order_id: { type: 'integer', minimum: 1000 },
        include: { type: 'array', items: { type: 'string', enum: ['items', 'shipping'] } },
        customer: {
          type: 'object',
          properties: { email: { type: 'string', format: 'email' } },
          required: ['email'],
        },
      },
      required: ['order_id', 'customer'],
    },
  },
  { name: 'get_time', description: 'The current time', input_schema: { type: 'object', properties: {} } },
];
const ask = 'Where is my order? order_id: 4321';

describe('tools through @anthropic-ai/sdk messages.stream', () => {
  it('streams a tool_use block whose input_json_delta pieces assemble into valid input', async () => {
    const stream = ctx.client.messages.stream({
      model: 'service-messages',
      max_tokens: 1024,
      messages: [{ role: 'user', content: ask }],
      tools,
    });
    const pieces: string[] = [];
    stream.on('inputJson', (partial) => pieces.push(partial));
    const msg = await stream.finalMessage();
    expect(msg.stop_reason).toBe('tool_use');
    const use = msg.content[0] as Anthropic.ToolUseBlock;
    expect(use.type).toBe('tool_use');
    expect(use.id).toMatch(/^toolu_/);
    expect(use.name).toBe('lookup_order');
    expect(use.input).toEqual({ order_id: 4321, customer: { email: 'user@example.com' } });
    expect(pieces.length).toBeGreaterThan(3);
  });

  it('answers a tool_result turn with text that uses the result', async () => {
    const first = await ctx.client.messages.create({
      model: 'service-messages',
      max_tokens: 1024,
      messages: [{ role: 'user', content: ask }],
      tools,
    });
    const use = first.content[0] as Anthropic.ToolUseBlock;
    const stream = ctx.client.messages.stream({
      model: 'service-messages',
      max_tokens: 4000,
      tools,
      messages: [
        { role: 'user', content: ask },
        { role: 'assistant', content: first.content },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: use.id, content: 'Shipped on Monday' }],
        },
      ],
    });
    const text = await stream.finalText();
    expect((await stream.finalMessage()).stop_reason).toBe('end_turn');
    expect(text).toContain('`lookup_order`');
    expect(text).toContain('Shipped on Monday');
  });

  it('follows tool_choice and refuses a tool_result for no call or a tool it does not offer', async () => {
    const forced = await ctx.client.messages.create({
      model: 'service-messages',
      max_tokens: 100,
      messages: [{ role: 'user', content: ask }],
      tools,
      tool_choice: { type: 'tool', name: 'get_time' },
    });
    expect((forced.content[0] as Anthropic.ToolUseBlock).name).toBe('get_time');
    const none = await ctx.client.messages.create({
      model: 'service-messages',
      max_tokens: 4000,
      messages: [{ role: 'user', content: ask }],
      tools,
      tool_choice: { type: 'none' },
    });
    expect(none.stop_reason).toBe('end_turn');
    const orphan = await refusal(
      ctx.client.messages.create({
        model: 'service-messages',
        max_tokens: 100,
        messages: [
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_x', content: 'x' }] },
        ],
      }),
    );
    expect(orphan.status).toBe(400);
    expect(orphan.error).toMatchObject({
      type: 'error',
      error: { type: 'invalid_request_error', param: 'messages[0].content[0].tool_use_id' },
    });
    const unknown = await refusal(
      ctx.client.messages.create({
        model: 'service-messages',
        max_tokens: 100,
        messages: [{ role: 'user', content: ask }],
        tools,
        tool_choice: { type: 'tool', name: 'nope' },
      }),
    );
    expect(unknown.error).toMatchObject({ error: { param: 'tool_choice.name' } });
  });
});
