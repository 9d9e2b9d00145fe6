import { Hono } from 'hono';
import { TEXT_MODELS } from '@contract/models';
import type { AppContext, AppEnv } from '../../context';
import { ApiError } from '../../errors';
import { json, readJson } from '../../http';
import { token } from '../../ids';
import { compactTurns } from '../../services/text/compact';
import {
  eventFrame,
  jsonTemplate,
  pacedStream,
  SSE_HEADERS,
  type Frame,
} from '../../services/text/paced-stream';
import { isRecord } from '@contract/is-record';
import { checkModel, requireBody } from '../../services/text/params';
import { parseOrThrow } from '../../validation';
import { ResponsesParamsSchema } from '@contract/text-requests';
import { inputItemsPage } from '../../services/text/response-items';
import {
  conversationOf,
  deleteResponse,
  loadResponse,
  saveResponse,
} from '../../services/text/stored-responses';
import { callTokenCount, functionCallFrames, functionCallItems } from '../../services/text/response-calls';
import { structuredText } from '../../services/text/structured';
import { responsesTextFormat, responsesToolRequest } from '../../services/text/tool-params';
import { checkToolResults, planToolCalls } from '../../services/text/tools';
import { planReply, promptTokens, type PlannedReply, type Turn } from '../../services/text/writer';

function notFound(id: string): ApiError {
  return new ApiError(
    404,
    `Response "${id.slice(0, 80)}" was not found: it was never stored (store: false), was deleted, or belongs to another API key.`,
    {
      code: 'not_found',
      param: 'response_id',
    },
  );
}

function usageOf(input: number, output: number) {
  return {
    input_tokens: input,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: input + output,
  };
}

function messageItem(id: string, text: string, status: 'in_progress' | 'completed' | 'incomplete') {
  return {
    id,
    type: 'message',
    status,
    role: 'assistant',
    content: [{ type: 'output_text', text, annotations: [], logprobs: [] }],
  };
}

