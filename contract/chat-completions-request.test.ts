import { describe, expect, it } from 'vitest';
import { ChatCompletionRequestSchema as Schema } from './chat-completions-request';
import { firstIssue } from './test-support/first-issue';

const user = { role: 'user', content: 'Hi' };
const weather = {
  type: 'function',
  function: { name: 'get_weather', description: 'Weather', parameters: { type: 'object' } },
};
const refused = (body: object) => firstIssue(Schema, { model: 'service-chat', messages: [user], ...body });

describe('Chat Completions request schema', () => {
  it('accepts every message shape the openai client sends, string content as one text part', () => {
    const parsed = Schema.parse({
      model: 'service-chat',
      messages: [
        { role: 'developer', content: 'Be brief.' },
        { role: 'system', content: [{ type: 'text', text: 'Be kind.' }] },
        {
          role: 'user',
          name: 'ann',
          content: [
            { type: 'text', text: 'Look' },
            { type: 'image_url', image_url: { url: 'data:,' } },
            { type: 'input_audio', input_audio: {} },
            { type: 'file', file: {} },
          ],
        },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: '{"t": 20}' },
        { role: 'assistant', content: [{ type: 'refusal', refusal: 'No.' }] },
        { role: 'assistant', function_call: { name: 'f', arguments: '{}' } },
        { role: 'function', name: 'f', content: 'done' },
      ],
      tools: [weather],
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
      parallel_tool_calls: false,
      response_format: { type: 'json_schema', json_schema: { name: 'x', schema: {}, strict: true } },
      logprobs: false,
    });
    expect(parsed.messages[0]!.content).toEqual([{ type: 'text', text: 'Be brief.' }]);
    expect(parsed.messages[3]!.content).toEqual([]);
    expect(parsed.messages[6]!.content).toEqual([]);
    expect(parsed.logprobs).toBe(false);
    for (const choice of ['none', 'auto', 'required', null]) {
      expect(
        Schema.safeParse({ model: 'service-chat', messages: [user], tools: [weather], tool_choice: choice })
          .success,
      ).toBe(true);
    }
    for (const type of ['text', 'json_object']) {
      expect(
        Schema.safeParse({ model: 'service-chat', messages: [user], response_format: { type } }).success,
      ).toBe(true);
    }
  });

  it('accepts any role string, reading an unknown one as context (issue 44: role is a string)', () => {
    const r = Schema.safeParse({
      model: 'service-chat',
      messages: [{ role: 'narrator', content: 'Night falls.' }, user],
    });
    expect(r.success).toBe(true);
    expect(r.data?.messages[0]).toMatchObject({ role: 'developer', sent_role: 'narrator' });
  });

  it('names the message field that is wrong and what it must be', () => {
    const cases: Array<[object, string, string]> = [
      [{ messages: 'Hi' }, 'messages', 'messages must be an array of messages.'],
      [{ messages: [] }, 'messages', 'messages must contain at least one message.'],
      [{ messages: [user, 5] }, 'messages[1]', 'messages[1] must be an object with "role" and "content".'],
      [
        { messages: [{ role: 5, content: 'x' }] },
        'messages[0].role',
        'messages[0].role must be a non-empty string, e.g. "system", "developer", "user", "assistant", "tool".',
      ],
      [
        { messages: [user, user, { role: 'user', content: 5 }] },
        'messages[2].content',
        'messages[2].content must be a string or an array of content parts.',
      ],
      [
        { messages: [{ role: 'assistant', content: null, tool_calls: [] }] },
        'messages[0].content',
        'messages[0].content must be a string or an array of content parts.',
      ],
      [
        { messages: [{ role: 'user', content: [{ type: 'video' }] }] },
        'messages[0].content[0].type',
        'messages[0].content[0].type must be one of "text", "image_url", "input_audio", "file", got "video".',
      ],
      [
        { messages: [{ role: 'user', content: [{ type: 'text', text: 1 }] }] },
        'messages[0].content[0].text',
        'messages[0].content[0].text must be a string.',
      ],
      [
        { messages: [{ role: 'tool', content: 'r' }] },
        'messages[0].tool_call_id',
        'messages[0].tool_call_id is required for a tool message: the id of the call it answers.',
      ],
      [
        { messages: [{ role: 'assistant', tool_calls: [{ id: '', function: { name: 'f' } }] }] },
        'messages[0].tool_calls[0].id',
        'messages[0].tool_calls[0].id must be the id the tool result will answer.',
      ],
      [
        { messages: [{ role: 'assistant', content: 'x', tool_calls: [7] }] },
        'messages[0].tool_calls[0]',
        'messages[0].tool_calls[0] must be {"id", "type": "function", "function": {"name", "arguments"}}.',
      ],
    ];
    for (const [body, param, message] of cases) {
      expect(firstIssue(Schema, { model: 'service-chat', ...body })).toEqual({ param, message });
    }
  });

  it('names the tool field that is wrong', () => {
    expect(refused({ tools: {} })).toEqual({
      param: 'tools',
      message: 'tools must be an array of tool definitions.',
    });
    expect(refused({ tools: [{ type: 'function', function: { name: 'get weather' } }] }).param).toBe(
      'tools[0].function.name',
    );
    expect(refused({ tools: [{ type: 'web_search' }] })).toEqual({
      param: 'tools[0].type',
      message: 'tools[0].type must be "function".',
    });
    expect(
      refused({ tools: [{ type: 'function', function: { name: 'f', parameters: { type: 'array' } } }] }),
    ).toEqual({
      param: 'tools[0].function.parameters',
      message: 'tools[0].function.parameters must be a JSON Schema with "type": "object".',
    });
    expect(refused({ tools: [weather, weather] })).toEqual({
      param: 'tools[1]',
      message: 'tools[1] repeats the tool name "get_weather": names must be unique.',
    });
    expect(refused({ tools: Array.from({ length: 129 }, () => weather) }).message).toBe(
      'tools may hold at most 128 tools.',
    );
    expect(refused({ tool_choice: 'required' })).toEqual({
      param: 'tool_choice',
      message: 'tool_choice needs tools: offer the tools it may choose from in "tools".',
    });
    expect(refused({ tools: [weather], tool_choice: 'any' }).param).toBe('tool_choice');
    expect(
      refused({ tools: [weather], tool_choice: { type: 'function', function: { name: 'get_time' } } }),
    ).toEqual({
      param: 'tool_choice.function.name',
      message:
        'tool_choice.function.name names the tool "get_time", which is not among the offered tools ("get_weather").',
    });
    expect(refused({ parallel_tool_calls: 'yes' }).message).toBe(
      'parallel_tool_calls must be true or false.',
    );
  });

  it('names the response_format field that is wrong', () => {
    expect(refused({ response_format: 'json' }).message).toBe(
      'response_format must be an object with a "type".',
    );
    expect(refused({ response_format: { type: 'xml' } })).toEqual({
      param: 'response_format.type',
      message: 'response_format.type must be one of "text", "json_object", "json_schema", got "xml".',
    });
    expect(refused({ response_format: { type: 'json_schema' } }).param).toBe('response_format.json_schema');
    expect(refused({ response_format: { type: 'json_schema', json_schema: { name: 'x' } } })).toEqual({
      param: 'response_format.json_schema.schema',
      message: 'response_format.json_schema.schema is required: the JSON Schema of the reply.',
    });
    expect(
      refused({ response_format: { type: 'json_schema', json_schema: { name: 'a b', schema: {} } } }).param,
    ).toBe('response_format.json_schema.name');
    expect(refused({ stream_options: { include_usage: true } }).message).toBe(
      'stream_options is only allowed when stream is true.',
    );
  });
});
