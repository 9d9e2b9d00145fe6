import type Database from 'better-sqlite3';
import type { ResponsesRequest } from '@contract/responses-request';
import { badRequest } from '../../errors';
import * as table from '../../store/text-responses';
import { decodeCompaction } from './compact';
import { responseInputTurns } from './conversation';
import type { Turn } from './writer';

/**
 * Stored Responses for the routes: what was answered and the conversation it continued, so that
 * previous_response_id, GET, input_items and DELETE work. Another key's response is simply not
 * found (the table filters by owner).
 */
export interface StoredResponse {
  response: Record<string, unknown>;
  turns: Turn[];
}

export function loadResponse(db: Database.Database, owner: string, id: string): StoredResponse | undefined {
  const row = table.loadResponse(db, owner, id);
  return row ? { response: row.response, turns: row.turns as Turn[] } : undefined;
}

export function saveResponse(
  db: Database.Database,
  owner: string,
  response: { id: string } & Record<string, unknown>,
  turns: readonly Turn[],
): void {
  table.saveResponse(db, owner, response, turns);
}

export function deleteResponse(db: Database.Database, owner: string, id: string): boolean {
  return table.deleteResponse(db, owner, id);
}

/** The conversation a request continues: the stored one of previous_response_id, then the new input. */
export function conversationOf(
  db: Database.Database,
  owner: string,
  req: Pick<ResponsesRequest, 'input' | 'previous_response_id'>,
): { history: Turn[]; input: Turn[] } {
  const prev = req.previous_response_id;
  let history: Turn[] = [];
  if (prev) {
    const stored = loadResponse(db, owner, prev);
    if (!stored)
      throw badRequest(
        `Previous response with id "${prev.slice(0, 80)}" not found.`,
        'previous_response_id',
        'previous_response_not_found',
      );
    history = stored.turns;
  }
  if (!req.input && !prev) {
    throw badRequest(
      'input is required: a string or a list of input items (or pass previous_response_id).',
      'input',
      'missing_required_parameter',
    );
  }
  return { history, input: req.input ? responseInputTurns(req.input, decodeCompaction) : [] };
}
