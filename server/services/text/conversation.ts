import { badRequest } from '../../errors';
import { isRecord } from '@contract/is-record';
import type { ToolCallRecord, ToolResultRecord, Turn } from './writer';

/**
 * The three input formats (Chat Completions messages, Responses input items, Anthropic Messages)
 * reduced to one list of turns for the writer. Each check names the exact field that is wrong.
 */

const CHAT_ROLES = ['system', 'developer', 'user', 'assistant', 'tool', 'function'] as const;

function roleOf(role: string): Turn['role'] {
  if (role === 'developer' || role === 'system') return 'system';
  if (role === 'function' || role === 'tool') return 'tool';
  return role as Turn['role'];
}

function nonEmptyArray(value: unknown, param: string, what: string): unknown[] {
  if (!Array.isArray(value)) throw badRequest(`${param} must be an array of ${what}.`, param);
  if (value.length === 0)
    throw badRequest(`${param} must contain at least one ${what.replace(/s$/, '')}.`, param);
  return value;
}

function textField(part: Record<string, unknown>, key: string, param: string): string {
  const text = part[key];
  if (typeof text !== 'string') throw badRequest(`${param}.${key} must be a string.`, `${param}.${key}`);
  return text;
}

/** Content parts as the writer sees them: joined text plus a count of non-text parts. */
function readParts(
  parts: unknown[],
  param: string,
  textTypes: readonly string[],
  attachmentTypes: readonly string[],
): { text: string; attachments: number } {
  const texts: string[] = [];
  let attachments = 0;
  parts.forEach((part, j) => {
    const p = `${param}[${j}]`;
    if (!isRecord(part)) throw badRequest(`${p} must be an object with a "type".`, p);
    const type = part.type;
    if (typeof type === 'string' && textTypes.includes(type)) texts.push(textField(part, 'text', p));
    else if (type === 'refusal') texts.push(textField(part, 'refusal', p));
    else if (typeof type === 'string' && attachmentTypes.includes(type)) attachments++;
    else {
      throw badRequest(
        `${p}.type must be one of ${[...textTypes, ...attachmentTypes].map((t) => `"${t}"`).join(', ')}` +
          `${typeof type === 'string' ? `, got "${type.slice(0, 40)}"` : ''}.`,
        `${p}.type`,
      );
    }
  });
  return { text: texts.join('\n'), attachments };
}

function requiredId(value: unknown, param: string, what: string): string {
  if (typeof value !== 'string' || value === '') throw badRequest(`${param} must be ${what}.`, param);
  return value;
}

/** `tool_calls` of an assistant message: each with an id, a function name and JSON arguments text. */
function chatCalls(value: unknown, param: string): ToolCallRecord[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw badRequest(`${param} must be an array of tool calls.`, param);
  return value.map((call, j) => {
    const p = `${param}[${j}]`;
    if (!isRecord(call) || !isRecord(call.function)) {
      throw badRequest(`${p} must be {"id", "type": "function", "function": {"name", "arguments"}}.`, p);
    }
    return {
      id: requiredId(call.id, `${p}.id`, 'the id the tool result will answer'),
      name: requiredId(call.function.name, `${p}.function.name`, 'the name of the called tool'),
      arguments: typeof call.function.arguments === 'string' ? call.function.arguments : '{}',
    };
  });
}

