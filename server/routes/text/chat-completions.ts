import { Hono } from 'hono';
import { TEXT_MODELS } from '@contract/models';
import type { AppContext, AppEnv } from '../../context';
import { json, readJson } from '../../http';
import { token } from '../../ids';
import { chatTurns } from '../../services/text/conversation';
import {
  dataFrame,
  jsonTemplate,
  pacedStream,
  SSE_HEADERS,
  type Frame,
} from '../../services/text/paced-stream';
import { checkModel, requireBody } from '../../services/text/params';
import { parseOrThrow } from '../../validation';
import { ChatCompletionRequestSchema } from '@contract/chat-completions-request';
import { structuredText, type StructuredFormat } from '../../services/text/structured';
import { chatResponseFormat, chatToolRequest, type ToolRequest } from '../../services/text/tool-params';
import { checkToolResults, planToolCalls, type PlannedCall } from '../../services/text/tools';
import { tokenize } from '../../services/text/tokens';
import { planReply, promptTokens, type PlannedReply, type Turn } from '../../services/text/writer';

const FINGERPRINT = 'fp_local_writer';

function finishReason(plan: PlannedReply): 'stop' | 'length' {
  return plan.finish === 'length' ? 'length' : 'stop';
}

function usageOf(prompt: number, completion: number) {
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

interface ChatRequest {
  model: string;
  turns: Turn[];
  temperature?: number;
  maxTokens?: number;
  stop: string[];
  n: number;
  stream: boolean;
  includeUsage: boolean;
  tools: ToolRequest;
  format?: StructuredFormat;
}

function parseChatRequest(raw: unknown): ChatRequest {
  const body = requireBody(raw);
  const model = checkModel(body.model, TEXT_MODELS.chat, 'POST /v1/chat/completions');
  const params = parseOrThrow(ChatCompletionRequestSchema, body);
  const turns = chatTurns(params.messages);
  checkToolResults(turns);
  const stream = params.stream ?? false;
  return {
    model,
    turns,
    temperature: params.temperature ?? undefined,
    maxTokens: params.max_completion_tokens ?? params.max_tokens ?? undefined,
    stop: params.stop ?? [],
    n: params.n ?? 1,
    stream,
    includeUsage: params.stream_options?.include_usage === true,
    tools: chatToolRequest(params),
    format: chatResponseFormat(params),
  };
}

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

const callTokens = (calls: PlannedCall[]) =>
  calls.reduce((sum, c) => sum + tokenize(c.arguments).length + tokenize(c.name).length, 0);

function* chatFrames(
  req: ChatRequest,
  plans: PlannedReply[],
  calls: PlannedCall[][],
  base: object,
  prompt: number,
): Iterable<Frame> {
  const chunk = (choices: unknown[], usage?: unknown) =>
    dataFrame({ ...base, choices, ...(req.includeUsage ? { usage: usage ?? null } : {}) });
  for (const [index, plan] of plans.entries()) {
    if (calls[index]!.length > 0) {
      yield* toolCallFrames(index, calls[index]!, chunk);
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
  if (req.includeUsage) {
    const completion = completionTokens(plans, calls);
    yield { data: chunk([], usageOf(prompt, completion)) };
  }
  yield { data: 'data: [DONE]\n\n' };
}

function completionTokens(plans: PlannedReply[], calls: PlannedCall[][]): number {
  return plans.reduce(
    (sum, p, i) => sum + (calls[i]!.length > 0 ? callTokens(calls[i]!) : p.tokens.length),
    0,
  );
}

function messageOf(plan: PlannedReply, calls: PlannedCall[]) {
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

/** POST /v1/chat/completions, as the openai client expects it, answered by the local writer. */
export function chatCompletionRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/v1/chat/completions', async (c) => {
    const req = parseChatRequest(await readJson(c));
    const text = req.format ? structuredText(req.format, req.turns, req.model) : undefined;
    const plans = Array.from({ length: req.n }, (_, i) =>
      planReply(
        { model: req.model, turns: req.turns, temperature: req.temperature, choice: i, choices: req.n },
        { maxTokens: req.maxTokens, stop: req.stop, text },
      ),
    );
    const calls = plans.map(() => planToolCalls(req.tools.tools, req.tools.choice, req.turns, 'call_'));
    const prompt = promptTokens(req.turns);
    const id = `chatcmpl-${token(24)}`;
    const created = Math.floor(Date.now() / 1000);
    const base = {
      id,
      object: 'chat.completion.chunk',
      created,
      model: req.model,
      system_fingerprint: FINGERPRINT,
      service_tier: 'default',
    };

    if (req.stream) {
      const body = pacedStream(ctx, {
        id,
        frames: chatFrames(req, plans, calls, base, prompt),
        totalTokens: completionTokens(plans, calls),
        fast: plans[0]!.bench,
        signal: c.req.raw.signal,
      });
      return c.body(body, 200, SSE_HEADERS);
    }
    const completion = completionTokens(plans, calls);
    return json(c, {
      ...base,
      object: 'chat.completion',
      choices: plans.map((plan, index) => ({
        index,
        message: messageOf(plan, calls[index]!),
        logprobs: null,
        finish_reason: calls[index]!.length > 0 ? 'tool_calls' : finishReason(plan),
      })),
      usage: usageOf(prompt, completion),
    });
  });
  return app;
}
