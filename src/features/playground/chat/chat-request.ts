import { TEXT_PATHS } from '@/api/text';
import type { ChatFormat } from '@/api/text-events';
import {
  chatAgentFields,
  formatTurns,
  messagesAgentFields,
  responsesAgentFields,
} from '@/features/playground/chat/agent-request';
import type { ChatMessage, ChatSettings } from '@/features/playground/chat/chat-store';
import type { ChatCompletionRequestBody } from '@contract/chat-completions-request';
import type { MessagesRequestBody } from '@contract/messages-request';
import type { ResponsesRequestBody } from '@contract/responses-request';

/**
 * A request of one of the three formats, its body typed by the contract's request schema (z.input,
 * type-only imports: no zod reaches the bundle for it). The server validates with the same schema.
 */
export type TextRequest =
  | { path: string; body: ChatCompletionRequestBody }
  | { path: string; body: ResponsesRequestBody }
  | { path: string; body: MessagesRequestBody };

/**
 * The same conversation as each API expects it: Chat Completions puts the system prompt first in
 * `messages` and asks for usage in the stream; Responses takes `instructions` and `input` items;
 * Messages takes `system` apart and requires `max_tokens`.
 */
type Turn = Pick<ChatMessage, 'role' | 'content' | 'compactionItem' | 'compacted' | 'carried' | 'toolCalls'>;

/**
 * Messages as Responses input items: what a compaction replaced is left out, and its item goes
 * back exactly as the server gave it.
 */
function responsesInput(history: Turn[]): unknown[] {
  return history
    .filter((m) => !m.compacted)
    .flatMap((m) => (m.compactionItem ? [m.compactionItem] : formatTurns('responses', m)));
}

type PlainTurn = { role: 'user' | 'assistant' | 'tool'; content: unknown };

/** A Messages turn's content as blocks, so two turns of one role can become one. */
function asBlocks(content: unknown): unknown[] {
  if (Array.isArray(content)) return content;
  return typeof content === 'string' && content !== '' ? [{ type: 'text', text: content }] : [];
}

/**
 * The turns as the formats without compaction items send them: the whole readable history (what a
 * compaction replaced included, its copies and item left out), tool calls and results in the
 * format's own shape. Messages also requires turns to alternate, so adjacent turns of one role are
 * joined into one (text joined by a blank line; tool blocks kept in order).
 */
function plainTurns(history: Turn[], format: ChatFormat): PlainTurn[] {
  const turns: PlainTurn[] = [];
  const alternate = format === 'messages';
  for (const m of history) {
    if (m.compactionItem || m.carried) continue;
    for (const turn of formatTurns(format, m) as PlainTurn[]) {
      const previous = turns.at(-1);
      if (!alternate || previous?.role !== turn.role) {
        turns.push({ ...turn });
      } else if (typeof previous.content === 'string' && typeof turn.content === 'string') {
        previous.content = `${previous.content}\n\n${turn.content}`;
      } else {
        previous.content = [...asBlocks(previous.content), ...asBlocks(turn.content)];
      }
    }
  }
  return turns;
}

const stopSequences = (settings: ChatSettings) =>
  (settings.stop ?? '').split('\n').filter((s) => s.length > 0);

/** top_p when set away from its default, which all three formats call the same. */
const topP = (settings: ChatSettings) =>
  settings.topP !== undefined && settings.topP !== 1 ? { top_p: settings.topP } : {};

export function buildChatRequest(settings: ChatSettings, history: Turn[]): TextRequest {
  const system = settings.system.trim();
  if (settings.format === 'chat') {
    const turns = plainTurns(history, 'chat');
    const stop = stopSequences(settings).slice(0, 4);
    const body: ChatCompletionRequestBody = {
      model: settings.model,
      messages: system ? [{ role: 'system', content: system }, ...turns] : turns,
      temperature: settings.temperature,
      max_tokens: settings.maxTokens,
      ...(settings.stream ? { stream: true, stream_options: { include_usage: true } } : {}),
      ...topP(settings),
      ...(stop.length > 0 ? { stop } : {}),
      ...chatAgentFields(settings),
    };
    return { path: TEXT_PATHS.chat, body };
  }
  if (settings.format === 'responses') {
    const body: ResponsesRequestBody = {
      model: settings.model,
      ...(system ? { instructions: system } : {}),
      input: responsesInput(history),
      temperature: settings.temperature,
      max_output_tokens: settings.maxTokens,
      ...(settings.stream ? { stream: true } : {}),
      ...topP(settings),
      ...responsesAgentFields(settings),
    };
    return { path: TEXT_PATHS.responses, body };
  }
  const stop = stopSequences(settings);
  const body: MessagesRequestBody = {
    model: settings.model,
    max_tokens: settings.maxTokens,
    ...(system ? { system } : {}),
    // Messages has only user and assistant turns: tool results ride in user turns (formatTurns).
    messages: plainTurns(history, 'messages').map(({ role, content }) => ({
      role: role === 'assistant' ? 'assistant' : 'user',
      content,
    })),
    temperature: settings.temperature,
    ...(settings.stream ? { stream: true } : {}),
    ...topP(settings),
    ...(stop.length > 0 ? { stop_sequences: stop } : {}),
    ...messagesAgentFields(settings),
  };
  return { path: TEXT_PATHS.messages, body };
}

/** POST /v1/responses/compact: the whole conversation as Responses input items. */
export function buildCompactRequest(
  settings: ChatSettings,
  history: Turn[],
): { path: string; body: ResponsesRequestBody } {
  const system = settings.system.trim();
  const body: ResponsesRequestBody = {
    model: settings.format === 'messages' ? 'service-chat' : settings.model,
    input: responsesInput(history),
    ...(system ? { instructions: system } : {}),
  };
  return { path: TEXT_PATHS.compact, body };
}
