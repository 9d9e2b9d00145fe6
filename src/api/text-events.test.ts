import { describe, expect, it } from 'vitest';
import {
  decodeFinal,
  decodeStreamMessage,
  mergeUsage,
  type ChatFormat,
  type StreamUpdate,
} from '@/api/text-events';

const run = (format: ChatFormat, events: Array<[string | undefined, unknown]>): StreamUpdate[] =>
  events.flatMap(([event, data]) =>
    decodeStreamMessage(format, { event, data: typeof data === 'string' ? data : JSON.stringify(data) }),
  );

const text = (updates: StreamUpdate[]) =>
  updates.flatMap((u) => (u.type === 'delta' ? [u.text] : [])).join('');

describe('chat completions stream', () => {
  it('yields content deltas, the finish reason, usage from the last chunk, and [DONE]', () => {
    const updates = run('chat', [
      [
        undefined,
        {
          id: 'chatcmpl-1',
          object: 'chat.completion.chunk',
          choices: [{ index: 0, delta: { role: 'assistant', content: '' } }],
        },
      ],
      [undefined, { id: 'chatcmpl-1', choices: [{ index: 0, delta: { content: '# Hi' } }] }],
      [
        undefined,
        { id: 'chatcmpl-1', choices: [{ index: 0, delta: { content: ' there' }, finish_reason: null }] },
      ],
      [undefined, { id: 'chatcmpl-1', choices: [{ index: 0, delta: {}, finish_reason: 'length' }] }],
      [
        undefined,
        { id: 'chatcmpl-1', choices: [], usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 } },
      ],
      [undefined, '[DONE]'],
    ]);
    expect(text(updates)).toBe('# Hi there');
    expect(updates).toContainEqual({ type: 'finish', reason: 'length' });
    expect(updates).toContainEqual({
      type: 'usage',
      usage: { inputTokens: 5, outputTokens: 2, totalTokens: 7 },
    });
    expect(updates).toContainEqual({ type: 'id', id: 'chatcmpl-1' });
    expect(updates.at(-1)).toEqual({ type: 'done' });
  });

  it('turns an error chunk into an error and skips what is not JSON', () => {
    expect(
      run('chat', [
        [undefined, 'not json'],
        [undefined, { error: { message: 'boom' } }],
      ]),
    ).toEqual([{ type: 'error', message: 'boom' }]);
  });
});

describe('responses stream', () => {
  it('reads typed events: created id, text deltas, completed usage', () => {
    const updates = run('responses', [
      ['response.created', { type: 'response.created', response: { id: 'resp_1', status: 'in_progress' } }],
      ['response.output_item.added', { type: 'response.output_item.added' }],
      ['response.output_text.delta', { type: 'response.output_text.delta', delta: 'Hel' }],
      ['response.output_text.delta', { type: 'response.output_text.delta', delta: 'lo' }],
      ['response.output_text.done', { type: 'response.output_text.done', text: 'Hello' }],
      [
        'response.completed',
        {
          type: 'response.completed',
          response: {
            id: 'resp_1',
            status: 'completed',
            usage: { input_tokens: 3, output_tokens: 2, total_tokens: 5 },
          },
        },
      ],
    ]);
    expect(text(updates)).toBe('Hello');
    expect(updates[0]).toEqual({ type: 'id', id: 'resp_1' });
    expect(updates).toContainEqual({
      type: 'usage',
      usage: { inputTokens: 3, outputTokens: 2, totalTokens: 5 },
    });
    expect(updates).toContainEqual({ type: 'finish', reason: 'completed' });
  });

  it('reports an incomplete reply with its reason, and a failed one as an error', () => {
    const inc = run('responses', [
      [
        'response.incomplete',
        {
          type: 'response.incomplete',
          response: { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } },
        },
      ],
    ]);
    expect(inc).toContainEqual({ type: 'finish', reason: 'max_output_tokens' });
    const failed = run('responses', [
      [
        'response.failed',
        { type: 'response.failed', response: { error: { code: 'server_error', message: 'it broke' } } },
      ],
    ]);
    expect(failed[0]).toEqual({ type: 'error', message: 'it broke' });
  });
});

