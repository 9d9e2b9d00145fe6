import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { type Migration, migrations as defaultMigrations } from './migrations';

export const DATABASE_FILE = 'media-studio.sqlite';

/**
 * Opens (creating if needed) the SQLite database in DATA_DIR with WAL, so that readers never block
 * the writer and a crash loses no committed row, and applies pending migrations. If a migration
 * fails the database is closed again and the error names the migration.
 */
export function openDatabase(
  dataDir: string,
  migrations: Migration[] = defaultMigrations,
): Database.Database {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, DATABASE_FILE));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db, migrations);
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/**
 * Applies each pending migration in its own transaction (schema change and its
 * `schema_migrations` row commit together or not at all) and returns the versions it ran.
 */
export function migrate(db: Database.Database, migrations: Migration[]): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  )`);
  const sorted = [...migrations].sort((a, b) => a.version - b.version);
  sorted.forEach((m, i) => {
    if (!Number.isInteger(m.version) || m.version < 1) {
      throw new MigrationError(`Migration "${m.name}" has an invalid version ${m.version}.`);
    }
    if (i > 0 && sorted[i - 1]!.version === m.version) {
      throw new MigrationError(
        `Two migrations share version ${m.version}: "${sorted[i - 1]!.name}" and "${m.name}".`,
      );
    }
  });
  const applied = new Set(
    db
      .prepare('SELECT version FROM schema_migrations')
      .all()
      .map((r) => (r as { version: number }).version),
  );
  const known = sorted.at(-1)?.version ?? 0;
  const newest = Math.max(0, ...applied);
  if (newest > known) {
    // Running older code on a newer schema would misread rows; refuse instead of corrupting data.
    throw new MigrationError(
      `The database is at schema version ${newest}, newer than this server knows (${known}). ` +
        'Update Media Studio, or point DATA_DIR at another directory.',
    );
  }
  const ran: number[] = [];
  for (const m of sorted) {
    if (applied.has(m.version)) continue;
    try {
      db.transaction(() => {
        db.exec(m.sql);
        db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
          m.version,
          m.name,
          Math.floor(Date.now() / 1000),
        );
      })();
    } catch (err) {
      throw new MigrationError(
        `Migration ${m.version} ("${m.name}") failed and was rolled back: ${err instanceof Error ? err.message : err}`,
        { cause: err },
      );
    }
    ran.push(m.version);
  }
  return ran;
}
