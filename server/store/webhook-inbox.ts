import type Database from 'better-sqlite3';

/** One recorded request of `webhook_inbox`. `headers` is JSON text with lower-case names. */
export interface InboxRow {
  seq: number;
  id: string;
  name: string;
  received_ms: number;
  method: string;
  headers: string;
  body: string;
  webhook_id: string | null;
  verified: 0 | 1;
  reason: string | null;
}

export type NewInboxRow = Omit<InboxRow, 'seq'>;

/**
 * Records a delivery and drops what exceeds the caps in the same transaction: the oldest beyond
 * `perInbox` in this inbox, and the oldest beyond `total` over all inboxes (names are free to
 * invent, so without it the table could grow without bound).
 */
export function recordInboxDelivery(
  db: Database.Database,
  row: NewInboxRow,
  caps: { perInbox: number; total: number },
): void {
  db.transaction(() => {
    db.prepare(
      `INSERT INTO webhook_inbox (id, name, received_ms, method, headers, body, webhook_id, verified, reason)
       VALUES (@id, @name, @received_ms, @method, @headers, @body, @webhook_id, @verified, @reason)`,
    ).run(row);
    db.prepare(
      `DELETE FROM webhook_inbox WHERE name = ? AND seq <= (
         SELECT seq FROM webhook_inbox WHERE name = ? ORDER BY seq DESC LIMIT 1 OFFSET ?)`,
    ).run(row.name, row.name, caps.perInbox);
    db.prepare(
      `DELETE FROM webhook_inbox WHERE seq <= (SELECT seq FROM webhook_inbox ORDER BY seq DESC LIMIT 1 OFFSET ?)`,
    ).run(caps.total);
  })();
}

export function listInbox(db: Database.Database, name: string, limit: number): InboxRow[] {
  return db
    .prepare('SELECT * FROM webhook_inbox WHERE name = ? ORDER BY seq DESC LIMIT ?')
    .all(name, limit) as InboxRow[];
}

export function clearInbox(db: Database.Database, name: string): number {
  return db.prepare('DELETE FROM webhook_inbox WHERE name = ?').run(name).changes;
}

/**
 * The owner of inbox `name`, claiming it for `owner` when nobody has (decision 282). Atomic: of two
 * keys claiming at once, one wins and both learn which.
 */
export function claimInbox(db: Database.Database, name: string, owner: string, now: number): string {
  db.prepare('INSERT OR IGNORE INTO webhook_inbox_owners (name, owner, claimed_ms) VALUES (?, ?, ?)').run(
    name,
    owner,
    now,
  );
  return (db.prepare('SELECT owner FROM webhook_inbox_owners WHERE name = ?').get(name) as { owner: string })
    .owner;
}
