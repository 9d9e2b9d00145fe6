import type Database from 'better-sqlite3';
import type { TaskStatus } from '@contract/task';

/** One row of `tasks` (migration 3), as stored. JSON columns are text; booleans are integers. */
export interface TaskRow {
  seq: number;
  id: string;
  owner: string;
  kind: string;
  model: string;
  status: TaskStatus;
  progress: number;
  /** The request body as validated, JSON. */
  request: string;
  /** What the kind needs to perform the task (sizes, resolved inputs), JSON. */
  params: string;
  input_references: string;
  has_video_input: 0 | 1;
  total_tokens: number;
  callback_url: string | null;
  origin: string;
  request_id: string;
  trace_id: string;
  /** Simulated running time in ms at EMULATOR_SPEED 1; the runner divides it by the speed. */
  run_ms: number;
  next_at: number | null;
  attempts: number;
  lease_owner: string | null;
  lease_expires_at: number | null;
  /** Below DATA_DIR/files, set when the task succeeded. */
  result_path: string | null;
  error_code: string | null;
  error_message: string | null;
  fail_reason: string | null;
  created_ms: number;
  updated_ms: number;
  started_ms: number | null;
  completed_ms: number | null;
}

export type NewTaskRow = Omit<
  TaskRow,
  | 'seq'
  | 'attempts'
  | 'lease_owner'
  | 'lease_expires_at'
  | 'result_path'
  | 'error_code'
  | 'error_message'
  | 'fail_reason'
  | 'started_ms'
  | 'completed_ms'
>;

export function insertTask(db: Database.Database, row: NewTaskRow): void {
  const cols = Object.keys(row);
  db.prepare(`INSERT INTO tasks (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`).run(
    row,
  );
}

/** The caller's task; another key's task is undefined exactly like a missing one. */
export function getTaskForOwner(db: Database.Database, owner: string, id: string): TaskRow | undefined {
  return db.prepare('SELECT * FROM tasks WHERE id = ? AND owner = ?').get(id, owner) as TaskRow | undefined;
}

export function getTask(db: Database.Database, id: string): TaskRow | undefined {
  return db.prepare('SELECT * FROM tasks WHERE id = ?').get(id) as TaskRow | undefined;
}

/** pending → submitted for every row whose preparation time is over; returns how many moved. */
export function submitDuePending(db: Database.Database, now: number, queuedUntil: number): number {
  return db
    .prepare(
      `UPDATE tasks SET status = 'submitted', next_at = ?, updated_ms = ?
       WHERE status = 'pending' AND next_at <= ?`,
    )
    .run(queuedUntil, now, now).changes;
}

/**
 * Claims the next task to run (of `kinds` only, when given), fairly between owners, in one transaction: an `UPDATE … RETURNING`
 * over the row picked by the same statement, plus the owner's turn. Claimable: a submitted task
 * whose queue time is over, or a running task whose lease is released or has expired (its runner
 * stopped or died). Order: the owner with the fewest tasks running now, then the owner served
 * least recently (round-robin), then the oldest task of that owner.
 *
 * The queue can hold tens of thousands of rows, so nothing scans it: `owners` walks the distinct
 * owners of the queue index one `MIN(owner) > previous` at a time (a skip-scan SQLite does not do
 * by itself), and each owner's oldest due task is the first due row of its index range. Running
 * rows are few (the concurrency bound plus orphans). `INDEXED BY` pins the partial indexes: without
 * statistics the planner prefers (status, next_at) and scans the whole queue (20,000 queued tasks:
 * 2 ms per claim pinned, 800 ms not).
 */
export function claimNextTask(
  db: Database.Database,
  runner: string,
  now: number,
  leaseMs: number,
  kinds?: readonly string[],
): TaskRow | undefined {
  return db.transaction(() => {
    const row = db
      .prepare(
        `UPDATE tasks SET status = 'running', lease_owner = @runner, lease_expires_at = @expires,
           started_ms = COALESCE(started_ms, @now), attempts = attempts + 1, next_at = NULL, updated_ms = @now
         WHERE seq = (
           WITH RECURSIVE owners(owner) AS (
             SELECT (SELECT MIN(owner) FROM tasks INDEXED BY tasks_queue WHERE status = 'submitted')
             UNION ALL
             SELECT (
               SELECT MIN(owner) FROM tasks INDEXED BY tasks_queue
               WHERE status = 'submitted' AND owner > owners.owner
             )
             FROM owners WHERE owners.owner IS NOT NULL
           ),
           candidates AS (
             SELECT owner, (
               SELECT seq FROM tasks q INDEXED BY tasks_queue
               WHERE q.status = 'submitted' AND q.owner = owners.owner AND q.next_at <= @now
                 AND (@kinds IS NULL OR q.kind IN (SELECT value FROM json_each(@kinds)))
               ORDER BY q.seq LIMIT 1
             ) AS seq FROM owners WHERE owner IS NOT NULL
             UNION ALL
             SELECT owner, MIN(seq) FROM tasks INDEXED BY tasks_running
             WHERE status = 'running' AND (lease_owner IS NULL OR lease_expires_at < @now)
               AND (@kinds IS NULL OR kind IN (SELECT value FROM json_each(@kinds)))
             GROUP BY owner
           ),
           busy AS (
             SELECT owner, COUNT(*) AS n FROM tasks INDEXED BY tasks_running
             WHERE status = 'running' AND lease_owner IS NOT NULL AND lease_expires_at >= @now
             GROUP BY owner
           )
           SELECT c.seq FROM candidates c
             LEFT JOIN busy b ON b.owner = c.owner
             LEFT JOIN task_turns t ON t.owner = c.owner
           WHERE c.seq IS NOT NULL
           ORDER BY COALESCE(b.n, 0), COALESCE(t.turn, 0), c.seq
           LIMIT 1
         )
         RETURNING *`,
      )
      .get({ runner, expires: now + leaseMs, now, kinds: kinds ? JSON.stringify(kinds) : null }) as
      TaskRow | undefined;
    if (row) {
      db.prepare(
        `INSERT INTO task_turns (owner, turn) VALUES (@owner, (SELECT COALESCE(MAX(turn), 0) + 1 FROM task_turns))
         ON CONFLICT (owner) DO UPDATE SET turn = excluded.turn`,
      ).run({ owner: row.owner });
    }
    return row;
  })();
}

