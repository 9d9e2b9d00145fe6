import type { SseMessage } from '@/api/text';
import { isRecord } from '@contract/is-record';

/**
 * The three chat formats' answers reduced to what the playground shows: text deltas, usage, the
 * finish reason and the response id. Streaming decoders follow the official event shapes (OpenAI's
 * chat.completion.chunk and Responses events, Anthropic's Messages events); `decodeFinal` reads a
 * non-streamed answer of each.
 */

export type ChatFormat = 'chat' | 'responses' | 'messages';

export interface TextUsage {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
}

/** One thing a stream said; a single event may carry several. */
export type StreamUpdate =
  | { type: 'delta'; text: string }
  | { type: 'usage'; usage: TextUsage }
  | { type: 'finish'; reason: string }
  | { type: 'id'; id: string }
  | { type: 'error'; message: string }
  | { type: 'tool_call'; index: number; id?: string; name?: string; args?: string }
  | { type: 'done' };

/** A tool call the model made, its arguments as JSON text. */
export interface ToolCallPart {
  id: string;
  name: string;
  arguments: string;
}

type Json = Record<string, unknown>;

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

function usageOf(raw: unknown): TextUsage | undefined {
  if (!isRecord(raw)) return undefined;
  const input = num(raw.prompt_tokens ?? raw.input_tokens);
  const output = num(raw.completion_tokens ?? raw.output_tokens);
  const total = num(raw.total_tokens) || input + output;
  return { inputTokens: input, outputTokens: output, totalTokens: total };
}

