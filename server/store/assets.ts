import type Database from 'better-sqlite3';
import type { AssetMode, AssetStatus, PreparationStatus, ReviewStatus, SyncStatus } from '@contract/asset';

/** Where an asset stands in the preparation lifecycle (services/assets/asset-lifecycle.ts). */
export type AssetStage = 'created' | 'syncing' | 'ready' | 'failed';
/** Real work of the syncing stage (download, probe): none needed, still to do, or done. */
type WorkState = 'none' | 'pending' | 'done';
/**
 * The outcome the local double asked for, through its switch or the name markers (LOCAL_API.md,
 * Lifecycle), read by services/double/outcomes.ts: `double:<json>`; `reject` and `review-fail` in
 * rows written before the markers became directives (decision 400).
 */
export type AssetFault = 'reject' | 'review-fail' | `double:${string}`;

/** One row of `assets`, as stored. Booleans are SQLite integers; `metadata` is JSON text. */
export interface AssetRow {
  seq: number;
  id: string;
  owner: string;
  group_id: string;
  domain: string;
  /** One of ASSET_TYPES, or another type the caller gave, kept as given (decision 377). */
  type: string;
  name: string;
  description: string;
  origin: 'url' | 'upload';
  mode: AssetMode;
  source_url: string;
  /** Path of the stored copy below DATA_DIR/files (owner/asset_id/name), null while there is none. */
  file_path: string | null;
  content_type: string;
  size: number;
  duration: number;
  status: AssetStatus;
  sync_status: SyncStatus;
  preparation_status: PreparationStatus;
  review_status: ReviewStatus;
  review_passed: 0 | 1;
  generation_ready: 0 | 1;
  sync_error: string | null;
  visibility: string;
  model: string | null;
  purpose: string | null;
  role: string | null;
  metadata: string | null;
  fault: AssetFault | null;
  pace: number;
  stage: AssetStage;
  work_state: WorkState;
  next_transition_at: number | null;
  created_ms: number;
  updated_ms: number;
}

export type NewAssetRow = Omit<AssetRow, 'seq'>;
/** Columns a transition may change; identity and ownership never change. */
export type AssetPatch = Partial<Omit<AssetRow, 'seq' | 'id' | 'owner' | 'created_ms' | 'origin'>>;

const INSERT_COLUMNS = [
  'id',
  'owner',
  'group_id',
  'domain',
  'type',
  'name',
  'description',
  'origin',
  'mode',
  'source_url',
  'file_path',
  'content_type',
  'size',
  'duration',
  'status',
  'sync_status',
  'preparation_status',
  'review_status',
  'review_passed',
  'generation_ready',
  'sync_error',
  'visibility',
  'model',
  'purpose',
  'role',
  'metadata',
  'fault',
  'pace',
  'stage',
  'work_state',
  'next_transition_at',
  'created_ms',
  'updated_ms',
] as const satisfies readonly (keyof NewAssetRow)[];

const PATCHABLE = new Set<string>(
  INSERT_COLUMNS.filter((c) => !['id', 'owner', 'created_ms', 'origin'].includes(c)),
);

export function insertAsset(db: Database.Database, row: NewAssetRow): void {
  db.prepare(
    `INSERT INTO assets (${INSERT_COLUMNS.join(', ')}) VALUES (${INSERT_COLUMNS.map((c) => `@${c}`).join(', ')})`,
  ).run(row);
}

/**
 * Any asset of this API key, whatever its group: what an `Asset://<id>` reference resolves to
 * (video and digital-human tasks). Another key's asset is undefined, exactly like a missing one.
 */
export function getAssetForOwner(
  db: Database.Database,
  owner: string,
  assetId: string,
): AssetRow | undefined {
  return db.prepare('SELECT * FROM assets WHERE id = ? AND owner = ?').get(assetId, owner) as
    AssetRow | undefined;
}

export function getAssetById(db: Database.Database, assetId: string): AssetRow | undefined {
  return db.prepare('SELECT * FROM assets WHERE id = ?').get(assetId) as AssetRow | undefined;
}

/**
 * Writes `patch` and bumps updated_ms. With `expectStage`, only when the row is still in that stage,
 * so that two writers (a worker tick and finishing work) can never both apply a transition.
 */