describe('messages stream', () => {
  it('reads message_start usage, text deltas, stop reason and output usage', () => {
    const updates = run('messages', [
      [
        'message_start',
        { type: 'message_start', message: { id: 'msg_1', usage: { input_tokens: 9, output_tokens: 1 } } },
      ],
      [
        'content_block_start',
        { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      ],
      ['ping', { type: 'ping' }],
      [
        'content_block_delta',
        { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hi' } },
      ],
      [
        'content_block_delta',
        { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{' } },
      ],
      ['content_block_stop', { type: 'content_block_stop', index: 0 }],
      [
        'message_delta',
        { type: 'message_delta', delta: { stop_reason: 'max_tokens' }, usage: { output_tokens: 4 } },
      ],
      ['message_stop', { type: 'message_stop' }],
    ]);
    expect(text(updates)).toBe('Hi');
    expect(updates).toContainEqual({ type: 'finish', reason: 'max_tokens' });
    let usage;
    for (const u of updates) if (u.type === 'usage') usage = mergeUsage(usage, u.usage, 'messages');
    expect(usage).toEqual({ inputTokens: 9, outputTokens: 4, totalTokens: 13 });
    expect(updates.at(-1)).toEqual({ type: 'done' });
  });

  it('reads an error event in the Anthropic shape', () => {
    expect(
      run('messages', [
        ['error', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }],
      ])[0],
    ).toEqual({
      type: 'error',
      message: 'Overloaded',
    });
  });
});

describe('decodeFinal', () => {
  it('reads each format’s non-streamed answer', () => {
    expect(
      decodeFinal('chat', {
        id: 'c1',
        choices: [{ message: { role: 'assistant', content: 'A' }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      }),
    ).toEqual({
      text: 'A',
      finishReason: 'stop',
      id: 'c1',
      usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
      toolCalls: [],
    });
    expect(
      decodeFinal('responses', {
        id: 'r1',
        status: 'completed',
        output: [{ type: 'message', content: [{ type: 'output_text', text: 'B' }] }],
      }).text,
    ).toBe('B');
    expect(
      decodeFinal('messages', { id: 'm1', content: [{ type: 'text', text: 'C' }], stop_reason: 'end_turn' }),
    ).toMatchObject({ text: 'C', finishReason: 'end_turn' });
  });
});

describe('tool calls', () => {
  const sse = (data: unknown, event?: string) => ({ data: JSON.stringify(data), event });

  it('decodes each format’s streamed call: id and name, then argument pieces', () => {
    expect(
      decodeStreamMessage(
        'chat',
        sse({
          choices: [
            { delta: { tool_calls: [{ index: 0, id: 'call_1', function: { name: 'f', arguments: '' } }] } },
          ],
        }),
      ),
    ).toContainEqual({ type: 'tool_call', index: 0, id: 'call_1', name: 'f', args: '' });
    expect(
      decodeStreamMessage(
        'responses',
        sse({ type: 'response.function_call_arguments.delta', output_index: 1, delta: '{"a"' }),
      ),
    ).toEqual([{ type: 'tool_call', index: 1, args: '{"a"' }]);
    expect(
      decodeStreamMessage(
        'messages',
        sse({
          type: 'content_block_start',
          index: 0,
          content_block: { type: 'tool_use', id: 'toolu_1', name: 'g', input: {} },
        }),
      ),
    ).toEqual([{ type: 'tool_call', index: 0, id: 'toolu_1', name: 'g' }]);
    expect(
      decodeStreamMessage(
        'messages',
        sse({
          type: 'content_block_delta',
          index: 0,
          delta: { type: 'input_json_delta', partial_json: '{}' },
        }),
      ),
    ).toEqual([{ type: 'tool_call', index: 0, args: '{}' }]);
  });

  it('reads the calls of non-streamed answers', () => {
    expect(
      decodeFinal('responses', {
        output: [{ type: 'function_call', call_id: 'call_2', name: 'f', arguments: '{"x":1}' }],
      }).toolCalls,
    ).toEqual([{ id: 'call_2', name: 'f', arguments: '{"x":1}' }]);
    expect(
      decodeFinal('messages', { content: [{ type: 'tool_use', id: 'toolu_2', name: 'g', input: { y: 2 } }] })
        .toolCalls,
    ).toEqual([{ id: 'toolu_2', name: 'g', arguments: '{"y":2}' }]);
  });
});
