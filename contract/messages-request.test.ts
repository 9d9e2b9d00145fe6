import { describe, expect, it } from 'vitest';
import { AnthropicConversationSchema, MessagesRequestSchema as Schema } from './messages-request';
import { firstIssue } from './test-support/first-issue';

const user = { role: 'user', content: 'Hi' };
const tool = { name: 'lookup_order', description: 'Order', input_schema: { type: 'object' } };
const refused = (body: object) =>
  firstIssue(Schema, { model: 'service-messages', max_tokens: 16, messages: [user], ...body });

describe('Messages request schema', () => {
  it('accepts every block the Anthropic client sends, string content and system as text blocks', () => {
    const parsed = Schema.parse({
      model: 'service-messages',
      max_tokens: 16,
      system: [{ type: 'text', text: 'Be terse.', cache_control: { type: 'ephemeral' } }],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Look' },
            { type: 'image', source: {} },
            { type: 'document', source: {} },
          ],
        },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: '...', signature: 's' },
            { type: 'redacted_thinking', data: 'x' },
            { type: 'tool_use', id: 'toolu_1', name: 'lookup_order', input: { id: 7 } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: 'Shipped' },
            {
              type: 'tool_result',
              tool_use_id: 'toolu_1',
              content: [{ type: 'text', text: 'a' }, { type: 'image' }],
            },
            { type: 'tool_result', tool_use_id: 'toolu_1', is_error: true },
          ],
        },
      ],
      tools: [tool, { ...tool, name: 'other', type: 'custom' }],
      tool_choice: { type: 'tool', name: 'lookup_order', disable_parallel_tool_use: true },
    });
    const results = parsed.messages[2]!.content;
    expect(results[0]).toMatchObject({ content: [{ type: 'text', text: 'Shipped' }] });
    expect(results[2]).toMatchObject({ content: [] });
    expect(
      Schema.parse({ model: 'service-messages', max_tokens: 16, system: '', messages: [user] }).system,
    ).toBeUndefined();
    expect(
      Schema.parse({ model: 'service-messages', max_tokens: 16, system: 'Be terse.', messages: [user] })
        .system,
    ).toEqual([{ type: 'text', text: 'Be terse.' }]);
    expect(AnthropicConversationSchema.parse({ messages: [user] }).messages[0]!.content).toEqual([
      { type: 'text', text: 'Hi' },
    ]);
    for (const type of ['auto', 'any', 'none']) {
      expect(
        Schema.safeParse({
          model: 'service-messages',
          max_tokens: 16,
          messages: [user],
          tools: [tool],
          tool_choice: { type },
        }).success,
      ).toBe(true);
    }
  });

  it('names the conversation field that is wrong and what it must be', () => {
    const cases: Array<[object, string, string]> = [
      [{ messages: [] }, 'messages', 'messages must contain at least one message.'],
      [{ messages: [user, 'x'] }, 'messages[1]', 'messages[1] must be an object with "role" and "content".'],
      [
        { messages: [{ role: 'system', content: 'x' }] },
        'messages[0].role',
        'messages[0].role must be "user" or "assistant" (put system instructions in the top-level "system" field).',
      ],
      [
        { messages: [{ role: 'user', content: 5 }] },
        'messages[0].content',
        'messages[0].content must be a string or an array of content blocks.',
      ],
      [
        { messages: [{ role: 'user', content: [{ type: 'gif' }] }] },
        'messages[0].content[0].type',
        'messages[0].content[0].type must be one of "text", "image", "document", "tool_use", "tool_result", got "gif".',
      ],
      [
        { messages: [{ role: 'user', content: [null] }] },
        'messages[0].content[0]',
        'messages[0].content[0] must be a content block object with a "type".',
      ],
      [
        { messages: [{ role: 'assistant', content: [{ type: 'tool_use', name: 'f' }] }] },
        'messages[0].content[0].id',
        'messages[0].content[0].id must be the id its tool_result will answer.',
      ],
      [
        { messages: [{ role: 'user', content: [{ type: 'tool_result', content: 'x' }] }] },
        'messages[0].content[0].tool_use_id',
        'messages[0].content[0].tool_use_id must be the id of the tool_use it answers.',
      ],
      [
        {
          messages: [
            {
              role: 'user',
              content: [{ type: 'tool_result', tool_use_id: 't', content: [{ type: 'tool_use' }] }],
            },
          ],
        },
        'messages[0].content[0].content[0].type',
        'messages[0].content[0].content[0].type must be one of "text", "image", "document", got "tool_use".',
      ],
      [{ system: 5, messages: [user] }, 'system', 'system must be a string or an array of text blocks.'],
      [
        { system: [{ type: 'image' }], messages: [user] },
        'system[0].type',
        'system[0].type must be one of "text", got "image".',
      ],
    ];
    for (const [body, param, message] of cases) {
      expect(firstIssue(Schema, { model: 'service-messages', max_tokens: 16, ...body })).toEqual({
        param,
        message,
      });
    }
  });

  it('names the tool field that is wrong', () => {
    expect(refused({ tools: [{ ...tool, type: 'bash_20250124' }] })).toEqual({
      param: 'tools[0].type',
      message:
        'tools[0].type "bash_20250124" is not supported by the local server: offer custom tools with an input_schema.',
    });
    expect(refused({ tools: [{ name: 'f' }] })).toEqual({
      param: 'tools[0].input_schema',
      message: "tools[0].input_schema is required: the JSON Schema of the tool's input.",
    });
    expect(refused({ tools: [tool, tool] }).param).toBe('tools[1]');
    expect(refused({ tool_choice: 'auto' }).message).toBe('tool_choice must be an object with a "type".');
    expect(refused({ tool_choice: { type: 'required' } })).toEqual({
      param: 'tool_choice.type',
      message: 'tool_choice.type must be "auto", "any", "tool" or "none".',
    });
    expect(refused({ tool_choice: { type: 'any' } }).message).toContain('needs tools');
    expect(refused({ tools: [tool], tool_choice: { type: 'tool' } })).toEqual({
      param: 'tool_choice.name',
      message: 'tool_choice.name must be the name of an offered tool.',
    });
    expect(refused({ tools: [tool], tool_choice: { type: 'tool', name: 'other' } }).param).toBe(
      'tool_choice.name',
    );
    expect(
      refused({ tools: [tool], tool_choice: { type: 'auto', disable_parallel_tool_use: 'no' } }).param,
    ).toBe('tool_choice.disable_parallel_tool_use');
  });
});
