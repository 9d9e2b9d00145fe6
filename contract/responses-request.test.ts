import { describe, expect, it } from 'vitest';
import { InputItemsQuerySchema, ResponsesRequestSchema as Schema } from './responses-request';
import { firstIssue } from './test-support/first-issue';

const tool = { type: 'function', name: 'get_weather', parameters: { type: 'object' }, strict: true };
const refused = (body: object) => firstIssue(Schema, { model: 'service-chat', input: 'Hi', ...body });

describe('Responses request schema', () => {
  it('reads a string input as one user message', () => {
    expect(Schema.parse({ model: 'service-chat', input: 'Hi' }).input).toEqual([
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Hi' }] },
    ]);
    expect(Schema.parse({ model: 'service-chat', previous_response_id: 'resp_1' }).input).toBeUndefined();
  });

  it('accepts every input item the openai client sends back, a message without a type included', () => {
    const parsed = Schema.parse({
      model: 'service-chat',
      input: [
        { role: 'developer', content: 'Be brief.' },
        {
          type: 'message',
          role: 'user',
          content: [
            { type: 'input_text', text: 'Look' },
            { type: 'input_image', image_url: 'data:,' },
            { type: 'input_file', file_id: 'f' },
            { type: 'input_audio', input_audio: {} },
          ],
        },
        { role: 'assistant', content: [{ type: 'output_text', text: 'Hm', annotations: [] }] },
        { role: 'assistant', content: [{ type: 'refusal', refusal: 'No.' }] },
        { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{}' },
        { type: 'function_call_output', call_id: 'call_1', output: '{"t": 20}' },
        { type: 'custom_tool_call', call_id: 'call_2', name: 'grep', input: 'x' },
        { type: 'custom_tool_call_output', call_id: 'call_2', output: [{ type: 'input_text', text: 'y' }] },
        { type: 'compaction', encrypted_content: 'lc1.e30' },
        { type: 'reasoning', summary: [] },
        { type: 'item_reference', id: 'msg_1' },
      ],
      tools: [tool],
      tool_choice: { type: 'function', name: 'get_weather' },
      text: {
        format: { type: 'json_schema', name: 'w', schema: { type: 'object' }, strict: true },
        verbosity: 'low',
      },
      reasoning: { effort: 'low' },
    });
    expect(parsed.input![0]).toMatchObject({ type: 'message', role: 'developer' });
    expect(parsed.input).toHaveLength(11);
    expect(parsed.text).toMatchObject({ verbosity: 'low' });
    for (const format of [{ type: 'text' }, { type: 'json_object' }, null]) {
      expect(Schema.safeParse({ model: 'service-chat', input: 'x', text: { format } }).success).toBe(true);
    }
  });

  it('names the input field that is wrong and what it must be', () => {
    const cases: Array<[object, string, string]> = [
      [{ input: '  ' }, 'input', 'input must not be empty: send the text or items to respond to.'],
      [{ input: 5 }, 'input', 'input must be a string or an array of input items.'],
      [{ input: [] }, 'input', 'input must contain at least one input item.'],
      [{ input: [7] }, 'input[0]', 'input[0] must be an object (a message or another input item).'],
      [
        { input: [{ type: 'web_search_call' }] },
        'input[0].type',
        'input[0].type "web_search_call" is not supported here: send messages ("type": "message"), ' +
          'function_call, function_call_output or compaction items.',
      ],
      [
        { input: [{ role: 'tool', content: 'x' }] },
        'input[0].role',
        'input[0].role must be one of "user", "assistant", "system", "developer".',
      ],
      [
        { input: [{ role: 'user', content: { text: 'x' } }] },
        'input[0].content',
        'input[0].content must be a string or an array of content parts.',
      ],
      [
        { input: [{ role: 'user', content: [{ type: 'text', text: 'x' }] }] },
        'input[0].content[0].type',
        'input[0].content[0].type must be one of "input_text", "output_text", "input_image", "input_file", ' +
          '"input_audio", got "text".',
      ],
      [
        { input: [{ type: 'function_call_output', output: 'x' }] },
        'input[0].call_id',
        'input[0].call_id must be the call_id of the function_call it answers.',
      ],
      [
        { input: [{ type: 'function_call', call_id: 'c', arguments: '{}' }] },
        'input[0].name',
        'input[0].name must be the name of the called tool.',
      ],
      [
        { input: [{ type: 'compaction' }] },
        'input[0].encrypted_content',
        'input[0].encrypted_content must be the string a compaction returned.',
      ],
      [
        { conversation: 'conv_1' },
        'conversation',
        'conversation is not supported by the local server: chain responses with previous_response_id.',
      ],
    ];
    for (const [body, param, message] of cases) {
      expect(firstIssue(Schema, { model: 'service-chat', ...body })).toEqual({ param, message });
    }
  });

  it('names the tool or format field that is wrong', () => {
    expect(refused({ tools: [{ type: 'web_search' }] })).toEqual({
      param: 'tools[0].type',
      message: 'tools[0].type "web_search" is not supported by the local server: offer function tools.',
    });
    expect(refused({ tools: ['f'] }).message).toBe('tools[0] must be a tool object.');
    expect(refused({ tools: [{ ...tool, description: 3 }] }).param).toBe('tools[0].description');
    expect(refused({ tools: [{ ...tool, parameters: [] }] }).param).toBe('tools[0].parameters');
    expect(refused({ tools: [tool], tool_choice: { type: 'function', name: 'nope' } }).param).toBe(
      'tool_choice.name',
    );
    expect(refused({ tools: [tool], tool_choice: 'sometimes' }).message).toBe(
      'tool_choice must be "none", "auto", "required" or {"type": "function", "name"}.',
    );
    expect(refused({ tool_choice: { type: 'function', name: 'f' } }).message).toContain('needs tools');
    expect(refused({ text: 'json' }).message).toBe(
      'text must be an object such as {"format": {"type": "text"}}.',
    );
    expect(refused({ text: { format: { type: 'yaml' } } }).param).toBe('text.format.type');
    expect(refused({ text: { format: { type: 'json_schema', name: 'w' } } })).toEqual({
      param: 'text.format.schema',
      message: 'text.format.schema is required: the JSON Schema of the reply.',
    });
    expect(refused({ text: { format: { type: 'json_schema', name: 'w', schema: {}, strict: 1 } } })).toEqual({
      param: 'text.format.strict',
      message: 'text.format.strict must be true or false.',
    });
  });

  it('reads the input_items query with the hosted defaults and names a bad limit or order', () => {
    expect(InputItemsQuerySchema.parse({})).toEqual({ limit: 20, order: 'desc' });
    expect(InputItemsQuerySchema.parse({ limit: '2', order: 'asc', after: 'msg_1' })).toEqual({
      limit: 2,
      order: 'asc',
      after: 'msg_1',
    });
    for (const limit of ['0', '101', '1.5', 'ten', '']) {
      expect(firstIssue(InputItemsQuerySchema, { limit })).toEqual({
        param: 'limit',
        message: 'limit must be a whole number from 1 to 100.',
      });
    }
    expect(firstIssue(InputItemsQuerySchema, { order: 'up' }).message).toBe('order must be "asc" or "desc".');
  });
});
