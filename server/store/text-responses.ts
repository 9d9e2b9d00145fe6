import type Database from 'better-sqlite3';

/*
 * The text_responses table: stored Responses (POST /v1/responses with store) and the conversation
 * each answered, as JSON. The turns' shape belongs to the text services; the table keeps them opaque.
 */

/** How long a stored response can be fetched or continued: the hosted API's default retention. */
export const RESPONSE_RETENTION_MS = 30 * 24 * 3600 * 1000;

export interface StoredResponseRow {
  response: Record<string, unknown>;
  turns: unknown[];
}

/** Saves a finished response (replacing an earlier state of it) and prunes expired ones. */
export function saveResponse(
  db: Database.Database,
  owner: string,
  response: { id: string } & Record<string, unknown>,
  turns: readonly unknown[],
  now = Date.now(),
): void {
  db.transaction(() => {
    db.prepare('DELETE FROM text_responses WHERE created_ms < ?').run(now - RESPONSE_RETENTION_MS);
    db.prepare(
      'INSERT OR REPLACE INTO text_responses (id, owner, created_ms, response, turns) VALUES (?, ?, ?, ?, ?)',
    ).run(response.id, owner, now, JSON.stringify(response), JSON.stringify(turns));
  })();
}

/** Another key's response is simply not found: ids never leak across owners. */
export function loadResponse(
  db: Database.Database,
  owner: string,
  id: string,
  now = Date.now(),
): StoredResponseRow | undefined {
  const row = db
    .prepare('SELECT response, turns FROM text_responses WHERE id = ? AND owner = ? AND created_ms >= ?')
    .get(id, owner, now - RESPONSE_RETENTION_MS) as { response: string; turns: string } | undefined;
  if (!row) return undefined;
  return {
    response: JSON.parse(row.response) as Record<string, unknown>,
    turns: JSON.parse(row.turns) as unknown[],
  };
}

export function deleteResponse(db: Database.Database, owner: string, id: string): boolean {
  return db.prepare('DELETE FROM text_responses WHERE id = ? AND owner = ?').run(id, owner).changes > 0;
}
