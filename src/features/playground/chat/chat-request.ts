import { TEXT_PATHS } from '@/api/text';
import type { ChatFormat } from '@/api/text-events';
import { agentFields, formatTurns } from '@/features/playground/chat/agent-request';
import type { ChatMessage, ChatSettings } from '@/features/playground/chat/chat-store';

export interface TextRequest {
  path: string;
  body: Record<string, unknown>;
}

const PATHS: Record<ChatFormat, string> = {
  chat: TEXT_PATHS.chat,
  responses: TEXT_PATHS.responses,
  messages: TEXT_PATHS.messages,
};

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

type PlainTurn = { role: string; content: unknown };

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

/** The sampling fields a request carries when set: top_p, and stop sequences under each API's name. */
function sampling(settings: ChatSettings): Record<string, unknown> {
  const extra: Record<string, unknown> = {};
  if (settings.topP !== undefined && settings.topP !== 1) extra.top_p = settings.topP;
  const stop = (settings.stop ?? '').split('\n').filter((s) => s.length > 0);
  if (stop.length > 0 && settings.format === 'chat') extra.stop = stop.slice(0, 4);
  if (stop.length > 0 && settings.format === 'messages') extra.stop_sequences = stop;
  return extra;
}

export function buildChatRequest(settings: ChatSettings, history: Turn[]): TextRequest {
  const { path, body } = plainRequest(settings, history);
  return { path, body: { ...body, ...sampling(settings), ...agentFields(settings) } };
}

function plainRequest(settings: ChatSettings, history: Turn[]): TextRequest {
  const turns = plainTurns(history, settings.format);
  const system = settings.system.trim();
  const path = PATHS[settings.format];
  if (settings.format === 'chat') {
    const body: Record<string, unknown> = {
      model: settings.model,
      messages: system ? [{ role: 'system', content: system }, ...turns] : turns,
      temperature: settings.temperature,
      max_tokens: settings.maxTokens,
    };
    if (settings.stream) Object.assign(body, { stream: true, stream_options: { include_usage: true } });
    return { path, body };
  }
  if (settings.format === 'responses') {
    const body: Record<string, unknown> = { model: settings.model };
    if (system) body.instructions = system;
    Object.assign(body, {
      input: responsesInput(history),
      temperature: settings.temperature,
      max_output_tokens: settings.maxTokens,
    });
    if (settings.stream) body.stream = true;
    return { path, body };
  }
  const body: Record<string, unknown> = { model: settings.model, max_tokens: settings.maxTokens };
  if (system) body.system = system;
  Object.assign(body, { messages: turns, temperature: settings.temperature });
  if (settings.stream) body.stream = true;
  return { path, body };
}

/** POST /v1/responses/compact: the whole conversation as Responses input items. */
export function buildCompactRequest(settings: ChatSettings, history: Turn[]): TextRequest {
  const body: Record<string, unknown> = {
    model: settings.format === 'messages' ? 'service-chat' : settings.model,
    input: responsesInput(history),
  };
  if (settings.system.trim()) body.instructions = settings.system.trim();
  return { path: TEXT_PATHS.compact, body };
}
