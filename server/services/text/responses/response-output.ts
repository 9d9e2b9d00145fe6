import type { ResponsesRequest } from '@contract/responses-request';
import { eventFrame, jsonTemplate, type Frame } from '../paced-stream';
import { functionCallFrames, type FunctionCallItem } from './response-calls';
import { callTokens } from '../tokens';
import type { PlannedReply } from '../writer';

/*
 * The Response objects POST /v1/responses answers with, and the events it streams, as the openai
 * client reads them: one shell of the request's settings, then the finished, called or
 * in-progress states of it.
 */

type Status = 'completed' | 'incomplete' | 'cancelled';
export type ResponseObject = { id: string; status: string } & Record<string, unknown>;

export function usageOf(input: number, output: number) {
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

export interface ResponseSettings {
  id: string;
  itemId: string;
  model: string;
  inputTokens: number;
  parallel: boolean;
  store: boolean;
}

/** One response of a request in each of its states. */
export function responseStates(req: ResponsesRequest, s: ResponseSettings) {
  const shell = {
    id: s.id,
    object: 'response',
    created_at: Math.floor(Date.now() / 1000),
    model: s.model,
    instructions: req.instructions ?? null,
    previous_response_id: req.previous_response_id ?? null,
    max_output_tokens: req.max_output_tokens ?? null,
    temperature: req.temperature ?? 1,
    top_p: req.top_p ?? 1,
    parallel_tool_calls: s.parallel,
    tool_choice: req.tool_choice ?? 'auto',
    tools: req.tools ?? [],
    text: req.text ?? { format: { type: 'text' } },
    truncation: 'disabled',
    store: s.store,
    metadata: req.metadata ?? {},
    error: null,
    user: null,
  };
  const now = () => Math.floor(Date.now() / 1000);
  return {
    started: (): ResponseObject => ({
      ...shell,
      status: 'in_progress',
      completed_at: null,
      incomplete_details: null,
      output: [],
      usage: null,
    }),
    finished: (text: string, outTokens: number, status: Status) => ({
      ...shell,
      status,
      completed_at: now(),
      incomplete_details: status === 'incomplete' ? { reason: 'max_output_tokens' } : null,
      output: [messageItem(s.itemId, text, status === 'completed' ? 'completed' : 'incomplete')],
      output_text: text,
      usage: usageOf(s.inputTokens, outTokens),
    }),
    called: (calls: FunctionCallItem[]): ResponseObject => ({
      ...shell,
      status: 'completed',
      completed_at: now(),
      incomplete_details: null,
      output: calls,
      output_text: '',
      usage: usageOf(s.inputTokens, callTokens(calls)),
    }),
  };
}

export type ResponseStates = ReturnType<typeof responseStates>;

/** Numbers the events of one stream (sequence_number), as the hosted API does. */
function sequence() {
  let seq = 0;
  return {
    next: () => seq++,
    ev: (type: string, payload: object) => eventFrame(type, { type, sequence_number: seq++, ...payload }),
  };
}

/** The stream of a response that calls functions instead of answering. */
export function* callFrames(
  states: ResponseStates,
  called: ResponseObject,
  calls: FunctionCallItem[],
): Iterable<Frame> {
  const { ev } = sequence();
  const started = states.started();
  yield { data: ev('response.created', { response: started }) };
  yield { data: ev('response.in_progress', { response: started }) };
  yield* functionCallFrames(calls, ev);
  yield { data: ev('response.completed', { response: called }) };
}

export const statusOf = (p: PlannedReply) => (p.finish === 'length' ? 'incomplete' : 'completed');

/**
 * The stream of a text answer: one output_text delta per token. `finish` is called with the
 * finished response before its last event, so that it is stored before the client reads it.
 */
export function* textFrames(
  states: ResponseStates,
  itemId: string,
  plan: PlannedReply,
  hooks: { onDelta: () => void; finish: (done: ReturnType<ResponseStates['finished']>) => void },
): Iterable<Frame> {
  const { ev, next } = sequence();
  const started = states.started();
  const at = { item_id: itemId, output_index: 0, content_index: 0 };
  yield { data: ev('response.created', { response: started }) };
  yield { data: ev('response.in_progress', { response: started }) };
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
    (sequenceNumber, delta) =>
      eventFrame(type, { type, sequence_number: sequenceNumber, ...at, delta, logprobs: [] }),
    2,
  );
  for (const delta of plan.tokens) {
    hooks.onDelta();
    yield { data: deltaFrame(next(), delta), token: true };
  }
  yield { data: ev('response.output_text.done', { ...at, text: plan.text, logprobs: [] }) };
  yield {
    data: ev('response.content_part.done', {
      ...at,
      part: { type: 'output_text', text: plan.text, annotations: [], logprobs: [] },
    }),
  };
  const done = states.finished(plan.text, plan.tokens.length, statusOf(plan));
  yield { data: ev('response.output_item.done', { output_index: 0, item: done.output[0] }) };
  hooks.finish(done);
  const last = done.status === 'completed' ? 'response.completed' : 'response.incomplete';
  yield { data: ev(last, { response: done }) };
}
