import { createHash } from 'node:crypto';
import type { InputItemsQuery } from '@contract/responses-request';
import { badRequest } from '../../../errors';
import type { StoredResponse } from './stored-responses';
import { quoted } from '@contract/quoted';

/**
 * GET /v1/responses/{id}/input_items: the conversation a stored response answered, as message
 * items, paged like the hosted API (InputItemsQuerySchema: `limit`, `order`, `after`).
 * Item ids are derived from the response id and position, so they are stable across calls.
 */
export function inputItemsPage(stored: StoredResponse, query: InputItemsQuery) {
  const id = String(stored.response.id);
  const answered = stored.response.status === 'in_progress' ? stored.turns : stored.turns.slice(0, -1);
  const items = answered.map((turn, i) => ({
    id: `msg_${createHash('sha256').update(`${id}:${i}`).digest('hex').slice(0, 24)}`,
    type: 'message',
    status: 'completed',
    role: turn.role === 'tool' ? 'user' : turn.role,
    content: [{ type: turn.role === 'assistant' ? 'output_text' : 'input_text', text: turn.text }],
  }));

  const { limit, order } = query;
  const ordered = order === 'desc' ? [...items].reverse() : items;
  let start = 0;
  if (query.after !== undefined) {
    const at = ordered.findIndex((item) => item.id === query.after);
    if (at < 0) throw badRequest(`after ${quoted(query.after)} is not an item of this response.`, 'after');
    start = at + 1;
  }
  const data = ordered.slice(start, start + limit);
  return {
    object: 'list',
    data,
    first_id: data[0]?.id ?? null,
    last_id: data.at(-1)?.id ?? null,
    has_more: start + limit < ordered.length,
  };
}
