import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';

/**
 * `idempotency_keys` (migration 9, decision 640): what a create POST sent with an Idempotency-Key
 * answered, so that the same request sent again gets the same answer instead of a second task.
 */

/** How long a key is remembered (the draft leaves it to the server; 24 h as the common practice). */
export const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** What the first request with a key answered. */
export interface RecordedAnswer {
  status: number;
  body: string;
}

export type Claim =
  /** First use of the key (or the first run's process is gone): this request runs. */
  | { kind: 'run' }
  /** The key answered this very request already. */
  | { kind: 'replay'; answer: RecordedAnswer }
  /** The key was used for another request (another method, path or body). */
  | { kind: 'mismatch' }
  /** The first request with the key is still running in this process. */
  | { kind: 'inFlight' };

interface Row {
  fingerprint: string;
  instance: string;
  status: number | null;
  response: string | null;
}

export interface KeyIdentity {
  owner: string;
  /** The key itself: hashed here, never stored. */
  key: string;
}

/**
 * Claims a key for a request in one transaction, so that two requests with one key never both
 * run. Keys older than KEY_LIFETIME_MS are dropped first (lazily: no timer to keep). `instance`
 * names this server process: a row still running under another one was left by a process that
 * stopped mid-request (its answer was never sent), so this request runs it again.
 */
export function claimKey(
  db: Database.Database,
  id: KeyIdentity,
  fingerprint: string,
  instance: string,
  now = Date.now(),
): Claim {
  const keyHash = sha256(id.key);
  return db.transaction((): Claim => {
    db.prepare('DELETE FROM idempotency_keys WHERE created_ms < ?').run(now - KEY_LIFETIME_MS);
    const row = db
      .prepare(
        'SELECT fingerprint, instance, status, response FROM idempotency_keys WHERE owner = ? AND key_hash = ?',
      )
      .get(id.owner, keyHash) as Row | undefined;
    if (row && row.fingerprint !== fingerprint) return { kind: 'mismatch' };
    if (row && row.status !== null)
      return { kind: 'replay', answer: { status: row.status, body: row.response ?? '' } };
    if (row && row.instance === instance) return { kind: 'inFlight' };
    db.prepare(
      `INSERT INTO idempotency_keys (owner, key_hash, fingerprint, instance, status, response, created_ms)
       VALUES (?, ?, ?, ?, NULL, NULL, ?)
       ON CONFLICT (owner, key_hash) DO UPDATE SET instance = excluded.instance, created_ms = excluded.created_ms`,
    ).run(id.owner, keyHash, fingerprint, instance, now);
    return { kind: 'run' };
  })();
}

/** Keeps the answer of the request that claimed the key. */
export function recordAnswer(db: Database.Database, id: KeyIdentity, answer: RecordedAnswer): void {
  db.prepare(
    'UPDATE idempotency_keys SET status = ?, response = ? WHERE owner = ? AND key_hash = ? AND status IS NULL',
  ).run(answer.status, answer.body, id.owner, sha256(id.key));
}

/** Lets the key go: the request ended with no answer worth repeating, so a retry runs it again. */
export function releaseKey(db: Database.Database, id: KeyIdentity): void {
  db.prepare('DELETE FROM idempotency_keys WHERE owner = ? AND key_hash = ? AND status IS NULL').run(
    id.owner,
    sha256(id.key),
  );
}