export function updateAsset(
  db: Database.Database,
  assetId: string,
  patch: AssetPatch,
  expectStage?: AssetStage,
): boolean {
  const entries = Object.entries({ updated_ms: Date.now(), ...patch }).filter(([k]) => PATCHABLE.has(k));
  const sets = entries.map(([k]) => `${k} = @${k}`).join(', ');
  const where = expectStage ? 'id = @__id AND stage = @__stage' : 'id = @__id';
  const params = Object.fromEntries([...entries, ['__id', assetId], ['__stage', expectStage ?? null]]);
  return db.prepare(`UPDATE assets SET ${sets} WHERE ${where}`).run(params).changes > 0;
}

export interface AssetListQuery {
  groupId: string;
  type?: string;
  status?: string;
  domain?: string;
  page: number;
  pageSize: number;
}

/**
 * One page of a group's assets, newest first (created time, then insertion order as a stable
 * tiebreak), with the total under the same filters. Both queries run on the (owner, group_id, …)
 * indexes, so a group of tens of thousands of assets stays a few milliseconds per page.
 */
export function listAssets(
  db: Database.Database,
  owner: string,
  q: AssetListQuery,
): { rows: AssetRow[]; total: number } {
  const clauses = ['owner = @owner', 'group_id = @groupId'];
  if (q.type) clauses.push('type = @type');
  if (q.status) clauses.push('status = @status');
  if (q.domain) clauses.push('domain = @domain');
  const where = clauses.join(' AND ');
  const params = {
    owner,
    groupId: q.groupId,
    type: q.type ?? null,
    status: q.status ?? null,
    domain: q.domain ?? null,
    limit: q.pageSize,
    offset: Math.min((q.page - 1) * q.pageSize, Number.MAX_SAFE_INTEGER),
  };
  const rows = db
    .prepare(
      `SELECT * FROM assets WHERE ${where} ORDER BY created_ms DESC, seq DESC LIMIT @limit OFFSET @offset`,
    )
    .all(params) as AssetRow[];
  const { total } = db.prepare(`SELECT COUNT(*) AS total FROM assets WHERE ${where}`).get(params) as {
    total: number;
  };
  return { rows, total };
}

/** Rows whose next lifecycle transition is due, oldest deadline first. */
export function dueAssets(db: Database.Database, now: number, limit: number): AssetRow[] {
  return db
    .prepare(
      `SELECT * FROM assets WHERE next_transition_at IS NOT NULL AND next_transition_at <= ?
       ORDER BY next_transition_at LIMIT ?`,
    )
    .all(now, limit) as AssetRow[];
}

/** The earliest pending deadline, so the worker can sleep exactly until then (bounded). */
export function nextDeadline(db: Database.Database): number | undefined {
  const row = db
    .prepare('SELECT MIN(next_transition_at) AS at FROM assets WHERE next_transition_at IS NOT NULL')
    .get() as {
    at: number | null;
  };
  return row.at ?? undefined;
}

/**
 * Syncing rows whose real work is not finished (after a restart their work starts again): the
 * `perOwner` oldest of every owner, so that one key's backlog never hides another key's work from
 * the worker. Pending rows always have a deadline, so the partial index `assets_due` serves this.
 */
export function assetsAwaitingWork(db: Database.Database, perOwner: number): AssetRow[] {
  return db
    .prepare(
      `SELECT * FROM (
         SELECT *, ROW_NUMBER() OVER (PARTITION BY owner ORDER BY next_transition_at, seq) AS owner_rank
         FROM assets WHERE next_transition_at IS NOT NULL AND stage = 'syncing' AND work_state = 'pending'
       ) WHERE owner_rank <= ? ORDER BY next_transition_at, seq`,
    )
    .all(perOwner) as AssetRow[];
}

/** Owners with a stored file still under the legacy layout `<owner>/…` (decision 064). */
export function ownersWithLegacyFilePaths(db: Database.Database): string[] {
  return (
    db
      .prepare(
        `SELECT DISTINCT owner FROM assets WHERE file_path IS NOT NULL AND substr(file_path, 1, length(owner) + 1) = owner || '/'`,
      )
      .all() as Array<{ owner: string }>
  ).map((r) => r.owner);
}

/** Rewrites an owner's legacy `<owner>/…` file paths to `<segment>/…`; the number of rows changed. */
export function moveLegacyFilePaths(db: Database.Database, owner: string, segment: string): number {
  return db
    .prepare(
      `UPDATE assets SET file_path = @segment || substr(file_path, length(owner) + 1)
       WHERE owner = @owner AND substr(file_path, 1, length(owner) + 1) = owner || '/'`,
    )
    .run({ owner, segment }).changes;
}
