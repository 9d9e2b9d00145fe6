import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { type Migration, migrations as defaultMigrations } from './migrations';

/**
 * Opens (creating if needed) the SQLite database in DATA_DIR with WAL, so that readers never block
 * the writer and a crash loses no committed row, and applies pending migrations.
 */
export function openDatabase(dataDir: string, migrations: Migration[] = defaultMigrations): Database.Database {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, 'media-studio.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db, migrations);
  return db;
}

export function migrate(db: Database.Database, migrations: Migration[]): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  )`);
  const applied = new Set(
    db.prepare('SELECT version FROM schema_migrations').all().map((r) => (r as { version: number }).version),
  );
  const sorted = [...migrations].sort((a, b) => a.version - b.version);
  const ran: number[] = [];
  for (const m of sorted) {
    if (applied.has(m.version)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        m.version,
        m.name,
        Math.floor(Date.now() / 1000),
      );
    })();
    ran.push(m.version);
  }
  return ran;
}