/** Chat Completions `messages`. */
export function chatTurns(messages: unknown): Turn[] {
  return nonEmptyArray(messages, 'messages', 'messages').map((m, i) => {
    const p = `messages[${i}]`;
    if (!isRecord(m)) throw badRequest(`${p} must be an object with "role" and "content".`, p);
    const role = m.role;
    if (typeof role !== 'string' || !(CHAT_ROLES as readonly string[]).includes(role)) {
      throw badRequest(
        `${p}.role must be one of "system", "developer", "user", "assistant", "tool"` +
          `${typeof role === 'string' ? `, got "${role.slice(0, 40)}"` : ''}.`,
        `${p}.role`,
      );
    }
    if (role === 'tool' && typeof m.tool_call_id !== 'string') {
      throw badRequest(
        `${p}.tool_call_id is required for a tool message: the id of the call it answers.`,
        `${p}.tool_call_id`,
      );
    }
    const content = m.content;
    const calls = role === 'assistant' ? chatCalls(m.tool_calls, `${p}.tool_calls`) : [];
    const extra = (text: string) => ({
      ...(calls.length > 0 ? { calls } : {}),
      ...(role === 'tool'
        ? { results: [{ callId: m.tool_call_id as string, param: `${p}.tool_call_id`, text }] }
        : {}),
    });
    if (typeof content === 'string') {
      return { role: roleOf(role), text: content, attachments: 0, ...extra(content) };
    }
    if (
      (content === null || content === undefined) &&
      role === 'assistant' &&
      (calls.length > 0 || m.function_call)
    ) {
      return { role: 'assistant', text: '', attachments: 0, ...extra('') };
    }
    if (Array.isArray(content)) {
      const parts = readParts(content, `${p}.content`, ['text'], ['image_url', 'input_audio', 'file']);
      return { role: roleOf(role), ...parts, ...extra(parts.text) };
    }
    throw badRequest(`${p}.content must be a string or an array of content parts.`, `${p}.content`);
  });
}

const RESPONSE_ROLES = ['user', 'assistant', 'system', 'developer'];

/** Decodes the summary a compaction item carries (see compact.ts). */
export type CompactionDecoder = (encrypted: string, param: string) => string;

/** Responses `input`: a string or a list of items. */
export function responseInputTurns(input: unknown, decodeCompaction: CompactionDecoder): Turn[] {
  if (typeof input === 'string') {
    if (input.trim() === '')
      throw badRequest('input must not be empty: send the text or items to respond to.', 'input');
    return [{ role: 'user', text: input, attachments: 0 }];
  }
  return nonEmptyArray(input, 'input', 'input items').flatMap((item, i): Turn[] => {
    const p = `input[${i}]`;
    if (!isRecord(item)) throw badRequest(`${p} must be an object (a message or another input item).`, p);
    const type = item.type ?? 'message';
    if (type === 'message') {
      const role = item.role;
      if (typeof role !== 'string' || !RESPONSE_ROLES.includes(role)) {
        throw badRequest(`${p}.role must be one of "user", "assistant", "system", "developer".`, `${p}.role`);
      }
      const content = item.content;
      if (typeof content === 'string') return [{ role: roleOf(role), text: content, attachments: 0 }];
      if (!Array.isArray(content)) {
        throw badRequest(`${p}.content must be a string or an array of content parts.`, `${p}.content`);
      }
      const parts = readParts(
        content,
        `${p}.content`,
        ['input_text', 'output_text'],
        ['input_image', 'input_file', 'input_audio'],
      );
      return [{ role: roleOf(role), ...parts }];
    }
    if (type === 'function_call_output' || type === 'custom_tool_call_output') {
      const output = item.output;
      const text = typeof output === 'string' ? output : JSON.stringify(output ?? '');
      const callId = requiredId(item.call_id, `${p}.call_id`, 'the call_id of the function_call it answers');
      return [{ role: 'tool', text, attachments: 0, results: [{ callId, param: `${p}.call_id`, text }] }];
    }
    if (type === 'function_call' || type === 'custom_tool_call') {
      const name = requiredId(item.name, `${p}.name`, 'the name of the called tool');
      const args =
        typeof item.arguments === 'string'
          ? item.arguments
          : typeof item.input === 'string'
            ? item.input
            : '';
      const id = requiredId(item.call_id, `${p}.call_id`, 'the id its function_call_output will answer');
      return [
        {
          role: 'assistant',
          text: `${name}(${args})`,
          attachments: 0,
          calls: [{ id, name, arguments: args }],
        },
      ];
    }
    if (type === 'compaction') {
      if (typeof item.encrypted_content !== 'string') {
        throw badRequest(
          `${p}.encrypted_content must be the string a compaction returned.`,
          `${p}.encrypted_content`,
        );
      }
      return [
        {
          role: 'system',
          text: decodeCompaction(item.encrypted_content, `${p}.encrypted_content`),
          attachments: 0,
        },
      ];
    }
    // Reasoning items and references carry nothing the writer reads.
    if (type === 'reasoning' || type === 'item_reference') return [];
    throw badRequest(
      `${p}.type "${String(type).slice(0, 40)}" is not supported here: send messages ("type": "message"), ` +
        'function_call, function_call_output or compaction items.',
      `${p}.type`,
    );
  });
}

