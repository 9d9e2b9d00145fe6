import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import type { AppContext } from '../context';
import { moveLegacyFilePaths, ownersWithLegacyFilePaths } from '../store/assets';
import { insertSettingIfAbsent, readSetting, writeSetting } from '../store/settings';

/**
 * The owner segment of /files/<segment>/<id>/<name> (decision 064). It used to be the owner
 * itself, a truncated SHA-256 of the API key: anyone holding one file URL could test guesses at a
 * weak key offline. It is now an HMAC of the owner under a random secret kept in DATA_DIR's
 * database, so a URL reveals nothing about the key, and stays the same across restarts.
 */
const SECRET_SETTING = 'file_owner_secret';
/** Set once every stored path of this DATA_DIR uses the HMAC layout. */
const LAYOUT_SETTING = 'file_layout';
const LAYOUT = 'hmac-owner-v1';
/** 128 bits as hex: not the 24 hex digits of a legacy owner, so the two layouts cannot be confused. */
const SEGMENT_HEX = 32;
const LEGACY_OWNER = /^[0-9a-f]{24}$/;

/**
 * The secret of the DATA_DIR the server runs on. Module state, because `storedRelPath(owner, …)`
 * is called without a context by every feature that stores files; a server process has exactly one
 * context. (Tests that open several DATA_DIRs in one process get the last one's secret for new
 * files, which is harmless: every stored path is kept in its row and served from there.)
 */
let currentSecret: Buffer | undefined;

export function fileOwnerSegment(owner: string): string {
  currentSecret ??= randomBytes(32);
  return createHmac('sha256', currentSecret)
    .update(`files:${owner}`, 'utf8')
    .digest('hex')
    .slice(0, SEGMENT_HEX);
}

/** Whether a first path segment has the legacy form (the owner hash itself). */
export function isLegacyOwnerSegment(segment: string): boolean {
  return LEGACY_OWNER.test(segment);
}

/** Loads (creating on first start) this DATA_DIR's secret and makes it the one segments use. */
export function loadFileOwnerSecret(db: Database.Database): void {
  let stored = readSetting(db, SECRET_SETTING);
  if (!stored) {
    stored = randomBytes(32).toString('base64');
    insertSettingIfAbsent(db, SECRET_SETTING, stored);
    stored = readSetting(db, SECRET_SETTING)!;
  }
  currentSecret = Buffer.from(stored, 'base64');
}

/** Moves `from` to `to`, merging into `to` when it exists already (an interrupted earlier run). */
function moveDir(from: string, to: string): void {
  if (!fs.existsSync(from)) return;
  if (!fs.existsSync(to)) {
    fs.renameSync(from, to);
    return;
  }
  for (const entry of fs.readdirSync(from)) {
    const target = path.join(to, entry);
    if (!fs.existsSync(target)) fs.renameSync(path.join(from, entry), target);
  }
  fs.rmSync(from, { recursive: true, force: true });
}

/**
 * Moves files stored under the legacy owner segment to the HMAC segment and rewrites their rows.
 * Idempotent and safe to interrupt: directories move first, rows follow in one transaction, and a
 * rerun finishes whatever is left. Old URLs keep working (routes/files.ts maps a legacy segment).
 */
export function migrateLegacyFileLayout(ctx: AppContext): number {
  const { db } = ctx;
  if (readSetting(db, LAYOUT_SETTING) === LAYOUT) return 0;
  const root = path.join(ctx.config.dataDir, 'files');
  let moved = 0;
  for (const owner of ownersWithLegacyFilePaths(db)) {
    const segment = fileOwnerSegment(owner);
    moveDir(path.join(root, owner), path.join(root, segment));
    moved += moveLegacyFilePaths(db, owner, segment);
  }
  writeSetting(db, LAYOUT_SETTING, LAYOUT);
  if (moved > 0) ctx.log.info('stored files moved to unguessable owner folders', { files: moved });
  return moved;
}

/** Start-up step of createContext: the secret first, then any files still in the legacy layout. */
export function prepareFileOwners(ctx: AppContext): void {
  loadFileOwnerSecret(ctx.db);
  try {
    migrateLegacyFileLayout(ctx);
  } catch (err) {
    // Legacy URLs and paths still resolve (routes/files.ts), so serving goes on; the next start retries.
    ctx.log.error('moving stored files to the new layout failed; will retry at the next start', {
      error: String(err),
    });
  }
}
