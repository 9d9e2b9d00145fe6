import type Database from 'better-sqlite3';

/** `settings` (migration 1): one value per key, kept for the life of the DATA_DIR. */
export function readSetting(db: Database.Database, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as
    { value: string } | undefined;
  return row?.value;
}

export function writeSetting(db: Database.Database, key: string, value: string): void {
  db.prepare(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  ).run(key, value);
}

/** Writes `value` unless the key has one already (two processes starting on one DATA_DIR agree). */
export function insertSettingIfAbsent(db: Database.Database, key: string, value: string): void {
  db.prepare('INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)').run(key, value);
}