/** POST /v1/responses, GET/DELETE /v1/responses/{id}, POST /v1/responses/compact. */
export function responsesRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/v1/responses/compact', async (c) => {
    const body = requireBody(await readJson(c));
    checkModel(body.model, TEXT_MODELS.chat, 'POST /v1/responses/compact');
    const params = parseOrThrow(ResponsesParamsSchema, body);
    const { history, input } = conversationOf(ctx.db, c.var.owner, body, params.previous_response_id);
    const instructions = params.instructions;
    const turns: Turn[] = [
      ...(instructions ? [{ role: 'system' as const, text: instructions, attachments: 0 }] : []),
      ...history,
      ...input,
    ];
    const compaction = compactTurns(turns);
    return json(c, {
      id: `resp_${token(24)}`,
      object: 'response.compaction',
      created_at: Math.floor(Date.now() / 1000),
      output: compaction.output,
      usage: usageOf(compaction.tokensBefore, compaction.tokensAfter),
    });
  });

  app.post('/v1/responses', async (c) => {
    const body = requireBody(await readJson(c));
    const owner = c.var.owner;
    const model = checkModel(body.model, TEXT_MODELS.chat, 'POST /v1/responses');
    const params = parseOrThrow(ResponsesParamsSchema, body);
    const { history, input } = conversationOf(ctx.db, owner, body, params.previous_response_id);
    const instructions = params.instructions ?? null;
    const maxOutput = params.max_output_tokens ?? undefined;
    const temperature = params.temperature ?? undefined;
    const topP = params.top_p;
    const stream = params.stream ?? false;
    const store = params.store ?? true;
    const toolRequest = responsesToolRequest(body);
    const format = responsesTextFormat(body);
    const conversation = [...history, ...input];
    checkToolResults(conversation);
    const turns: Turn[] = instructions
      ? [{ role: 'system', text: instructions, attachments: 0 }, ...conversation]
      : conversation;
    const text = format ? structuredText(format, turns, model) : undefined;
    const plan = planReply({ model, turns, temperature }, { maxTokens: maxOutput, text });
    const calls = functionCallItems(planToolCalls(toolRequest.tools, toolRequest.choice, turns, 'call_'));
    const inputTokens = promptTokens(turns);
    const id = `resp_${token(24)}`;
    const itemId = `msg_${token(24)}`;

    const shell = {
      id,
      object: 'response',
      created_at: Math.floor(Date.now() / 1000),
      model,
      instructions,
      previous_response_id: params.previous_response_id ?? null,
      max_output_tokens: maxOutput ?? null,
      temperature: temperature ?? 1,
      top_p: topP ?? 1,
      parallel_tool_calls: toolRequest.choice.parallel,
      tool_choice: body.tool_choice ?? 'auto',
      tools: Array.isArray(body.tools) ? body.tools : [],
      text: isRecord(body.text) ? body.text : { format: { type: 'text' } },
      truncation: 'disabled',
      store,
      metadata: params.metadata ?? {},
      error: null,
      user: null,
    };
    const finished = (text: string, outTokens: number, status: 'completed' | 'incomplete' | 'cancelled') => ({
      ...shell,
      status,
      completed_at: Math.floor(Date.now() / 1000),
      incomplete_details: status === 'incomplete' ? { reason: 'max_output_tokens' } : null,
      output: [messageItem(itemId, text, status === 'completed' ? 'completed' : 'incomplete')],
      output_text: text,
      usage: usageOf(inputTokens, outTokens),
    });
    const statusOf = (p: PlannedReply) => (p.finish === 'length' ? 'incomplete' : 'completed');
    const persist = (response: { id: string } & Record<string, unknown>, text: string) => {
      if (store)
        saveResponse(ctx.db, owner, response, [...conversation, { role: 'assistant', text, attachments: 0 }]);
    };

    if (calls.length > 0) {
      const called = {
        ...shell,
        status: 'completed',
        completed_at: Math.floor(Date.now() / 1000),
        incomplete_details: null,
        output: calls,
        output_text: '',
        usage: usageOf(inputTokens, callTokenCount(calls)),
      };
      const asked: Turn = {
        role: 'assistant',
        text: calls.map((i) => `${i.name}(${i.arguments})`).join('\n'),
        attachments: 0,
        calls: calls.map((i) => ({ id: i.call_id, name: i.name, arguments: i.arguments })),
      };
      if (store) saveResponse(ctx.db, owner, called, [...conversation, asked]);
      if (!stream) return json(c, called);
      const started = {
        ...shell,
        status: 'in_progress',
        completed_at: null,
        incomplete_details: null,
        output: [],
        usage: null,
      };
      function* callFrames(): Iterable<Frame> {
        let seq = 0;
        const ev = (type: string, payload: object) =>
          eventFrame(type, { type, sequence_number: seq++, ...payload });
        yield { data: ev('response.created', { response: started }) };
        yield { data: ev('response.in_progress', { response: started }) };
        yield* functionCallFrames(calls, ev);
        yield { data: ev('response.completed', { response: called }) };
      }
      const callStream = pacedStream(ctx, {
        id,
        frames: callFrames(),
        totalTokens: callTokenCount(calls),
        fast: false,
        signal: c.req.raw.signal,
      });
      return c.body(callStream, 200, SSE_HEADERS);
    }

    if (!stream) {
      const response = finished(plan.text, plan.tokens.length, statusOf(plan));
      persist(response, plan.text);
      return json(c, response);
    }

    let sent = 0;
    const inProgress = {
      ...shell,
      status: 'in_progress',
      completed_at: null,
      incomplete_details: null,
      output: [],
      usage: null,
    };
    if (store) saveResponse(ctx.db, owner, inProgress, conversation);
    function* frames(): Iterable<Frame> {
      let seq = 0;
      const ev = (type: string, payload: object) =>
        eventFrame(type, { type, sequence_number: seq++, ...payload });
      const at = { item_id: itemId, output_index: 0, content_index: 0 };
      yield { data: ev('response.created', { response: inProgress }) };
      yield { data: ev('response.in_progress', { response: inProgress }) };
      yield {
        data: ev('response.output_item.added', {
          output_index: 0,
          item: { ...messageItem(itemId, '', 'in_progress'), content: [] },
        }),
      };
      yield {
        data: ev('response.content_part.added', {
          ...at,
          part: { type: 'output_text', text: '', annotations: [], logprobs: [] },
        }),
      };
      const type = 'response.output_text.delta';
      const deltaFrame = jsonTemplate(
        (sequence, delta) =>
          eventFrame(type, { type, sequence_number: sequence, ...at, delta, logprobs: [] }),
        2,
      );
      for (const delta of plan.tokens) {
        sent++;
        yield { data: deltaFrame(seq++, delta), token: true };
      }
      yield { data: ev('response.output_text.done', { ...at, text: plan.text, logprobs: [] }) };
      yield {
        data: ev('response.content_part.done', {
          ...at,
          part: { type: 'output_text', text: plan.text, annotations: [], logprobs: [] },
        }),
      };
      const done = finished(plan.text, plan.tokens.length, statusOf(plan));
      yield { data: ev('response.output_item.done', { output_index: 0, item: done.output[0] }) };
      persist(done, plan.text);
      yield {
        data: ev(done.status === 'completed' ? 'response.completed' : 'response.incomplete', {
          response: done,
        }),
      };
    }
    const bodyStream = pacedStream(ctx, {
      id,
      frames: frames(),
      totalTokens: plan.tokens.length,
      fast: plan.bench,
      signal: c.req.raw.signal,
      onEnd: (completed) => {
        if (completed || !store) return;
        // The client went away: keep what was generated, marked cancelled, as the hosted API does.
        const text = plan.tokens.slice(0, sent).join('');
        persist(finished(text, sent, 'cancelled'), text);
      },
    });
    return c.body(bodyStream, 200, SSE_HEADERS);
  });

  app.get('/v1/responses/:id', (c) => {
    const id = c.req.param('id');
    const stored = loadResponse(ctx.db, c.var.owner, id);
    if (!stored) throw notFound(id);
    return json(c, stored.response);
  });

  app.get('/v1/responses/:id/input_items', (c) => {
    const id = c.req.param('id');
    const stored = loadResponse(ctx.db, c.var.owner, id);
    if (!stored) throw notFound(id);
    return json(c, inputItemsPage(stored, c.req.query()));
  });

  app.delete('/v1/responses/:id', (c) => {
    const id = c.req.param('id');
    if (!deleteResponse(ctx.db, c.var.owner, id)) throw notFound(id);
    return json(c, { id, object: 'response.deleted', deleted: true });
  });

  return app;
}
