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
  | { type: 'done' };

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
    case 'content_block_delta': {
      const delta = isRecord(ev.delta) ? ev.delta : {};
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
}

/** A non-streamed answer of any of the three formats. */
export function decodeFinal(format: ChatFormat, body: unknown): FinalAnswer {
  const b = isRecord(body) ? body : {};
  const usage = usageOf(b.usage);
  const id = str(b.id);
  if (format === 'chat') {
    const choice = Array.isArray(b.choices) && isRecord(b.choices[0]) ? b.choices[0] : {};
    const message = isRecord(choice.message) ? choice.message : {};
    return { text: str(message.content) ?? '', usage, finishReason: str(choice.finish_reason), id };
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
    return { text, usage, finishReason: str(b.status), id };
  }
  let text = '';
  if (Array.isArray(b.content))
    for (const part of b.content) if (isRecord(part) && part.type === 'text') text += str(part.text) ?? '';
  return { text, usage, finishReason: str(b.stop_reason), id };
}
