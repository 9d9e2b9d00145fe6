/**
 * Versioned schema migrations, applied in order inside one transaction each and recorded in
 * `schema_migrations`. Never edit a released migration: append a new one.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const migrations: Migration[] = [
  {
    version: 1,
    name: 'settings',
    sql: `
      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
    `,
  },
  {
    version: 2,
    name: 'asset_groups_and_assets',
    // Groups and assets are scoped by `owner` (the API key's identity): `grp_default` exists once per
    // owner, so the group key is (owner, id). `seq` is a monotonic tiebreak that keeps "newest first"
    // stable within one millisecond. The lifecycle lives in the row (`stage`, `next_transition_at`,
    // `work_state`) so that a restart resumes preparation instead of losing it.
    sql: `
      CREATE TABLE asset_groups (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        owner TEXT NOT NULL,
        id TEXT NOT NULL,
        name TEXT NOT NULL,
        description TEXT NOT NULL DEFAULT '',
        created_ms INTEGER NOT NULL,
        updated_ms INTEGER NOT NULL,
        UNIQUE (owner, id)
      );
      CREATE INDEX asset_groups_by_owner ON asset_groups (owner, created_ms DESC, seq DESC);

      CREATE TABLE assets (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        owner TEXT NOT NULL,
        group_id TEXT NOT NULL,
        domain TEXT NOT NULL,
        type TEXT NOT NULL,
        name TEXT NOT NULL,
        description TEXT NOT NULL,
        origin TEXT NOT NULL CHECK (origin IN ('url', 'upload')),
        mode TEXT NOT NULL,
        source_url TEXT NOT NULL,
        file_path TEXT,
        content_type TEXT NOT NULL,
        size INTEGER NOT NULL,
        duration REAL NOT NULL DEFAULT 0,
        status TEXT NOT NULL,
        sync_status TEXT NOT NULL,
        preparation_status TEXT NOT NULL,
        review_status TEXT NOT NULL,
        review_passed INTEGER NOT NULL,
        generation_ready INTEGER NOT NULL,
        sync_error TEXT,
        visibility TEXT NOT NULL DEFAULT 'private',
        model TEXT,
        purpose TEXT,
        role TEXT,
        metadata TEXT,
        fault TEXT,
        pace REAL NOT NULL DEFAULT 1,
        stage TEXT NOT NULL,
        work_state TEXT NOT NULL,
        next_transition_at INTEGER,
        created_ms INTEGER NOT NULL,
        updated_ms INTEGER NOT NULL,
        FOREIGN KEY (owner, group_id) REFERENCES asset_groups (owner, id)
      );
      CREATE INDEX assets_by_group ON assets (owner, group_id, created_ms DESC, seq DESC);
      CREATE INDEX assets_by_group_type ON assets (owner, group_id, type, created_ms DESC, seq DESC);
      CREATE INDEX assets_by_group_status ON assets (owner, group_id, status, created_ms DESC, seq DESC);
      CREATE INDEX assets_due ON assets (next_transition_at) WHERE next_transition_at IS NOT NULL;
    `,
  },
  {
    version: 3,
    name: 'tasks',
    // Tasks are scoped by `owner`. The whole lifecycle lives in the row so that a restart (even
    // kill -9) resumes every unfinished task: `next_at` is when pending/submitted may advance,
    // `lease_owner`/`lease_expires_at` say which runner renders a running task (decision 030).
    // `request` is the body as validated, `params` what the kind needs to perform it, `origin` the
    // scheme and host the task was created through (URLs in webhooks, which have no request).
    // `task_turns` remembers when each owner was last served, for round-robin between keys.
    sql: `
      CREATE TABLE tasks (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        owner TEXT NOT NULL,
        kind TEXT NOT NULL,
        model TEXT NOT NULL,
        status TEXT NOT NULL
          CHECK (status IN ('pending', 'submitted', 'running', 'succeeded', 'failed', 'cancelled')),
        progress INTEGER NOT NULL DEFAULT 0,
        request TEXT NOT NULL,
        params TEXT NOT NULL,
        input_references TEXT NOT NULL DEFAULT '[]',
        has_video_input INTEGER NOT NULL DEFAULT 0,
        total_tokens INTEGER NOT NULL DEFAULT 0,
        callback_url TEXT,
        origin TEXT NOT NULL,
        request_id TEXT NOT NULL,
        trace_id TEXT NOT NULL,
        run_ms INTEGER NOT NULL,
        next_at INTEGER,
        attempts INTEGER NOT NULL DEFAULT 0,
        lease_owner TEXT,
        lease_expires_at INTEGER,
        result_path TEXT,
        error_code TEXT,
        error_message TEXT,
        fail_reason TEXT,
        created_ms INTEGER NOT NULL,
        updated_ms INTEGER NOT NULL,
        started_ms INTEGER,
        completed_ms INTEGER
      );
      CREATE INDEX tasks_by_status ON tasks (status, next_at);
      CREATE INDEX tasks_by_owner ON tasks (owner, created_ms DESC, seq DESC);
      CREATE INDEX tasks_queue ON tasks (owner, seq, next_at) WHERE status = 'submitted';
      CREATE INDEX tasks_running ON tasks (owner, seq) WHERE status = 'running';
      CREATE TABLE task_turns (
        owner TEXT PRIMARY KEY,
        turn INTEGER NOT NULL
      );
    `,
  },
  {
    version: 4,
    name: 'webhook_deliveries_and_inbox',
    // The outbox: a delivery row is written in the transaction that makes a task terminal, so a
    // crash can never lose a webhook. `id` is the Standard Webhooks webhook-id, fixed at enqueue
    // and reused by every attempt; `body` is the exact JSON text sent. `destination` (the URL's
    // origin) lets the sender share its slots fairly between receivers.
    sql: `
      CREATE TABLE webhook_deliveries (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        owner TEXT NOT NULL,
        task_id TEXT NOT NULL,
        url TEXT NOT NULL,
        destination TEXT NOT NULL,
        type TEXT NOT NULL,
        body TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
        attempt_count INTEGER NOT NULL DEFAULT 0,
        next_attempt_ms INTEGER,
        last_status_code INTEGER,
        last_error TEXT,
        created_ms INTEGER NOT NULL,
        completed_ms INTEGER
      );
      CREATE INDEX webhook_deliveries_by_task ON webhook_deliveries (owner, task_id, seq);
      CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_ms) WHERE status = 'pending';

      CREATE TABLE webhook_attempts (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        delivery_id TEXT NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        started_ms INTEGER NOT NULL,
        duration_ms INTEGER,
        outcome TEXT NOT NULL CHECK (outcome IN ('in_progress', 'succeeded', 'failed', 'interrupted')),
        status_code INTEGER,
        error TEXT,
        next_retry_ms INTEGER
      );
      CREATE INDEX webhook_attempts_by_delivery ON webhook_attempts (delivery_id, seq);

      CREATE TABLE webhook_inbox (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        received_ms INTEGER NOT NULL,
        method TEXT NOT NULL,
        headers TEXT NOT NULL,
        body TEXT NOT NULL,
        webhook_id TEXT,
        verified INTEGER NOT NULL,
        reason TEXT
      );
      CREATE INDEX webhook_inbox_by_name ON webhook_inbox (name, seq DESC);
    `,
  },
  {
    version: 5,
    name: 'text_responses',
    // Stored Responses (`store: true`, the default) for GET /v1/responses/{id} and
    // previous_response_id. `turns` is the conversation through this response in the writer's
    // own form, so a follow-up needs no re-parsing of old input; rows older than 30 days are pruned.
    sql: `
      CREATE TABLE text_responses (
        id TEXT PRIMARY KEY,
        owner TEXT NOT NULL,
        created_ms INTEGER NOT NULL,
        response TEXT NOT NULL,
        turns TEXT NOT NULL
      );
      CREATE INDEX text_responses_by_age ON text_responses (created_ms);
    `,
  },
  {
    version: 6,
    name: 'webhook_inbox_owners',
    // Decision 282: an inbox belongs to the key (its owner hash) that first read it or named it in a
    // callback_url; only that key reads or clears it.
    sql: `
      CREATE TABLE webhook_inbox_owners (
        name TEXT PRIMARY KEY,
        owner TEXT NOT NULL,
        claimed_ms INTEGER NOT NULL
      );
    `,
  },
  {
    version: 7,
    name: 'storyboard_assemblies',
    // Decision 335: assembled storyboards, formerly a JSON file each under DATA_DIR/storyboard/. A
    // row is written before the encode starts, so a row still `running` after a restart is an encode
    // nobody works on; it is started again when asked for. The MP4 itself stays under DATA_DIR/files.
    sql: `
      CREATE TABLE storyboard_assemblies (
        id TEXT PRIMARY KEY,
        owner TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('running', 'succeeded', 'failed')),
        progress REAL NOT NULL DEFAULT 0,
        shots TEXT NOT NULL,
        joins TEXT NOT NULL,
        origin TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        url TEXT,
        file_name TEXT,
        duration REAL,
        width INTEGER,
        height INTEGER,
        fps REAL,
        scaled TEXT,
        error TEXT,
        updated_ms INTEGER NOT NULL
      );
      CREATE INDEX storyboard_assemblies_by_owner ON storyboard_assemblies (owner, id);
    `,
  },
  {
    version: 8,
    name: 'storyboard_assembly_sound',
    // Decision 370: an assembly's music, narration and captions (one JSON value: they are read and
    // written together, never queried), and the URL of its WebVTT file once it is made.
    sql: `
      ALTER TABLE storyboard_assemblies ADD COLUMN sound TEXT;
      ALTER TABLE storyboard_assemblies ADD COLUMN captions_url TEXT;
    `,
  },
  {
    version: 9,
    name: 'idempotency_keys',
    // Decision 640: the answers to create POSTs sent with an Idempotency-Key, so that a request
    // sent again after its answer was lost (a reload) gets the same task, even across a restart.
    // The key is kept as a hash, scoped by owner; `status` NULL while the first request runs,
    // `instance` the server process that runs it (a row left by a process gone is run again).
    sql: `
      CREATE TABLE idempotency_keys (
        owner TEXT NOT NULL,
        key_hash TEXT NOT NULL,
        fingerprint TEXT NOT NULL,
        instance TEXT NOT NULL,
        status INTEGER,
        response TEXT,
        created_ms INTEGER NOT NULL,
        PRIMARY KEY (owner, key_hash)
      );
      CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_ms);
    `,
  },
];
