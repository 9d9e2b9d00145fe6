import { newId, type ChatMessage, type Compaction } from '@/features/playground/chat/chat-store';
import { isRecord } from '@contract/is-record';

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : ''))
    .filter(Boolean)
    .join('\n\n');
}

/**
 * Reads POST /v1/responses/compact: `output` holds the shorter conversation as Responses items
 * (the user's messages, and an opaque compaction item standing for everything else), `usage` the
 * token counts before (input) and after (output). The compaction item is kept as it came, to be sent
 * back in later Responses input.
 */
export function readCompaction(body: unknown): { messages: ChatMessage[]; compaction: Compaction } {
  const b = isRecord(body) ? body : {};
  const messages: ChatMessage[] = [];
  for (const item of Array.isArray(b.output) ? b.output : []) {
    if (!isRecord(item)) continue;
    if (item.type === 'compaction') {
      messages.push({ id: newId('msg'), role: 'assistant', content: '', compactionItem: item });
      continue;
    }
    const text = textOf(item.content ?? item.summary ?? item.text);
    if (!text) continue;
    const role = item.role === 'user' ? 'user' : 'assistant';
    messages.push({ id: newId('msg'), role, content: text });
  }
  const usage = isRecord(b.usage) ? b.usage : {};
  const before = num(usage.input_tokens) ?? num(b.tokens_before) ?? 0;
  const after = num(usage.output_tokens) ?? num(b.tokens_after) ?? 0;
  return { messages, compaction: { before, after, at: Date.now() } };
}