/** Extends the leases this runner holds; a lease another runner took over is not touched. */
export function renewLeases(db: Database.Database, runner: string, expires: number): void {
  db.prepare(`UPDATE tasks SET lease_expires_at = ? WHERE lease_owner = ? AND status = 'running'`).run(
    expires,
    runner,
  );
}

/** Progress of a task this runner still holds; never goes down, and an unchanged value writes nothing. */
export function writeProgress(db: Database.Database, id: string, runner: string, progress: number): void {
  db.prepare(
    `UPDATE tasks SET progress = ?, updated_ms = ?
     WHERE id = ? AND lease_owner = ? AND status = 'running' AND progress < ?`,
  ).run(progress, Date.now(), id, runner, progress);
}

/** Gives running tasks back (still `running`, claimable at once): on stop, or after an attempt crashed. */
export function releaseLeases(db: Database.Database, runner: string, id?: string): number {
  const where = id ? 'lease_owner = ? AND id = ?' : 'lease_owner = ?';
  return db
    .prepare(
      `UPDATE tasks SET lease_owner = NULL, lease_expires_at = NULL WHERE ${where} AND status = 'running'`,
    )
    .run(...(id ? [runner, id] : [runner])).changes;
}

/** The distinct lease holders of running tasks, for start-up recovery of dead processes' leases. */
export function leaseHolders(db: Database.Database): string[] {
  return (
    db
      .prepare(
        `SELECT DISTINCT lease_owner AS o FROM tasks WHERE status = 'running' AND lease_owner IS NOT NULL`,
      )
      .all() as { o: string }[]
  ).map((r) => r.o);
}

export interface TerminalPatch {
  status: 'succeeded' | 'failed' | 'cancelled';
  progress: number;
  result_path?: string | null;
  error_code?: string | null;
  error_message?: string | null;
  fail_reason?: string | null;
}

/**
 * Writes a terminal state, only while this runner still holds the task (a runner that lost its
 * lease must not overwrite the one that took over). Returns the updated row, or undefined.
 */
export function finishTask(
  db: Database.Database,
  id: string,
  runner: string,
  patch: TerminalPatch,
  now: number,
): TaskRow | undefined {
  return db
    .prepare(
      `UPDATE tasks SET status = @status, progress = @progress, result_path = @result_path,
         error_code = @error_code, error_message = @error_message, fail_reason = @fail_reason,
         lease_owner = NULL, lease_expires_at = NULL, next_at = NULL, completed_ms = @now, updated_ms = @now
       WHERE id = @id AND lease_owner = @runner AND status = 'running'
       RETURNING *`,
    )
    .get({
      result_path: null,
      error_code: null,
      error_message: null,
      fail_reason: null,
      ...patch,
      id,
      runner,
      now,
    }) as TaskRow | undefined;
}

/**
 * When the runner should look again: the earliest pending/submitted deadline or lease expiry.
 * Undefined when nothing is waiting.
 */
export function nextTaskDeadline(db: Database.Database, kinds?: readonly string[]): number | undefined {
  // Three index seeks (status, next_at) and (owner, seq) WHERE running; one MIN over an IN list
  // would scan. A runner of some kinds only (proxy mode) is not woken by rows it will never claim.
  const only = `(@kinds IS NULL OR kind IN (SELECT value FROM json_each(@kinds)))`;
  const row = db
    .prepare(
      `SELECT MIN(
         (SELECT MIN(next_at) FROM tasks WHERE status = 'pending' AND ${only}),
         (SELECT MIN(next_at) FROM tasks WHERE status = 'submitted' AND ${only}),
         (SELECT MIN(COALESCE(lease_expires_at, 0)) FROM tasks WHERE status = 'running' AND ${only})
       ) AS at`,
    )
    .get({ kinds: kinds ? JSON.stringify(kinds) : null }) as { at: number | null };
  return row.at ?? undefined;
}
