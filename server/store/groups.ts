import type Database from 'better-sqlite3';
import { DEFAULT_GROUP_ID } from '@contract/group';
import { newId } from '../ids';

export const DEFAULT_GROUP_NAME = 'Default';

/** One row of `asset_groups` with the number of assets in it; services/group-object.ts shows it. */
export interface GroupRow {
  id: string;
  name: string;
  description: string;
  created_ms: number;
  updated_ms: number;
  asset_count: number;
}

const GROUP_COLUMNS = `g.id, g.name, g.description, g.created_ms, g.updated_ms,
  (SELECT COUNT(*) FROM assets a WHERE a.owner = g.owner AND a.group_id = g.id) AS asset_count`;

/**
 * Owners whose default group is known to exist, per database: the check runs on every request, and
 * an INSERT OR IGNORE would take SQLite's write lock each time even when it inserts nothing.
 */
const ensuredOwners = new WeakMap<Database.Database, Set<string>>();

/** Creates the owner's `grp_default` the first time it is needed; idempotent and race-free. */
export function ensureDefaultGroup(db: Database.Database, owner: string): void {
  let owners = ensuredOwners.get(db);
  if (!owners) {
    owners = new Set();
    ensuredOwners.set(db, owners);
  }
  if (owners.has(owner)) return;
  const now = Date.now();
  db.prepare(
    `INSERT OR IGNORE INTO asset_groups (owner, id, name, description, created_ms, updated_ms)
     VALUES (?, ?, ?, '', ?, ?)`,
  ).run(owner, DEFAULT_GROUP_ID, DEFAULT_GROUP_NAME, now, now);
  owners.add(owner);
}

/**
 * Whether the owner has the group. Asking about `grp_default` creates it first (it exists for every
 * key from its first use), so this may write.
 */
export function hasGroupEnsuringDefault(db: Database.Database, owner: string, groupId: string): boolean {
  if (groupId === DEFAULT_GROUP_ID) ensureDefaultGroup(db, owner);
  return (
    db.prepare('SELECT 1 FROM asset_groups WHERE owner = ? AND id = ?').get(owner, groupId) !== undefined
  );
}

export function getGroupRow(db: Database.Database, owner: string, groupId: string): GroupRow | undefined {
  if (groupId === DEFAULT_GROUP_ID) ensureDefaultGroup(db, owner);
  return db
    .prepare(`SELECT ${GROUP_COLUMNS} FROM asset_groups g WHERE g.owner = ? AND g.id = ?`)
    .get(owner, groupId) as GroupRow | undefined;
}

/**
 * One page of the owner's groups: the default group first (it always exists and is where assets go
 * without a group_id), then the newest first.
 */
export function listGroupRows(
  db: Database.Database,
  owner: string,
  page: number,
  pageSize: number,
): { rows: GroupRow[]; total: number } {
  ensureDefaultGroup(db, owner);
  const rows = db
    .prepare(
      `SELECT ${GROUP_COLUMNS} FROM asset_groups g WHERE g.owner = ?
       ORDER BY (g.id = ?) DESC, g.created_ms DESC, g.seq DESC LIMIT ? OFFSET ?`,
    )
    .all(
      owner,
      DEFAULT_GROUP_ID,
      pageSize,
      Math.min((page - 1) * pageSize, Number.MAX_SAFE_INTEGER),
    ) as GroupRow[];
  const { total } = db.prepare('SELECT COUNT(*) AS total FROM asset_groups WHERE owner = ?').get(owner) as {
    total: number;
  };
  return { rows, total };
}

export function insertGroup(
  db: Database.Database,
  owner: string,
  input: { name: string; description: string },
): GroupRow {
  const id = newId('grp');
  const now = Date.now();
  db.prepare(
    `INSERT INTO asset_groups (owner, id, name, description, created_ms, updated_ms) VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(owner, id, input.name, input.description, now, now);
  return getGroupRow(db, owner, id)!;
}

/** Applies the fields given; undefined when the owner has no such group. */
export function updateGroupRow(
  db: Database.Database,
  owner: string,
  groupId: string,
  patch: { name?: string; description?: string },
): GroupRow | undefined {
  if (groupId === DEFAULT_GROUP_ID) ensureDefaultGroup(db, owner);
  const result = db
    .prepare(
      `UPDATE asset_groups SET name = COALESCE(?, name), description = COALESCE(?, description), updated_ms = ?
       WHERE owner = ? AND id = ?`,
    )
    .run(patch.name ?? null, patch.description ?? null, Date.now(), owner, groupId);
  return result.changes ? getGroupRow(db, owner, groupId) : undefined;
}