/** Anthropic `system`: a string or text blocks. */
export function anthropicSystem(system: unknown): Turn[] {
  if (system === undefined || system === null) return [];
  if (typeof system === 'string') return system ? [{ role: 'system', text: system, attachments: 0 }] : [];
  if (!Array.isArray(system))
    throw badRequest('system must be a string or an array of text blocks.', 'system');
  const { text } = readParts(system, 'system', ['text'], []);
  return [{ role: 'system', text, attachments: 0 }];
}

interface BlockContent {
  text: string;
  attachments: number;
  calls: ToolCallRecord[];
  results: ToolResultRecord[];
}

function anthropicBlocks(blocks: unknown[], param: string): BlockContent {
  const texts: string[] = [];
  const calls: ToolCallRecord[] = [];
  const results: ToolResultRecord[] = [];
  let attachments = 0;
  blocks.forEach((block, j) => {
    const p = `${param}[${j}]`;
    if (!isRecord(block)) throw badRequest(`${p} must be a content block object with a "type".`, p);
    switch (block.type) {
      case 'text':
        texts.push(textField(block, 'text', p));
        break;
      case 'image':
      case 'document':
        attachments++;
        break;
      case 'tool_use': {
        const name = requiredId(block.name, `${p}.name`, 'the name of the called tool');
        const args = JSON.stringify(block.input ?? {});
        calls.push({
          id: requiredId(block.id, `${p}.id`, 'the id its tool_result will answer'),
          name,
          arguments: args,
        });
        texts.push(`${name}(${args})`);
        break;
      }
      case 'tool_result': {
        const c = block.content;
        const text =
          typeof c === 'string' ? c : Array.isArray(c) ? anthropicBlocks(c, `${p}.content`).text : '';
        const callId = requiredId(block.tool_use_id, `${p}.tool_use_id`, 'the id of the tool_use it answers');
        results.push({ callId, param: `${p}.tool_use_id`, text });
        texts.push(text);
        break;
      }
      case 'thinking':
      case 'redacted_thinking':
        break;
      default:
        throw badRequest(
          `${p}.type must be one of "text", "image", "document", "tool_use", "tool_result".`,
          `${p}.type`,
        );
    }
  });
  return { text: texts.join('\n'), attachments, calls, results };
}

/** Anthropic `messages`: alternating user/assistant turns, string or block content. */
export function anthropicTurns(messages: unknown): Turn[] {
  return nonEmptyArray(messages, 'messages', 'messages').map((m, i) => {
    const p = `messages[${i}]`;
    if (!isRecord(m)) throw badRequest(`${p} must be an object with "role" and "content".`, p);
    if (m.role !== 'user' && m.role !== 'assistant') {
      throw badRequest(
        `${p}.role must be "user" or "assistant" (put system instructions in the top-level "system" field).`,
        `${p}.role`,
      );
    }
    if (typeof m.content === 'string') return { role: m.role, text: m.content, attachments: 0 };
    if (!Array.isArray(m.content)) {
      throw badRequest(`${p}.content must be a string or an array of content blocks.`, `${p}.content`);
    }
    const { text, attachments, calls, results } = anthropicBlocks(m.content, `${p}.content`);
    // A user turn that carries tool results answers the calls: the writer treats it as a tool turn.
    const role = m.role === 'user' && results.length > 0 ? 'tool' : m.role;
    return {
      role,
      text,
      attachments,
      ...(calls.length > 0 ? { calls } : {}),
      ...(results.length > 0 ? { results } : {}),
    };
  });
}
