import type { MessagesRequest } from '@contract/messages-request';
import { token } from '../../ids';
import { anthropicSystem, anthropicTurns } from './conversation';
import { eventFrame, jsonTemplate, type Frame } from './paced-stream';
import type { TextReply } from './reply';
import { messagesToolRequest } from './tools/tool-params';
import { prepareSchemas } from './schemas/prepare-schemas';
import { checkToolResults, type PlannedCall } from './tools/tools';
import { callTokens, tokenize } from './tokens';
import { planReply, promptTokens, type PlannedReply, type Turn } from './writer';

/*
 * POST /v1/messages (and count_tokens) answered by the local writer, as the Anthropic client reads
 * it: a message, or its events (`event: <type>` + `data: {…}`) from message_start to message_stop.
 */

type StopReason = 'end_turn' | 'max_tokens' | 'stop_sequence';

function stopReason(plan: PlannedReply): StopReason {
  if (plan.finish === 'length') return 'max_tokens';
  return plan.finish === 'stop_sequence' ? 'stop_sequence' : 'end_turn';
}

function usage(input: number, output: number) {
  return {
    input_tokens: input,
    output_tokens: output,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
  };
}

/** tool_use blocks as Anthropic streams them: the block with empty input, then input_json_delta pieces. */
function* toolUseFrames(calls: PlannedCall[]): Iterable<Frame> {
  for (const [index, call] of calls.entries()) {
    yield {
      data: eventFrame('content_block_start', {
        type: 'content_block_start',
        index,
        content_block: { type: 'tool_use', id: call.id, name: call.name, input: {} },
      }),
    };
    for (const partial_json of tokenize(call.arguments)) {
      yield {
        data: eventFrame('content_block_delta', {
          type: 'content_block_delta',
          index,
          delta: { type: 'input_json_delta', partial_json },
        }),
        token: true,
      };
    }
    yield { data: eventFrame('content_block_stop', { type: 'content_block_stop', index }) };
  }
}

/**
 * The events of one streamed message: message_start, then either the tool_use blocks or one text
 * block (with a ping, as the hosted API sends one), then message_delta with the stop reason and
 * message_stop. `message` is the message's fixed fields (id, type, role, model).
 */
export function* messageFrames(
  message: Record<string, unknown>,
  plan: PlannedReply,
  input: number,
  calls: PlannedCall[],
): Iterable<Frame> {
  yield {
    data: eventFrame('message_start', {
      type: 'message_start',
      message: { ...message, content: [], stop_reason: null, stop_sequence: null, usage: usage(input, 1) },
    }),
  };
  if (calls.length > 0) {
    yield* toolUseFrames(calls);
    yield {
      data: eventFrame('message_delta', {
        type: 'message_delta',
        delta: { stop_reason: 'tool_use', stop_sequence: null },
        usage: { output_tokens: callTokens(calls) },
      }),
    };
    yield { data: eventFrame('message_stop', { type: 'message_stop' }) };
    return;
  }
  yield {
    data: eventFrame('content_block_start', {
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'text', text: '' },
    }),
  };
  yield { data: eventFrame('ping', { type: 'ping' }) };
  const deltaFrame = jsonTemplate(
    (text) =>
      eventFrame('content_block_delta', {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'text_delta', text },
      }),
    1,
  );
  for (const text of plan.tokens) yield { data: deltaFrame(text), token: true };
  yield { data: eventFrame('content_block_stop', { type: 'content_block_stop', index: 0 }) };
  yield {
    data: eventFrame('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: stopReason(plan), stop_sequence: plan.stopSequence },
      usage: { output_tokens: plan.tokens.length },
    }),
  };
  yield { data: eventFrame('message_stop', { type: 'message_stop' }) };
}

const conversationTurns = (req: Pick<MessagesRequest, 'system' | 'messages'>): Turn[] => [
  ...anthropicSystem(req.system),
  ...anthropicTurns(req.messages),
];

/** The message a validated request gets from the writer, streamed or whole. */
export async function messagesReply(req: MessagesRequest): Promise<TextReply> {
  const turns = conversationTurns(req);
  checkToolResults(turns);
  const schemas = await prepareSchemas(messagesToolRequest(req), undefined, turns, req.model);
  const plan = planReply(
    { model: req.model, turns, temperature: req.temperature ?? undefined },
    { maxTokens: req.max_tokens, stop: req.stop_sequences ?? [] },
  );
  const calls = schemas.calls('toolu_');
  const input = promptTokens(turns);
  const message = { id: `msg_${token(24)}`, type: 'message', role: 'assistant', model: req.model };
  if (req.stream) {
    return {
      stream: {
        id: message.id,
        frames: messageFrames(message, plan, input, calls),
        totalTokens: calls.length > 0 ? callTokens(calls) : plan.tokens.length,
        fast: plan.bench,
      },
    };
  }
  if (calls.length > 0) {
    const content = calls.map((call) => ({
      type: 'tool_use',
      id: call.id,
      name: call.name,
      input: JSON.parse(call.arguments) as unknown,
    }));
    return {
      json: {
        ...message,
        content,
        stop_reason: 'tool_use',
        stop_sequence: null,
        usage: usage(input, callTokens(calls)),
      },
    };
  }
  return {
    json: {
      ...message,
      content: [{ type: 'text', text: plan.text }],
      stop_reason: stopReason(plan),
      stop_sequence: plan.stopSequence,
      usage: usage(input, plan.tokens.length),
    },
  };
}

/** POST /v1/messages/count_tokens: what the conversation would cost as input. */
export function countMessageTokens(req: Pick<MessagesRequest, 'system' | 'messages'>): {
  input_tokens: number;
} {
  return { input_tokens: promptTokens(conversationTurns(req)) };
}
