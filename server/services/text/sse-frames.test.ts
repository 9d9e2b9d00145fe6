import { describe, expect, it } from 'vitest';
import { chatCompletionFrames, type ChatChoice } from './chat-completion-reply';
import { messageFrames } from './messages-reply';
import type { Frame } from './paced-stream';
import type { PlannedReply } from './writer';

/*
 * The SSE framing of Chat Completions and Messages, now in services/text: the exact wire shape the
 * official clients parse (what streaming.test.ts checks end to end through the routes), taken
 * apart frame by frame so that a broken frame names itself.
 */

const plan = (tokens: string[], finish: PlannedReply['finish'] = 'stop'): PlannedReply => ({
  tokens,
  text: tokens.join(''),
  finish,
  stopSequence: finish === 'stop_sequence' ? '###' : null,
  bench: false,
});
const call = { id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' };

/** The fields of a chunk these tests read. */
interface Chunk {
  choices: Array<{
    index: number;
    delta: {
      content?: string;
      tool_calls?: Array<{ function: { arguments: string } }>;
    };
    finish_reason: string | null;
  }>;
  usage?: { completion_tokens: number } | null;
}

/** `data: <json>\n\n` frames (Chat Completions): the payloads, with [DONE] as the string it is. */
function dataPayloads(frames: Iterable<Frame>): unknown[] {
  return [...frames].map(({ data }) => {
    expect(data).toMatch(/^data: .*\n\n$/s);
    const body = data.slice('data: '.length, -2);
    return body === '[DONE]' ? body : JSON.parse(body);
  });
}

/** `event: <type>\ndata: <json>\n\n` frames (Messages): the event name must be the payload's type. */
function events(frames: Iterable<Frame>): Array<{ type: string } & Record<string, unknown>> {
  return [...frames].map(({ data }) => {
    const match = /^event: ([a-z_]+)\ndata: (.*)\n\n$/s.exec(data);
    expect(match, data).not.toBeNull();
    const payload = JSON.parse(match![2]!) as { type: string };
    expect(payload.type).toBe(match![1]);
    return payload;
  });
}

describe('Chat Completions chunks', () => {
  const base = { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'service-chat' };

  it('sends the role, one chunk per token, the finish reason, the usage when asked, then [DONE]', () => {
    const choices: ChatChoice[] = [{ plan: plan(['Hello', ' there'], 'length'), calls: [] }];
    const frames = [...chatCompletionFrames(choices, base, 7, true)];
    expect(frames.map((f) => f.token === true)).toEqual([false, true, true, false, false, false]);
    const payloads = dataPayloads(frames) as Chunk[];
    expect(payloads.at(-1)).toBe('[DONE]');
    for (const p of payloads.slice(0, -1)) expect(p).toMatchObject(base);
    expect(payloads[0]!.choices).toEqual([
      {
        index: 0,
        delta: { role: 'assistant', content: '', refusal: null },
        logprobs: null,
        finish_reason: null,
      },
    ]);
    expect(payloads.slice(1, 3).map((p) => p.choices[0]!.delta.content)).toEqual(['Hello', ' there']);
    expect(payloads[3]!.choices[0]).toMatchObject({ delta: {}, finish_reason: 'length' });
    // Every chunk carries `usage: null` until the last one, which has no choices and the totals.
    expect(payloads.slice(0, 4).every((p) => p.usage === null)).toBe(true);
    expect(payloads[4]).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 7, completion_tokens: 2, total_tokens: 9 },
    });
  });

  it('leaves usage out entirely unless stream_options asked for it', () => {
    const payloads = dataPayloads(chatCompletionFrames([{ plan: plan(['Hi']), calls: [] }], base, 3, false));
    expect(payloads).toHaveLength(4);
    for (const p of payloads.slice(0, -1)) expect(p).not.toHaveProperty('usage');
  });

  it('streams a tool call as id and name first, then the arguments in pieces, ending in tool_calls', () => {
    const payloads = dataPayloads(
      chatCompletionFrames([{ plan: plan(['unused']), calls: [call] }], base, 3, false),
    ) as Chunk[];
    const deltas = payloads.slice(0, -1).map((p) => p.choices[0]);
    expect(deltas[0]!.delta).toEqual({ role: 'assistant', content: null, refusal: null });
    expect(deltas[1]!.delta.tool_calls).toEqual([
      { index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '' } },
    ]);
    const pieces = deltas.slice(2, -1).map((d) => d!.delta.tool_calls![0]!.function.arguments);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe(call.arguments);
    expect(deltas.at(-1)).toMatchObject({ delta: {}, finish_reason: 'tool_calls' });
  });

  it('numbers the choices of n > 1 and counts all of them in the usage', () => {
    const choices = [
      { plan: plan(['a']), calls: [] },
      { plan: plan(['b', 'c']), calls: [] },
    ];
    const payloads = dataPayloads(chatCompletionFrames(choices, base, 1, true)) as Chunk[];
    const indexes = payloads.slice(0, -2).map((p) => p.choices[0]!.index);
    expect(indexes).toEqual([0, 0, 0, 1, 1, 1, 1]);
    expect(payloads.at(-2)!.usage!.completion_tokens).toBe(3);
  });
});

describe('Messages events', () => {
  const message = { id: 'msg_1', type: 'message', role: 'assistant', model: 'service-messages' };

  it('goes message_start, one text block with a ping, message_delta with the stop reason, message_stop', () => {
    const frames = [...messageFrames(message, plan(['Hi', ' you'], 'stop_sequence'), 5, [])];
    const list = events(frames);
    expect(list.map((e) => e.type)).toEqual([
      'message_start',
      'content_block_start',
      'ping',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(frames.filter((f) => f.token).length).toBe(2);
    expect(list[0]!.message).toMatchObject({
      ...message,
      content: [],
      stop_reason: null,
      usage: { input_tokens: 5 },
    });
    expect(list.slice(3, 5).map((e) => (e.delta as { text: string }).text)).toEqual(['Hi', ' you']);
    expect(list[6]).toMatchObject({
      delta: { stop_reason: 'stop_sequence', stop_sequence: '###' },
      usage: { output_tokens: 2 },
    });
  });

  it('maps the writer finish to Anthropic stop reasons', () => {
    const stop = (finish: PlannedReply['finish']) =>
      (events(messageFrames(message, plan(['x'], finish), 1, [])).at(-2)!.delta as { stop_reason: string })
        .stop_reason;
    expect(stop('stop')).toBe('end_turn');
    expect(stop('length')).toBe('max_tokens');
    expect(stop('stop_sequence')).toBe('stop_sequence');
  });

  it('streams tool_use blocks with input_json_delta pieces that assemble into the input', () => {
    const list = events(messageFrames(message, plan(['unused']), 1, [call]));
    expect(list[1]).toEqual({
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'tool_use', id: 'call_1', name: 'get_weather', input: {} },
    });
    const pieces = list
      .filter((e) => e.type === 'content_block_delta')
      .map((e) => (e.delta as { type: string; partial_json: string }).partial_json);
    expect(JSON.parse(pieces.join(''))).toEqual({ city: 'Paris' });
    expect(list.at(-2)).toMatchObject({ delta: { stop_reason: 'tool_use' } });
    expect(list.at(-1)!.type).toBe('message_stop');
    expect(list.some((e) => e.type === 'ping')).toBe(false);
  });
});