function parse(data: string): Json | undefined {
  try {
    const v: unknown = JSON.parse(data);
    return isRecord(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

function errorMessage(raw: unknown): string {
  if (isRecord(raw)) {
    const inner = isRecord(raw.error) ? raw.error : raw;
    return str(inner.message) ?? JSON.stringify(raw);
  }
  return String(raw);
}

function decodeChat(m: SseMessage): StreamUpdate[] {
  if (m.data.trim() === '[DONE]') return [{ type: 'done' }];
  const chunk = parse(m.data);
  if (!chunk) return [];
  if (chunk.error) return [{ type: 'error', message: errorMessage(chunk) }];
  const out: StreamUpdate[] = [];
  const id = str(chunk.id);
  if (id) out.push({ type: 'id', id });
  const choice = Array.isArray(chunk.choices) && isRecord(chunk.choices[0]) ? chunk.choices[0] : undefined;
  const delta = choice && isRecord(choice.delta) ? str(choice.delta.content) : undefined;
  if (delta) out.push({ type: 'delta', text: delta });
  const calls = choice && isRecord(choice.delta) ? choice.delta.tool_calls : undefined;
  if (Array.isArray(calls)) {
    for (const call of calls) {
      if (!isRecord(call)) continue;
      const fn = isRecord(call.function) ? call.function : {};
      out.push({
        type: 'tool_call',
        index: num(call.index),
        id: str(call.id),
        name: str(fn.name),
        args: str(fn.arguments),
      });
    }
  }
  const finish = choice ? str(choice.finish_reason) : undefined;
  if (finish) out.push({ type: 'finish', reason: finish });
  const usage = usageOf(chunk.usage);
  if (usage) out.push({ type: 'usage', usage });
  return out;
}

function decodeResponses(m: SseMessage): StreamUpdate[] {
  const ev = parse(m.data);
  if (!ev) return [];
  const type = str(ev.type) ?? m.event;
  switch (type) {
    case 'response.created': {
      const id = isRecord(ev.response) ? str(ev.response.id) : undefined;
      return id ? [{ type: 'id', id }] : [];
    }
    case 'response.output_text.delta': {
      const delta = str(ev.delta);
      return delta ? [{ type: 'delta', text: delta }] : [];
    }
    case 'response.output_item.added': {
      const item = isRecord(ev.item) ? ev.item : {};
      if (item.type !== 'function_call') return [];
      return [
        { type: 'tool_call', index: num(ev.output_index), id: str(item.call_id), name: str(item.name) },
      ];
    }
    case 'response.function_call_arguments.delta':
      return [{ type: 'tool_call', index: num(ev.output_index), args: str(ev.delta) }];
    case 'response.completed':
    case 'response.incomplete': {
      const response = isRecord(ev.response) ? ev.response : {};
      const out: StreamUpdate[] = [];
      const usage = usageOf(response.usage);
      if (usage) out.push({ type: 'usage', usage });
      const reason =
        type === 'response.incomplete' && isRecord(response.incomplete_details)
          ? (str(response.incomplete_details.reason) ?? 'incomplete')
          : (str(response.status) ?? 'completed');
      out.push({ type: 'finish', reason }, { type: 'done' });
      return out;
    }
    case 'response.failed': {
      const response = isRecord(ev.response) ? ev.response : {};
      return [{ type: 'error', message: errorMessage(response.error ?? ev) }, { type: 'done' }];
    }
    case 'error':
      return [{ type: 'error', message: errorMessage(ev) }, { type: 'done' }];
    default:
      return [];
  }
}

function decodeMessages(m: SseMessage): StreamUpdate[] {
  const ev = parse(m.data);
  if (!ev) return [];
  const type = str(ev.type) ?? m.event;
  switch (type) {
    case 'message_start': {
      const message = isRecord(ev.message) ? ev.message : {};
      const out: StreamUpdate[] = [];
      const id = str(message.id);
      if (id) out.push({ type: 'id', id });
      const usage = usageOf(message.usage);
      if (usage) out.push({ type: 'usage', usage });
      return out;
    }
    case 'content_block_start': {
      const block = isRecord(ev.content_block) ? ev.content_block : {};
      if (block.type !== 'tool_use') return [];
      return [{ type: 'tool_call', index: num(ev.index), id: str(block.id), name: str(block.name) }];
    }
    case 'content_block_delta': {
      const delta = isRecord(ev.delta) ? ev.delta : {};
      if (delta.type === 'input_json_delta') {
        return [{ type: 'tool_call', index: num(ev.index), args: str(delta.partial_json) }];
      }
      const text = delta.type === 'text_delta' ? str(delta.text) : undefined;
      return text ? [{ type: 'delta', text }] : [];
    }
    case 'message_delta': {
      const out: StreamUpdate[] = [];
      const reason = isRecord(ev.delta) ? str(ev.delta.stop_reason) : undefined;
      if (reason) out.push({ type: 'finish', reason });
      // Anthropic's message_delta usage is cumulative output (input counted at message_start).
      if (isRecord(ev.usage)) out.push({ type: 'usage', usage: usageOf(ev.usage)! });
      return out;
    }
    case 'message_stop':
      return [{ type: 'done' }];
    case 'error':
      return [{ type: 'error', message: errorMessage(ev) }, { type: 'done' }];
    default:
      return [];
  }
}

export function decodeStreamMessage(format: ChatFormat, message: SseMessage): StreamUpdate[] {
  if (format === 'chat') return decodeChat(message);
  if (format === 'responses') return decodeResponses(message);
  return decodeMessages(message);
}

/** Merges a usage update into what is known so far (Messages reports input and output apart). */
export function mergeUsage(prev: TextUsage | undefined, next: TextUsage, format: ChatFormat): TextUsage {
  if (format !== 'messages' || !prev) return next;
  const input = next.inputTokens || prev.inputTokens;
  const output = next.outputTokens || prev.outputTokens;
  return { inputTokens: input, outputTokens: output, totalTokens: input + output };
}

export interface FinalAnswer {
  text: string;
  usage: TextUsage | undefined;
  finishReason: string | undefined;
  id: string | undefined;
  toolCalls: ToolCallPart[];
}

/** Tool calls of a non-streamed answer; entries without an id or a name are skipped. */
function finalCalls(format: ChatFormat, b: Json): ToolCallPart[] {
  const out: ToolCallPart[] = [];
  const add = (id: unknown, name: unknown, args: string) => {
    if (typeof id === 'string' && typeof name === 'string') out.push({ id, name, arguments: args });
  };
  if (format === 'chat') {
    const choice = Array.isArray(b.choices) && isRecord(b.choices[0]) ? b.choices[0] : {};
    const calls = isRecord(choice.message) ? choice.message.tool_calls : undefined;
    if (Array.isArray(calls))
      for (const c of calls)
        if (isRecord(c) && isRecord(c.function)) add(c.id, c.function.name, str(c.function.arguments) ?? '');
  } else {
    const items = format === 'responses' ? b.output : b.content;
    if (Array.isArray(items))
      for (const item of items) {
        if (!isRecord(item)) continue;
        if (item.type === 'function_call') add(item.call_id, item.name, str(item.arguments) ?? '');
        if (item.type === 'tool_use') add(item.id, item.name, JSON.stringify(item.input ?? {}));
      }
  }
  return out;
}

/** A non-streamed answer of any of the three formats. */
export function decodeFinal(format: ChatFormat, body: unknown): FinalAnswer {
  const b = isRecord(body) ? body : {};
  const usage = usageOf(b.usage);
  const id = str(b.id);
  if (format === 'chat') {
    const choice = Array.isArray(b.choices) && isRecord(b.choices[0]) ? b.choices[0] : {};
    const message = isRecord(choice.message) ? choice.message : {};
    return {
      text: str(message.content) ?? '',
      usage,
      finishReason: str(choice.finish_reason),
      id,
      toolCalls: finalCalls(format, b),
    };
  }
  if (format === 'responses') {
    let text = str(b.output_text) ?? '';
    if (!text && Array.isArray(b.output)) {
      for (const item of b.output) {
        if (!isRecord(item) || !Array.isArray(item.content)) continue;
        for (const part of item.content)
          if (isRecord(part) && part.type === 'output_text') text += str(part.text) ?? '';
      }
    }
    return { text, usage, finishReason: str(b.status), id, toolCalls: finalCalls(format, b) };
  }
  let text = '';
  if (Array.isArray(b.content))
    for (const part of b.content) if (isRecord(part) && part.type === 'text') text += str(part.text) ?? '';
  return { text, usage, finishReason: str(b.stop_reason), id, toolCalls: finalCalls(format, b) };
}
