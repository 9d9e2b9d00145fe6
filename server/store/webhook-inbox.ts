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

export interface InboxCaps {
  /** Per inbox, kept separately for signed (verified) and unsigned deliveries. */
  perInbox: number;
  /** Over all unclaimed inboxes (names nobody has read or named yet), oldest first. */
  unclaimed: number;
}

/**
 * Records a delivery and drops what exceeds the caps in the same transaction (decision 363). Anyone can
 * post without a key, so a post may only push out deliveries that are no more trusted than itself:
 * - in its own inbox, the oldest beyond `perInbox` of the same kind: an unsigned post never pushes
 *   out a delivery the server signed;
 * - over all unclaimed inboxes, the oldest unsigned ones beyond `unclaimed` (names cost nothing to
 *   invent, the disk does). A claimed inbox's deliveries are never counted there, so no post to
 *   another name can push them out.
 */
export function recordInboxDelivery(db: Database.Database, row: NewInboxRow, caps: InboxCaps): void {
  db.transaction(() => {
    db.prepare(
      `INSERT INTO webhook_inbox (id, name, received_ms, method, headers, body, webhook_id, verified, reason)
       VALUES (@id, @name, @received_ms, @method, @headers, @body, @webhook_id, @verified, @reason)`,
    ).run(row);
    db.prepare(
      `DELETE FROM webhook_inbox WHERE name = @name AND verified = @verified AND seq <= (
         SELECT seq FROM webhook_inbox WHERE name = @name AND verified = @verified
         ORDER BY seq DESC LIMIT 1 OFFSET @keep)`,
    ).run({ name: row.name, verified: row.verified, keep: caps.perInbox });
    if (row.verified) return;
    const claimed = db.prepare('SELECT 1 FROM webhook_inbox_owners WHERE name = ?').get(row.name);
    if (claimed) return;
    db.prepare(
      `DELETE FROM webhook_inbox WHERE seq IN (
         SELECT seq FROM webhook_inbox
         WHERE verified = 0 AND name NOT IN (SELECT name FROM webhook_inbox_owners)
         ORDER BY seq DESC LIMIT -1 OFFSET ?)`,
    ).run(caps.unclaimed);
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
