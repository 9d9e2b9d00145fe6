import { Hono, type MiddlewareHandler } from 'hono';
import { TEXT_MODELS } from '@contract/models';
import type { AppContext, AppEnv } from '../../context';
import { badRequest } from '../../errors';
import { json, readJson } from '../../http';
import { token } from '../../ids';
import { anthropicSystem, anthropicTurns } from '../../services/text/conversation';
import {
  eventFrame,
  jsonTemplate,
  pacedStream,
  SSE_HEADERS,
  type Frame,
} from '../../services/text/paced-stream';
import { checkModel, requireBody } from '../../services/text/params';
import { parseOrThrow } from '../../validation';
import { AnthropicConversationSchema, MessagesRequestSchema } from '@contract/messages-request';
import { messagesToolRequest, type ToolRequest } from '../../services/text/tool-params';
import { checkToolResults, planToolCalls, type PlannedCall } from '../../services/text/tools';
import { tokenize } from '../../services/text/tokens';
import { planReply, promptTokens, type PlannedReply, type Turn } from '../../services/text/writer';

const ENDPOINT = 'POST /v1/messages';

/** Anthropic's error types for our statuses, so its client raises the matching error class. */
function anthropicErrorType(status: number): string {
  if (status === 400 || status === 405 || status === 415 || status === 422) return 'invalid_request_error';
  if (status === 401) return 'authentication_error';
  if (status === 402) return 'billing_error';
  if (status === 403) return 'permission_error';
  if (status === 404) return 'not_found_error';
  if (status === 413) return 'request_too_large';
  if (status === 429) return 'rate_limit_error';
  if (status === 529 || status === 503) return 'overloaded_error';
  return 'api_error';
}

/**
 * Rewrites this project's error envelope into Anthropic's `{type:"error", error:{type, message}}`
 * for the Messages endpoints, whoever raised it (auth, body limit, validation), keeping
 * `request_id`/`trace_id` and the field name in `error.param`. Mounted before auth for that reason.
 */
export function anthropicErrorShape(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (res.status < 400 || !res.headers.get('content-type')?.includes('json')) return;
    const body = (await res
      .clone()
      .json()
      .catch(() => undefined)) as
      | {
          error?: { message?: string; param?: string; code?: string };
          request_id?: string;
          trace_id?: string;
        }
      | undefined;
    if (!body?.error || typeof body.error.message !== 'string') return;
    const headers = new Headers(res.headers);
    headers.delete('content-length');
    if (body.request_id) headers.set('request-id', body.request_id);
    c.res = new Response(
      JSON.stringify({
        type: 'error',
        error: {
          type: anthropicErrorType(res.status),
          message: body.error.message,
          ...(body.error.param ? { param: body.error.param } : {}),
          ...(body.error.code ? { code: body.error.code } : {}),
        },
        request_id: body.request_id,
        trace_id: body.trace_id,
      }),
      { status: res.status, headers },
    );
  };
}

interface MessagesRequest {
  model: string;
  turns: Turn[];
  maxTokens: number;
  stop: string[];
  temperature?: number;
  stream: boolean;
  tools: ToolRequest;
}

function parseMessagesRequest(raw: unknown): MessagesRequest {
  const body = requireBody(raw);
  const model = checkModel(body.model, TEXT_MODELS.messages, ENDPOINT);
  if (body.max_tokens === undefined || body.max_tokens === null) {
    throw badRequest(
      'max_tokens is required: the most tokens the reply may have, e.g. 1024.',
      'max_tokens',
      'missing_required_parameter',
    );
  }
  const params = parseOrThrow(MessagesRequestSchema, body);
  const turns = [...anthropicSystem(params.system), ...anthropicTurns(params.messages)];
  checkToolResults(turns);
  return {
    model,
    turns,
    maxTokens: params.max_tokens!,
    stop: params.stop_sequences ?? [],
    temperature: params.temperature ?? undefined,
    stream: params.stream ?? false,
    tools: messagesToolRequest(params),
  };
}

const callTokens = (calls: PlannedCall[]) =>
  calls.reduce((sum, c) => sum + tokenize(c.arguments).length + tokenize(c.name).length, 0);

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

function stopReason(plan: PlannedReply): 'end_turn' | 'max_tokens' | 'stop_sequence' {
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

function* messageFrames(
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

/** POST /v1/messages (and count_tokens) in Anthropic's Messages format, answered by the local writer. */
export function messagesRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/v1/messages', async (c) => {
    const req = parseMessagesRequest(await readJson(c));
    const plan = planReply(
      { model: req.model, turns: req.turns, temperature: req.temperature },
      { maxTokens: req.maxTokens, stop: req.stop },
    );
    const calls = planToolCalls(req.tools.tools, req.tools.choice, req.turns, 'toolu_');
    const input = promptTokens(req.turns);
    const message = { id: `msg_${token(24)}`, type: 'message', role: 'assistant', model: req.model };
    if (req.stream) {
      const body = pacedStream(ctx, {
        id: message.id,
        frames: messageFrames(message, plan, input, calls),
        totalTokens: calls.length > 0 ? callTokens(calls) : plan.tokens.length,
        fast: plan.bench,
        signal: c.req.raw.signal,
      });
      return c.body(body, 200, { ...SSE_HEADERS, 'request-id': c.var.requestId });
    }
    c.header('request-id', c.var.requestId);
    if (calls.length > 0) {
      return json(c, {
        ...message,
        content: calls.map((call) => ({
          type: 'tool_use',
          id: call.id,
          name: call.name,
          input: JSON.parse(call.arguments) as unknown,
        })),
        stop_reason: 'tool_use',
        stop_sequence: null,
        usage: usage(input, callTokens(calls)),
      });
    }
    return json(c, {
      ...message,
      content: [{ type: 'text', text: plan.text }],
      stop_reason: stopReason(plan),
      stop_sequence: plan.stopSequence,
      usage: usage(input, plan.tokens.length),
    });
  });

  app.post('/v1/messages/count_tokens', async (c) => {
    const body = requireBody(await readJson(c));
    checkModel(body.model, TEXT_MODELS.messages, 'POST /v1/messages/count_tokens');
    const { system, messages } = parseOrThrow(AnthropicConversationSchema, body);
    const turns = [...anthropicSystem(system), ...anthropicTurns(messages)];
    return json(c, { input_tokens: promptTokens(turns) });
  });

  return app;
}
