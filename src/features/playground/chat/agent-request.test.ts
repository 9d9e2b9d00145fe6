import { describe, expect, it } from 'vitest';
import {
  agentFields,
  formatTurns,
  parseTools,
  TOOL_EXAMPLES,
} from '@/features/playground/chat/agent-request';
import { buildChatRequest } from '@/features/playground/chat/chat-request';
import { DEFAULT_SETTINGS } from '@/features/playground/chat/chat-store';

const tools = JSON.stringify(TOOL_EXAMPLES.weather);
const weather = TOOL_EXAMPLES.weather[0]!;
const reply = {
  role: 'assistant' as const,
  content: '',
  toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: '{"city":"Oslo"}', result: '{"t":3}' }],
};

describe('agent request fields', () => {
  it('offers the typed tools in each format’s shape, and nothing while the switch is off', () => {
    const on = { ...DEFAULT_SETTINGS, toolsOn: true, tools };
    expect(agentFields(on).tools).toEqual([{ type: 'function', function: weather }]);
    expect(agentFields({ ...on, format: 'responses' }).tools).toEqual([{ type: 'function', ...weather }]);
    expect(agentFields({ ...on, format: 'messages' }).tools).toEqual([
      { name: weather.name, description: weather.description, input_schema: weather.parameters },
    ]);
    expect(agentFields({ ...on, toolsOn: false })).toEqual({});
    expect(agentFields({ ...on, tools: '[{"name": 1}]' })).toEqual({});
    expect(parseTools('{')).toMatchObject({ ok: false });
  });

  it('asks for JSON: json_object without a schema, json_schema with one', () => {
    const json = { ...DEFAULT_SETTINGS, jsonOutput: true };
    expect(agentFields(json)).toEqual({ response_format: { type: 'json_object' } });
    const schema = { type: 'object', properties: {} };
    expect(agentFields({ ...json, format: 'responses', jsonSchema: JSON.stringify(schema) })).toEqual({
      text: { format: { type: 'json_schema', name: 'reply', strict: true, schema } },
    });
    expect(agentFields({ ...json, format: 'messages' })).toEqual({});
  });

  it('sends tool calls and their results as each format carries them', () => {
    expect(formatTurns('chat', reply)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '{"t":3}' },
    ]);
    expect(formatTurns('responses', reply)).toEqual([
      { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Oslo"}' },
      { type: 'function_call_output', call_id: 'call_1', output: '{"t":3}' },
    ]);
    expect(formatTurns('messages', reply)).toEqual([
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Oslo' } }],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_1', content: '{"t":3}' }] },
    ]);
    const { body } = buildChatRequest({ ...DEFAULT_SETTINGS, toolsOn: true, tools }, [
      { role: 'user', content: 'weather?' },
      reply,
    ]);
    expect(body.messages).toHaveLength(3);
    expect(body.tools).toHaveLength(1);
  });
});
