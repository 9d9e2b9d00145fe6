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
];
