import { isActiveRow, isEndedRow, type Batch, type BatchRow } from './batch-model';

/**
 * The person's edit of a batch as data, made in a tab that does not run it (decision 520): applied
 * to the batch as kept, or sent to the tab that runs it, never written from the editing tab's own
 * copy, whose rows' states and task ids may be older than the running tab's.
 */
export interface BatchPatch {
  fields: Partial<Pick<Batch, (typeof PERSON_FIELDS)[number]>>;
  /** Per row key: its new cells and result asset, dropped (true) or restored (false). */
  rows: Record<string, { cells?: string[]; assetId?: string; dropped?: boolean }>;
  /** The rows in the edited order, with the ones the edit added whole; absent when none moved. */
  order?: { keys: string[]; added: BatchRow[] };
  /** Pause: the run holds, whatever it has sent (only a running batch is paused). */
  pause?: true;
}

/** What the person edits; the rest (states, tasks, results, the run's state) is the runner's. */
const PERSON_FIELDS = ['name', 'kind', 'request', 'variables', 'headers', 'columns', 'concurrency'] as const;

export function batchPatch(before: Batch, after: Batch): BatchPatch {
  const fields: BatchPatch['fields'] = {};
  for (const f of PERSON_FIELDS) if (before[f] !== after[f]) Object.assign(fields, { [f]: after[f] });
  const old = new Map(before.rows.map((r) => [r.key, r]));
  const rows: BatchPatch['rows'] = {};
  const added: BatchRow[] = [];
  for (const row of after.rows) {
    const was = old.get(row.key);
    if (!was) {
      added.push(row);
      continue;
    }
    const change: BatchPatch['rows'][string] = {};
    if (was.cells !== row.cells) change.cells = row.cells;
    if (was.assetId !== row.assetId && row.assetId) change.assetId = row.assetId;
    if ((was.state === 'dropped') !== (row.state === 'dropped')) change.dropped = row.state === 'dropped';
    if (Object.keys(change).length > 0) rows[row.key] = change;
  }
  const moved =
    before.rows.length !== after.rows.length || before.rows.some((r, i) => r.key !== after.rows[i]!.key);
  return {
    fields,
    rows,
    ...(moved ? { order: { keys: after.rows.map((r) => r.key), added } } : {}),
    ...(before.state === 'running' && after.state !== 'running' ? { pause: true as const } : {}),
  };
}

function patchedRow(row: BatchRow, change: BatchPatch['rows'][string] | undefined): BatchRow {
  if (!change) return row;
  const next = { ...row };
  // A row whose task is out keeps the cells it was sent with: its task, and its result, are theirs.
  if (change.cells && row.state !== 'running' && row.state !== 'succeeded') next.cells = change.cells;
  if (change.assetId) next.assetId = change.assetId;
  // A row sent meanwhile by the running tab is not dropped: its task runs, and is followed.
  if (change.dropped === true && !isActiveRow(row) && !isEndedRow(row)) next.state = 'dropped';
  if (change.dropped === false && row.state === 'dropped') next.state = 'pending';
  return next;
}

/** The edit applied to `batch`, the batch as kept or as the running tab holds it. */
export function applyBatchPatch(batch: Batch, patch: BatchPatch): Batch {
  let rows = batch.rows.map((r) => patchedRow(r, patch.rows[r.key]));
  if (patch.order) {
    const byKey = new Map(rows.map((r) => [r.key, r]));
    for (const r of patch.order.added) if (!byKey.has(r.key)) byKey.set(r.key, r);
    const listed = new Set(patch.order.keys);
    // A row the edit removed but the run has sent stays: its task is never lost.
    const sent = rows.filter((r) => !listed.has(r.key) && r.taskId);
    rows = [...patch.order.keys.flatMap((k) => (byKey.has(k) ? [byKey.get(k)!] : [])), ...sent];
  }
  const state = patch.pause && batch.state === 'running' ? 'paused' : batch.state;
  return { ...batch, ...patch.fields, rows, state };
}
