import type Database from 'better-sqlite3';

export type WebhookEventType = 'task.succeeded' | 'task.failed' | 'task.cancelled';
export type DeliveryStatus = 'pending' | 'delivered' | 'failed';
export type AttemptOutcome = 'in_progress' | 'succeeded' | 'failed' | 'interrupted';

/** One row of `webhook_deliveries` (the outbox). Times are unix milliseconds. */
export interface DeliveryRow {
  seq: number;
  /** The Standard Webhooks `webhook-id` (msg_…), the same for every attempt. */
  id: string;
  owner: string;
  task_id: string;
  url: string;
  /** The URL's origin: the unit the sender shares its slots fairly between. */
  destination: string;
  type: WebhookEventType;
  /** The exact JSON text sent as the request body. */
  body: string;
  status: DeliveryStatus;
  attempt_count: number;
  next_attempt_ms: number | null;
  last_status_code: number | null;
  last_error: string | null;
  created_ms: number;
  completed_ms: number | null;
}

export interface AttemptRow {
  seq: number;
  delivery_id: string;
  number: number;
  started_ms: number;
  duration_ms: number | null;
  outcome: AttemptOutcome;
  status_code: number | null;
  error: string | null;
  /** When the next attempt was scheduled after this one failed; null when none follows. */
  next_retry_ms: number | null;
}

export type NewDelivery = Pick<
  DeliveryRow,
  'id' | 'owner' | 'task_id' | 'url' | 'destination' | 'type' | 'body'
>;

export function insertDelivery(db: Database.Database, d: NewDelivery, now: number): void {
  db.prepare(
    `INSERT INTO webhook_deliveries (id, owner, task_id, url, destination, type, body, status, next_attempt_ms, created_ms)
     VALUES (@id, @owner, @task_id, @url, @destination, @type, @body, 'pending', @now, @now)`,
  ).run({ ...d, now });
}

export function getDelivery(db: Database.Database, id: string): DeliveryRow | undefined {
  return db.prepare('SELECT * FROM webhook_deliveries WHERE id = ?').get(id) as DeliveryRow | undefined;
}

/**
 * Due deliveries, at most `perDestination` per origin and none of `skipIds` (already in flight) or
 * `fullDestinations` (no free slot). Ranking within each origin and then ordering by that rank
 * gives every receiver its turn before any receiver gets a second one, so a backlog for one origin
 * cannot starve the others.
 */
export function dueDeliveries(
  db: Database.Database,
  now: number,
  opts: { skipIds: string[]; fullDestinations: string[]; perDestination: number; limit: number },
): DeliveryRow[] {
  return db
    .prepare(
      `SELECT * FROM (
         SELECT d.*, ROW_NUMBER() OVER (PARTITION BY destination ORDER BY next_attempt_ms, seq) AS rank
         FROM webhook_deliveries d
         WHERE status = 'pending' AND next_attempt_ms <= @now
           AND id NOT IN (SELECT value FROM json_each(@skipIds))
           AND destination NOT IN (SELECT value FROM json_each(@fullDestinations))
       )
       WHERE rank <= @perDestination
       ORDER BY rank, next_attempt_ms, seq
       LIMIT @limit`,
    )
    .all({
      now,
      skipIds: JSON.stringify(opts.skipIds),
      fullDestinations: JSON.stringify(opts.fullDestinations),
      perDestination: opts.perDestination,
      limit: opts.limit,
    }) as DeliveryRow[];
}

/** The earliest time a pending delivery that could start now (not in flight, origin not full) falls due. */
export function nextDeliveryDue(
  db: Database.Database,
  skipIds: string[],
  fullDestinations: string[] = [],
): number | undefined {
  const row = db
    .prepare(
      `SELECT MIN(next_attempt_ms) AS due FROM webhook_deliveries
       WHERE status = 'pending' AND id NOT IN (SELECT value FROM json_each(?))
         AND destination NOT IN (SELECT value FROM json_each(?))`,
    )
    .get(JSON.stringify(skipIds), JSON.stringify(fullDestinations)) as { due: number | null };
  return row.due ?? undefined;
}

