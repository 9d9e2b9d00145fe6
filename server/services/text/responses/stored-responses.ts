import type Database from 'better-sqlite3';
import type { ResponsesRequest } from '@contract/responses-request';
import { ApiError, badRequest } from '../../../errors';
import * as table from '../../../store/text-responses';
import { decodeCompaction } from './compact';
import { responseInputTurns } from '../conversation';
import type { Turn } from '../writer';
import { quoted } from '@contract/quoted';

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

function notFound(id: string): ApiError {
  return new ApiError(
    404,
    `Response ${quoted(id)} was not found: it was never stored (store: false), was deleted, or belongs to another API key.`,
    { code: 'not_found', param: 'response_id' },
  );
}

/** GET /v1/responses/{id} and its input_items: the owner's stored response, or a 404 saying why not. */
export function requireResponse(db: Database.Database, owner: string, id: string): StoredResponse {
  const stored = loadResponse(db, owner, id);
  if (!stored) throw notFound(id);
  return stored;
}

/** DELETE /v1/responses/{id}: what the hosted API answers, or the same 404 as a read. */
export function deleteResponse(db: Database.Database, owner: string, id: string) {
  if (!table.deleteResponse(db, owner, id)) throw notFound(id);
  return { id, object: 'response.deleted', deleted: true };
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
        `Previous response with id ${quoted(prev)} not found.`,
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
