import type { ChatCompletionRequest } from '@contract/chat-completions-request';
import { token } from '../../ids';
import { chatTurns } from './conversation';
import { dataFrame, jsonTemplate, type Frame } from './paced-stream';
import type { TextReply } from './reply';
import { prepareSchemas } from './schemas/prepare-schemas';
import { chatResponseFormat, chatToolRequest } from './tools/tool-params';
import { checkToolResults, type PlannedCall } from './tools/tools';
import { callTokens, tokenize } from './tokens';
import { planReply, promptTokens, type PlannedReply } from './writer';

/*
 * POST /v1/chat/completions answered by the local writer, as the openai client reads it: a
 * chat.completion, or chat.completion.chunk frames (`data: {…}` without event names, then
 * `data: [DONE]`).
 */

const FINGERPRINT = 'fp_local_writer';

function finishReason(plan: PlannedReply): 'stop' | 'length' {
  return plan.finish === 'length' ? 'length' : 'stop';
}

export function chatUsage(prompt: number, completion: number) {
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: 0,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
}

/** One choice: what the writer planned, and the tool calls it makes instead when tools are offered. */
export interface ChatChoice {
  plan: PlannedReply;
  calls: PlannedCall[];
}

const choiceTokens = ({ plan, calls }: ChatChoice) =>
  calls.length > 0 ? callTokens(calls) : plan.tokens.length;

/** Tool-call deltas as OpenAI streams them: id and name first, then the arguments in pieces. */
function* toolCallFrames(
  index: number,
  calls: PlannedCall[],
  chunk: (choices: unknown[]) => string,
): Iterable<Frame> {
  const delta = (d: object) => ({ data: chunk([{ index, delta: d, logprobs: null, finish_reason: null }]) });
  yield delta({ role: 'assistant', content: null, refusal: null });
  for (const [i, call] of calls.entries()) {
    yield delta({
      tool_calls: [{ index: i, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }],
    });
    for (const piece of tokenize(call.arguments)) {
      yield { ...delta({ tool_calls: [{ index: i, function: { arguments: piece } }] }), token: true };
    }
  }
  yield { data: chunk([{ index, delta: {}, logprobs: null, finish_reason: 'tool_calls' }]) };
}

/**
 * The chunks of a streamed completion: each choice in turn (its role, its tokens one by one, its
 * finish_reason), the usage chunk when `includeUsage`, then `[DONE]`. `base` is what every chunk
 * repeats (id, object, created, model…).
 */
export function* chatCompletionFrames(
  choices: ChatChoice[],
  base: object,
  prompt: number,
  includeUsage: boolean,
): Iterable<Frame> {
  const chunk = (list: unknown[], usage?: unknown) =>
    dataFrame({ ...base, choices: list, ...(includeUsage ? { usage: usage ?? null } : {}) });
  for (const [index, { plan, calls }] of choices.entries()) {
    if (calls.length > 0) {
      yield* toolCallFrames(index, calls, chunk);
      continue;
    }
    yield {
      data: chunk([
        {
          index,
          delta: { role: 'assistant', content: '', refusal: null },
          logprobs: null,
          finish_reason: null,
        },
      ]),
    };
    const tokenFrame = jsonTemplate(
      (content) => chunk([{ index, delta: { content }, logprobs: null, finish_reason: null }]),
      1,
    );
    for (const tok of plan.tokens) yield { data: tokenFrame(tok), token: true };
    yield { data: chunk([{ index, delta: {}, logprobs: null, finish_reason: finishReason(plan) }]) };
  }
  if (includeUsage) {
    const completion = choices.reduce((sum, c) => sum + choiceTokens(c), 0);
    yield { data: chunk([], chatUsage(prompt, completion)) };
  }
  yield { data: 'data: [DONE]\n\n' };
}

function messageOf({ plan, calls }: ChatChoice) {
  if (calls.length === 0) return { role: 'assistant', content: plan.text, refusal: null, annotations: [] };
  return {
    role: 'assistant',
    content: null,
    refusal: null,
    annotations: [],
    tool_calls: calls.map((c) => ({
      id: c.id,
      type: 'function',
      function: { name: c.name, arguments: c.arguments },
    })),
  };
}

/** The completion a validated request gets: `n` choices planned by the writer, streamed or whole. */
export async function chatCompletionReply(req: ChatCompletionRequest): Promise<TextReply> {
  const turns = chatTurns(req.messages);
  checkToolResults(turns);
  const n = req.n ?? 1;
  const temperature = req.temperature ?? undefined;
  const schemas = await prepareSchemas(chatToolRequest(req), chatResponseFormat(req), turns, req.model);
  const text = schemas.text;
  const choices = Array.from({ length: n }, (_, i): ChatChoice => ({
    plan: planReply(
      { model: req.model, turns, temperature, choice: i, choices: n },
      { maxTokens: req.max_completion_tokens ?? req.max_tokens ?? undefined, stop: req.stop ?? [], text },
    ),
    calls: schemas.calls('call_'),
  }));
  const prompt = promptTokens(turns);
  const id = `chatcmpl-${token(24)}`;
  const base = {
    id,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: req.model,
    system_fingerprint: FINGERPRINT,
    service_tier: 'default',
  };
  const completion = choices.reduce((sum, c) => sum + choiceTokens(c), 0);
  if (req.stream) {
    const includeUsage = req.stream_options?.include_usage === true;
    return {
      stream: {
        id,
        frames: chatCompletionFrames(choices, base, prompt, includeUsage),
        totalTokens: completion,
        fast: choices[0]!.plan.bench,
      },
    };
  }
  return {
    json: {
      ...base,
      object: 'chat.completion',
      choices: choices.map((choice, index) => ({
        index,
        message: messageOf(choice),
        logprobs: null,
        finish_reason: choice.calls.length > 0 ? 'tool_calls' : finishReason(choice.plan),
      })),
      usage: chatUsage(prompt, completion),
    },
  };
}
