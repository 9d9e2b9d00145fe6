import type Database from 'better-sqlite3';
import type { ResponsesRequest } from '@contract/responses-request';
import { token } from '../../../ids';
import { compactTurns } from './compact';
import { functionCallItems } from './response-calls';
import { callFrames, responseStates, statusOf, textFrames, usageOf } from './response-output';
import type { TextReply } from '../reply';
import { conversationOf, saveResponse } from './stored-responses';
import { prepareSchemas } from '../schemas/prepare-schemas';
import { responsesTextFormat, responsesToolRequest } from '../tools/tool-params';
import { checkToolResults } from '../tools/tools';
import { callTokens } from '../tokens';
import { planReply, promptTokens, type Turn } from '../writer';

/*
 * POST /v1/responses and /v1/responses/compact answered by the local writer. A response is stored
 * (unless `store: false`) with the conversation it continued, so previous_response_id, GET and
 * input_items work; a stream is stored as it starts, when it finishes, and, if the client leaves
 * half-way, with what was sent, marked cancelled, as the hosted API does.
 */

const withInstructions = (instructions: string | null | undefined, turns: Turn[]): Turn[] =>
  instructions ? [{ role: 'system', text: instructions, attachments: 0 }, ...turns] : turns;

/** The response a validated request gets: function calls, or text streamed or whole. */
export async function createResponse(
  db: Database.Database,
  owner: string,
  req: ResponsesRequest,
): Promise<TextReply> {
  const { history, input } = conversationOf(db, owner, req);
  const store = req.store ?? true;
  const tools = responsesToolRequest(req);
  const conversation = [...history, ...input];
  checkToolResults(conversation);
  const turns = withInstructions(req.instructions, conversation);
  const schemas = await prepareSchemas(tools, responsesTextFormat(req), turns, req.model);
  const text = schemas.text;
  const plan = planReply(
    { model: req.model, turns, temperature: req.temperature ?? undefined },
    { maxTokens: req.max_output_tokens ?? undefined, text },
  );
  const calls = functionCallItems(schemas.calls('call_'));
  const id = `resp_${token(24)}`;
  const itemId = `msg_${token(24)}`;
  const states = responseStates(req, {
    id,
    itemId,
    model: req.model,
    inputTokens: promptTokens(turns),
    parallel: tools.choice.parallel,
    store,
  });
  const persist = (response: { id: string } & Record<string, unknown>, turnsAfter: Turn[]) => {
    if (store) saveResponse(db, owner, response, turnsAfter);
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
    if (!req.stream) return { json: called };
    const frames = callFrames(states, called, calls);
    return { stream: { id, frames, totalTokens: callTokens(calls), fast: false } };
  }

  if (!req.stream) {
    const response = states.finished(plan.text, plan.tokens.length, statusOf(plan));
    persist(response, answered(plan.text));
    return { json: response };
  }

  let sent = 0;
  persist(states.started(), conversation);
  return {
    stream: {
      id,
      frames: textFrames(states, itemId, plan, {
        onDelta: () => sent++,
        finish: (done) => persist(done, answered(plan.text)),
      }),
      totalTokens: plan.tokens.length,
      fast: plan.bench,
      onEnd: (completed) => {
        if (completed || !store) return;
        // The client went away: keep what was generated, marked cancelled, as the hosted API does.
        const partial = plan.tokens.slice(0, sent).join('');
        persist(states.finished(partial, sent, 'cancelled'), answered(partial));
      },
    },
  };
}

/** POST /v1/responses/compact: the conversation so far, its long parts summarised into one item. */
export function compactResponse(db: Database.Database, owner: string, req: ResponsesRequest) {
  const { history, input } = conversationOf(db, owner, req);
  const compaction = compactTurns(withInstructions(req.instructions, [...history, ...input]));
  return {
    id: `resp_${token(24)}`,
    object: 'response.compaction',
    created_at: Math.floor(Date.now() / 1000),
    output: compaction.output,
    usage: usageOf(compaction.tokensBefore, compaction.tokensAfter),
  };
}
