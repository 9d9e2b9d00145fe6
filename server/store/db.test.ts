import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE, MigrationError, migrate, openDatabase } from './db';
import { migrations } from './migrations';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-studio-db-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const tables = (db: Database.Database) =>
  (
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as {
      name: string;
    }[]
  ).map((r) => r.name);
const versions = (db: Database.Database) =>
  (db.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as { version: number }[]).map(
    (r) => r.version,
  );

describe('openDatabase', () => {
  it('creates a fresh database in WAL mode with every migration applied', () => {
    const db = openDatabase(path.join(dir, 'nested', 'data'));
    expect(fs.existsSync(path.join(dir, 'nested', 'data', DATABASE_FILE))).toBe(true);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(versions(db)).toEqual(migrations.map((m) => m.version).sort((a, b) => a - b));
    expect(tables(db)).toContain('settings');
    db.close();
  });

  it('re-opens idempotently and keeps data', () => {
    const first = openDatabase(dir);
    first.prepare('INSERT INTO settings (key, value) VALUES (?, ?)').run('k', 'v');
    first.close();
    const second = openDatabase(dir);
    expect(migrate(second, migrations)).toEqual([]);
    expect(second.prepare('SELECT value FROM settings WHERE key = ?').get('k')).toEqual({ value: 'v' });
    second.close();
  });

  it('applies only the new migrations of a later version, in order', () => {
    openDatabase(dir, [{ version: 1, name: 'a', sql: 'CREATE TABLE a (id INTEGER)' }]).close();
    const db = openDatabase(dir, [
      { version: 3, name: 'c', sql: 'ALTER TABLE b ADD COLUMN extra TEXT' },
      { version: 1, name: 'a', sql: 'CREATE TABLE a (id INTEGER)' },
      { version: 2, name: 'b', sql: 'CREATE TABLE b (id INTEGER)' },
    ]);
    expect(versions(db)).toEqual([1, 2, 3]);
    expect(tables(db)).toEqual(expect.arrayContaining(['a', 'b']));
    db.close();
  });
});

describe('migrate', () => {
  it('rolls a failing migration back completely and names it', () => {
    const db = new Database(':memory:');
    migrate(db, [{ version: 1, name: 'base', sql: 'CREATE TABLE base (id INTEGER)' }]);
    const bad = {
      version: 2,
      name: 'half-done',
      sql: 'CREATE TABLE partial (id INTEGER); INSERT INTO nope VALUES (1);',
    };
    expect(() => migrate(db, [{ version: 1, name: 'base', sql: '' }, bad])).toThrow(MigrationError);
    expect(() => migrate(db, [{ version: 1, name: 'base', sql: '' }, bad])).toThrow(
      /Migration 2 \("half-done"\)/,
    );
    expect(tables(db)).not.toContain('partial');
    expect(versions(db)).toEqual([1]);
    db.close();
  });

  it('closes the database when opening fails, so the directory can be reused', () => {
    expect(() => openDatabase(dir, [{ version: 1, name: 'broken', sql: 'NOT SQL' }])).toThrow(MigrationError);
    const db = openDatabase(dir, [{ version: 1, name: 'fixed', sql: 'CREATE TABLE ok (id INTEGER)' }]);
    expect(versions(db)).toEqual([1]);
    db.close();
  });

  it('refuses duplicate versions and a database newer than the code', () => {
    const db = new Database(':memory:');
    expect(() =>
      migrate(db, [
        { version: 1, name: 'a', sql: '' },
        { version: 1, name: 'b', sql: '' },
      ]),
    ).toThrow(/share version 1/);
    migrate(db, [
      { version: 1, name: 'a', sql: 'CREATE TABLE a (id INTEGER)' },
      { version: 2, name: 'b', sql: 'CREATE TABLE b (id INTEGER)' },
    ]);
    expect(() => migrate(db, [{ version: 1, name: 'a', sql: '' }])).toThrow(/newer than this server knows/);
    db.close();
  });
});
