import { badRequest } from '../../../errors';
import { token } from '../../../ids';
import { promptTokens, type Turn } from '../writer';

/**
 * Conversation compaction for POST /v1/responses/compact. User messages are kept word for word
 * (they are what the user said); system text and the assistant's replies, which are the long part,
 * become one short summary carried in a `compaction` item. The hosted API encrypts that item; the
 * local writer has nothing secret to hide, so it is only encoded (opaque to clients all the same),
 * and the server decodes it when the item comes back as input.
 */
const PREFIX = 'lc1.';
const MAX_SUMMARY_LINE = 120;

function firstLine(text: string): string {
  const line = text
    .split('\n')
    .map((l) => l.replace(/^[#>*\-\s]+/, '').trim())
    .find((l) => l.length > 0);
  if (!line) return '';
  return line.length > MAX_SUMMARY_LINE ? `${line.slice(0, MAX_SUMMARY_LINE - 1)}…` : line;
}

export function encodeCompaction(summary: string): string {
  return PREFIX + Buffer.from(JSON.stringify({ summary }), 'utf8').toString('base64url');
}

export function decodeCompaction(encrypted: string, param: string): string {
  try {
    if (!encrypted.startsWith(PREFIX)) throw new Error('foreign');
    const parsed = JSON.parse(Buffer.from(encrypted.slice(PREFIX.length), 'base64url').toString('utf8')) as {
      summary?: unknown;
    };
    if (typeof parsed.summary !== 'string') throw new Error('shape');
    return parsed.summary;
  } catch {
    throw badRequest(
      `${param} is not a compaction this server produced: pass the item POST /v1/responses/compact returned, unchanged.`,
      param,
    );
  }
}

export interface Compaction {
  output: Array<Record<string, unknown>>;
  tokensBefore: number;
  tokensAfter: number;
}

export function compactTurns(turns: readonly Turn[]): Compaction {
  const users = turns.filter((t) => t.role === 'user');
  const others = turns.filter((t) => t.role !== 'user');
  const lines = others
    .map((t) => {
      const line = firstLine(t.text);
      return line ? `${t.role}: ${line}` : '';
    })
    .filter(Boolean);
  const summary = `Summary of ${turns.length} earlier messages (${others.length} not from the user):\n${lines.join('\n')}`;
  const after: Turn[] = [...users, { role: 'system', text: summary, attachments: 0 }];
  return {
    output: [
      ...users.map((t) => ({
        id: `msg_${token(24)}`,
        type: 'message',
        status: 'completed',
        role: 'user',
        content: [{ type: 'input_text', text: t.text }],
      })),
      { id: `cmp_${token(24)}`, type: 'compaction', encrypted_content: encodeCompaction(summary) },
    ],
    tokensBefore: promptTokens(turns),
    tokensAfter: promptTokens(after),
  };
}
