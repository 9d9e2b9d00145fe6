import { describe, expect, it } from 'vitest';
import { SCHEMA_EXAMPLE, TOOL_EXAMPLES } from '@/features/playground/chat/agent-request';
import { buildChatRequest, buildCompactRequest } from '@/features/playground/chat/chat-request';
import { DEFAULT_MODELS, DEFAULT_SETTINGS } from '@/features/playground/chat/chat-store';
import { ChatCompletionRequestSchema } from '@contract/chat-completions-request';
import { MessagesRequestSchema } from '@contract/messages-request';
import { CompactRequestSchema, ResponsesRequestSchema } from '@contract/responses-request';

const history = [
  { role: 'user' as const, content: 'Hi' },
  { role: 'assistant' as const, content: 'Hello' },
  { role: 'user' as const, content: 'More' },
];
const settings = { ...DEFAULT_SETTINGS, system: 'Be brief.', maxTokens: 50, temperature: 0.5 };

describe('buildChatRequest', () => {
  it('Chat Completions: system first in messages, usage asked for in the stream', () => {
    const { path, body } = buildChatRequest(settings, history);
    expect(path).toBe('/v1/chat/completions');
    expect(body).toEqual({
      model: 'service-chat',
      messages: [{ role: 'system', content: 'Be brief.' }, ...history],
      temperature: 0.5,
      max_tokens: 50,
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('Responses: instructions and input items, max_output_tokens', () => {
    const { path, body } = buildChatRequest({ ...settings, format: 'responses', stream: false }, history);
    expect(path).toBe('/v1/responses');
    expect(body).toEqual({
      model: 'service-chat',
      instructions: 'Be brief.',
      input: history,
      temperature: 0.5,
      max_output_tokens: 50,
    });
  });

  it('Messages: system apart and max_tokens always', () => {
    const { path, body } = buildChatRequest(
      { ...settings, format: 'messages', model: 'service-messages', system: '' },
      history,
    );
    expect(path).toBe('/v1/messages');
    expect(body).toEqual({
      model: 'service-messages',
      max_tokens: 50,
      messages: history,
      temperature: 0.5,
      stream: true,
    });
  });

  it('top_p and stop sequences are sent only when set, under each API name; Responses has no stop', () => {
    const sampled = { ...settings, stream: false, topP: 0.9, stop: 'END\n\n###' };
    expect(buildChatRequest(sampled, history).body).toMatchObject({ top_p: 0.9, stop: ['END', '###'] });
    const messages = buildChatRequest({ ...sampled, format: 'messages' }, history).body;
    expect(messages).toMatchObject({ top_p: 0.9, stop_sequences: ['END', '###'] });
    expect(messages).not.toHaveProperty('stop');
    const responses = buildChatRequest({ ...sampled, format: 'responses' }, history).body;
    expect(responses).toMatchObject({ top_p: 0.9 });
    expect(responses).not.toHaveProperty('stop');
    expect(buildChatRequest({ ...settings, topP: 1, stop: '' }, history).body).not.toHaveProperty('top_p');
  });
});

describe('the bodies the playground builds pass the server’s own request schemas', () => {
  const schemas = {
    chat: ChatCompletionRequestSchema,
    responses: ResponsesRequestSchema,
    messages: MessagesRequestSchema,
  } as const;
  const conversation = [
    { role: 'user' as const, content: 'Weather in Oslo?' },
    {
      role: 'assistant' as const,
      content: '',
      toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: '{"city":"Oslo"}', result: '{"t":3}' }],
    },
    { role: 'user' as const, content: 'Thanks' },
  ];
  const everything = {
    ...settings,
    topP: 0.9,
    stop: 'END',
    toolsOn: true,
    tools: JSON.stringify(TOOL_EXAMPLES.weather),
    jsonOutput: true,
    jsonSchema: JSON.stringify(SCHEMA_EXAMPLE),
  };

  it.each(['chat', 'responses', 'messages'] as const)('%s, with every setting on', (format) => {
    for (const stream of [true, false]) {
      const model = DEFAULT_MODELS[format];
      const { body } = buildChatRequest({ ...everything, format, model, stream }, conversation);
      const result = schemas[format].safeParse(body);
      expect(result.error?.issues, JSON.stringify(body)).toBeUndefined();
    }
    const { body } = buildCompactRequest(
      { ...everything, format, model: DEFAULT_MODELS[format] },
      conversation,
    );
    expect(CompactRequestSchema.safeParse(body).error?.issues).toBeUndefined();
  });
});
