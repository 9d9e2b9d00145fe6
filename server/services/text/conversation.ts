import type { ChatMessage } from '@contract/chat-completions-request';
import type { AnthropicBlock, AnthropicMessage } from '@contract/messages-request';
import type { ResponsesInputItem } from '@contract/responses-request';
import type { ToolCallRecord, ToolResultRecord, Turn } from './writer';

/**
 * The three input formats (Chat Completions messages, Responses input items, Anthropic Messages)
 * reduced to one list of turns for the writer. Their shapes were checked by the contract schemas
 * (contract/chat-completions-request.ts, responses-request.ts, messages-request.ts); a string
 * content arrives here as one text part.
 */

function roleOf(role: string): Turn['role'] {
  if (role === 'developer' || role === 'system') return 'system';
  if (role === 'function' || role === 'tool') return 'tool';
  return role as Turn['role'];
}

const TEXT_PARTS = new Set(['text', 'input_text', 'output_text']);

/** Content parts as the writer sees them: joined text plus a count of non-text parts. */
function readParts(parts: ReadonlyArray<{ type: string; text?: unknown; refusal?: unknown }>): {
  text: string;
  attachments: number;
} {
  const texts: string[] = [];
  let attachments = 0;
  for (const part of parts) {
    if (TEXT_PARTS.has(part.type)) texts.push(String(part.text));
    else if (part.type === 'refusal') texts.push(String(part.refusal));
    else attachments++;
  }
  return { text: texts.join('\n'), attachments };
}

/** Chat Completions `messages`. */
export function chatTurns(messages: readonly ChatMessage[]): Turn[] {
  return messages.map((m, i) => {
    const parts = readParts(m.content);
    const calls: ToolCallRecord[] =
      m.role === 'assistant'
        ? (m.tool_calls ?? []).map((call) => ({
            id: call.id,
            name: call.function.name,
            arguments: typeof call.function.arguments === 'string' ? call.function.arguments : '{}',
          }))
        : [];
    const results: ToolResultRecord[] =
      m.role === 'tool'
        ? [{ callId: m.tool_call_id, param: `messages[${i}].tool_call_id`, text: parts.text }]
        : [];
    return {
      role: roleOf(m.role),
      ...parts,
      ...(calls.length > 0 ? { calls } : {}),
      ...(results.length > 0 ? { results } : {}),
    };
  });
}

/** Decodes the summary a compaction item carries (see compact.ts). */
export type CompactionDecoder = (encrypted: string, param: string) => string;

/** Responses `input` items (a string input arrives as one user message). */
export function responseInputTurns(
  items: readonly ResponsesInputItem[],
  decodeCompaction: CompactionDecoder,
): Turn[] {
  return items.flatMap((item, i): Turn[] => {
    const p = `input[${i}]`;
    switch (item.type) {
      case 'message':
        return [{ role: roleOf(item.role), ...readParts(item.content) }];
      case 'function_call_output':
      case 'custom_tool_call_output': {
        const output = item.output;
        const text = typeof output === 'string' ? output : JSON.stringify(output ?? '');
        return [
          {
            role: 'tool',
            text,
            attachments: 0,
            results: [{ callId: item.call_id, param: `${p}.call_id`, text }],
          },
        ];
      }
      case 'function_call':
      case 'custom_tool_call': {
        const args =
          typeof item.arguments === 'string'
            ? item.arguments
            : typeof item.input === 'string'
              ? item.input
              : '';
        return [
          {
            role: 'assistant',
            text: `${item.name}(${args})`,
            attachments: 0,
            calls: [{ id: item.call_id, name: item.name, arguments: args }],
          },
        ];
      }
      case 'compaction':
        return [
          {
            role: 'system',
            text: decodeCompaction(item.encrypted_content, `${p}.encrypted_content`),
            attachments: 0,
          },
        ];
      // Reasoning items and references carry nothing the writer reads.
      default:
        return [];
    }
  });
}

/** Anthropic `system`: text blocks (an empty string arrives as none). */
export function anthropicSystem(system: ReadonlyArray<{ text: string }> | null | undefined): Turn[] {
  if (!system) return [];
  return [{ role: 'system', text: system.map((b) => b.text).join('\n'), attachments: 0 }];
}

interface BlockContent {
  text: string;
  attachments: number;
  calls: ToolCallRecord[];
  results: ToolResultRecord[];
}

function anthropicBlocks(blocks: readonly AnthropicBlock[], param: string): BlockContent {
  const texts: string[] = [];
  const calls: ToolCallRecord[] = [];
  const results: ToolResultRecord[] = [];
  let attachments = 0;
  blocks.forEach((block, j) => {
    switch (block.type) {
      case 'text':
        texts.push(block.text);
        break;
      case 'image':
      case 'document':
        attachments++;
        break;
      case 'tool_use': {
        const args = JSON.stringify(block.input ?? {});
        calls.push({ id: block.id, name: block.name, arguments: args });
        texts.push(`${block.name}(${args})`);
        break;
      }
      case 'tool_result': {
        const text = readParts(block.content).text;
        results.push({ callId: block.tool_use_id, param: `${param}[${j}].tool_use_id`, text });
        texts.push(text);
        break;
      }
      default:
        // Thinking blocks carry nothing the writer reads.
        break;
    }
  });
  return { text: texts.join('\n'), attachments, calls, results };
}

/** Anthropic `messages`: user/assistant turns, string or block content. */
export function anthropicTurns(messages: readonly AnthropicMessage[]): Turn[] {
  return messages.map((m, i) => {
    const { text, attachments, calls, results } = anthropicBlocks(m.content, `messages[${i}].content`);
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
