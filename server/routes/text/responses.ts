import { Hono } from 'hono';
import { TEXT_MODELS } from '@contract/models';
import { InputItemsQuerySchema, ResponsesRequestSchema } from '@contract/responses-request';
import type { AppContext, AppEnv } from '../../context';
import { ApiError } from '../../errors';
import { json, readJson } from '../../http';
import { token } from '../../ids';
import { compactTurns } from '../../services/text/compact';
import { pacedStream, SSE_HEADERS } from '../../services/text/paced-stream';
import { checkModel, requireBody } from '../../services/text/params';
import { callTokenCount, functionCallItems } from '../../services/text/response-calls';
import { inputItemsPage } from '../../services/text/response-items';
import {
  callFrames,
  responseStates,
  statusOf,
  textFrames,
  usageOf,
} from '../../services/text/response-output';
import {
  conversationOf,
  deleteResponse,
  loadResponse,
  saveResponse,
} from '../../services/text/stored-responses';
import { structuredText } from '../../services/text/structured';
import { responsesTextFormat, responsesToolRequest } from '../../services/text/tool-params';
import { checkToolResults, planToolCalls } from '../../services/text/tools';
import { planReply, promptTokens, type Turn } from '../../services/text/writer';
import { parseOrThrow } from '../../validation';

function notFound(id: string): ApiError {
  return new ApiError(
    404,
    `Response "${id.slice(0, 80)}" was not found: it was never stored (store: false), was deleted, or belongs to another API key.`,
    { code: 'not_found', param: 'response_id' },
  );
}

const withInstructions = (instructions: string | null | undefined, turns: Turn[]): Turn[] =>
  instructions ? [{ role: 'system', text: instructions, attachments: 0 }, ...turns] : turns;

/** POST /v1/responses, GET/DELETE /v1/responses/{id}, POST /v1/responses/compact. */
export function responsesRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/v1/responses/compact', async (c) => {
    const body = requireBody(await readJson(c));
    checkModel(body.model, TEXT_MODELS.chat, 'POST /v1/responses/compact');
    const req = parseOrThrow(ResponsesRequestSchema, body);
    const { history, input } = conversationOf(ctx.db, c.var.owner, req);
    const compaction = compactTurns(withInstructions(req.instructions, [...history, ...input]));
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
    const req = parseOrThrow(ResponsesRequestSchema, body);
    const { history, input } = conversationOf(ctx.db, owner, req);
    const stream = req.stream ?? false;
    const store = req.store ?? true;
    const tools = responsesToolRequest(req);
    const format = responsesTextFormat(req);
    const conversation = [...history, ...input];
    checkToolResults(conversation);
    const turns = withInstructions(req.instructions, conversation);
    const text = format ? structuredText(format, turns, model) : undefined;
    const plan = planReply(
      { model, turns, temperature: req.temperature ?? undefined },
      { maxTokens: req.max_output_tokens ?? undefined, text },
    );
    const calls = functionCallItems(planToolCalls(tools.tools, tools.choice, turns, 'call_'));
    const id = `resp_${token(24)}`;
    const itemId = `msg_${token(24)}`;
    const states = responseStates(req, {
      id,
      itemId,
      model,
      inputTokens: promptTokens(turns),
      parallel: tools.choice.parallel,
      store,
    });
    const persist = (response: { id: string } & Record<string, unknown>, turnsAfter: Turn[]) => {
      if (store) saveResponse(ctx.db, owner, response, turnsAfter);
    };
    const answered = (reply: string): Turn[] => [
      ...conversation,
      { role: 'assistant', text: reply, attachments: 0 },
    ];

    if (calls.length > 0) {
      const called = states.called(calls);
      const asked: Turn = {
        role: 'assistant',
        text: calls.map((i) => `${i.name}(${i.arguments})`).join('\n'),
        attachments: 0,
        calls: calls.map((i) => ({ id: i.call_id, name: i.name, arguments: i.arguments })),
      };
      persist(called, [...conversation, asked]);
      if (!stream) return json(c, called);
      const callStream = pacedStream(ctx, {
        id,
        frames: callFrames(states, called, calls),
        totalTokens: callTokenCount(calls),
        fast: false,
        signal: c.req.raw.signal,
      });
      return c.body(callStream, 200, SSE_HEADERS);
    }

    if (!stream) {
      const response = states.finished(plan.text, plan.tokens.length, statusOf(plan));
      persist(response, answered(plan.text));
      return json(c, response);
    }

    let sent = 0;
    persist(states.started(), conversation);
    const bodyStream = pacedStream(ctx, {
      id,
      frames: textFrames(states, itemId, plan, {
        onDelta: () => sent++,
        finish: (done) => persist(done, answered(plan.text)),
      }),
      totalTokens: plan.tokens.length,
      fast: plan.bench,
      signal: c.req.raw.signal,
      onEnd: (completed) => {
        if (completed || !store) return;
        // The client went away: keep what was generated, marked cancelled, as the hosted API does.
        const partial = plan.tokens.slice(0, sent).join('');
        persist(states.finished(partial, sent, 'cancelled'), answered(partial));
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
    return json(c, inputItemsPage(stored, parseOrThrow(InputItemsQuerySchema, c.req.query())));
  });

  app.delete('/v1/responses/:id', (c) => {
    const id = c.req.param('id');
    if (!deleteResponse(ctx.db, c.var.owner, id)) throw notFound(id);
    return json(c, { id, object: 'response.deleted', deleted: true });
  });

  return app;
}