/** Records the start of an attempt; its number is one more than the attempts finished so far. */
export function startAttempt(db: Database.Database, delivery: DeliveryRow, now: number): number {
  const info = db
    .prepare(
      `INSERT INTO webhook_attempts (delivery_id, number, started_ms, outcome) VALUES (?, ?, ?, 'in_progress')`,
    )
    .run(delivery.id, delivery.attempt_count + 1, now);
  return Number(info.lastInsertRowid);
}

export interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/**
 * Finishes an attempt and moves its delivery on in one transaction: delivered, failed for good
 * (`nextAttemptMs` null after a failure), or pending again until `nextAttemptMs`.
 */
export function recordDeliveryAttempt(
  db: Database.Database,
  attemptSeq: number,
  deliveryId: string,
  result: AttemptResult,
  nextAttemptMs: number | null,
  now: number,
): void {
  db.transaction(() => {
    db.prepare(
      `UPDATE webhook_attempts SET outcome = ?, duration_ms = ?, status_code = ?, error = ?, next_retry_ms = ?
       WHERE seq = ?`,
    ).run(
      result.ok ? 'succeeded' : 'failed',
      result.durationMs,
      result.statusCode,
      result.error,
      result.ok ? null : nextAttemptMs,
      attemptSeq,
    );
    const status: DeliveryStatus = result.ok ? 'delivered' : nextAttemptMs === null ? 'failed' : 'pending';
    db.prepare(
      `UPDATE webhook_deliveries SET status = ?, attempt_count = attempt_count + 1, next_attempt_ms = ?,
         last_status_code = ?, last_error = ?, completed_ms = ?
       WHERE id = ?`,
    ).run(
      status,
      status === 'pending' ? nextAttemptMs : null,
      result.statusCode,
      result.error,
      status === 'pending' ? null : now,
      deliveryId,
    );
  })();
}

/**
 * Marks an attempt cut short by shutdown or a crash. It does not count against the schedule: the
 * delivery stays due and is simply tried again.
 */
export function interruptAttempt(
  db: Database.Database,
  attemptSeq: number,
  durationMs: number,
  why: string,
): void {
  db.prepare(
    `UPDATE webhook_attempts SET outcome = 'interrupted', duration_ms = ?, error = ? WHERE seq = ? AND outcome = 'in_progress'`,
  ).run(durationMs, why, attemptSeq);
}

/** At start-up: attempts a previous run left in progress were cut by a crash. */
export function interruptStaleAttempts(db: Database.Database): number {
  return db
    .prepare(
      `UPDATE webhook_attempts SET outcome = 'interrupted', error = 'The server stopped during this attempt; it was tried again.'
       WHERE outcome = 'in_progress'`,
    )
    .run().changes;
}

export function deliveriesForTask(db: Database.Database, owner: string, taskId: string): DeliveryRow[] {
  return db
    .prepare('SELECT * FROM webhook_deliveries WHERE owner = ? AND task_id = ? ORDER BY seq')
    .all(owner, taskId) as DeliveryRow[];
}

export function attemptsFor(db: Database.Database, deliveryIds: string[]): AttemptRow[] {
  if (deliveryIds.length === 0) return [];
  return db
    .prepare(
      `SELECT * FROM webhook_attempts WHERE delivery_id IN (SELECT value FROM json_each(?)) ORDER BY seq`,
    )
    .all(JSON.stringify(deliveryIds)) as AttemptRow[];
}

/**
 * Whether the owner has a task with this id. Tasks live in VIDEO-SERVER's `tasks` table
 * (migration 3); a database without it knows no task.
 */
export function taskKnown(db: Database.Database, owner: string, taskId: string): boolean {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'tasks'").get();
  if (!table) return false;
  return db.prepare('SELECT 1 FROM tasks WHERE id = ? AND owner = ?').get(taskId, owner) !== undefined;
}
