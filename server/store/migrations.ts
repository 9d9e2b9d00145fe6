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
];
