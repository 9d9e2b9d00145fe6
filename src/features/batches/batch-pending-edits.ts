import { BATCH_EDITS_VERSION, readPendingEdit } from '@contract/batch-edit-message';
import { createStore, delMany, set, values, type UseStore } from 'idb-keyval';
import type { Batch } from './batch-model';
import { applyBatchPatch, type BatchPatch } from './batch-patch';

/**
 * An edit made in a tab that does not run its batch, kept in IndexedDB from the moment it is made
 * until a tab has written it onto the batch (decision 660): the tab that made it may close at any
 * time, before any tab wrote it.
 */
export interface PendingEdit {
  /** The batch. */
  id: string;
  /** `tab:counter`: what the running tab's answer names, and what the batch lists once written. */
  key: string;
  /** When it was made: kept edits of several tabs land in the order they were made. */
  at: number;
  patch: BatchPatch;
}

/** Where the edits wait (IndexedDB in the browser; a map in tests). */
export interface PendingEditsStore {
  put(edit: PendingEdit): Promise<void>;
  remove(keys: readonly string[]): Promise<void>;
  /** The edits of this build's version kept for the batch, in the order they were made. */
  list(id: string): Promise<PendingEdit[]>;
}

/** How many written edits' keys a batch remembers: a kept edit written but not yet removed is never applied twice. */
const REMEMBERED = 100;

const counter = (key: string) => Number(key.slice(key.lastIndexOf(':') + 1)) || 0;

/** In the order they were made (the counter orders one tab's edits made in the same millisecond). */
export const inOrder = (edits: PendingEdit[]) =>
  [...edits].sort((a, b) => a.at - b.at || counter(a.key) - counter(b.key));

/**
 * The batch with the edits it does not hold yet applied in order, and their keys remembered in it:
 * applying the same edit again (told twice, kept and told) changes nothing, and cannot undo a later
 * edit of the same cell. A part of the batch edited after an edit was made (`editedAt`) keeps its
 * later value: an edit found kept late (its tab crashed before telling it) does not undo it.
 */
export function withEdits(batch: Batch, edits: readonly PendingEdit[]): Batch {
  const written = new Set(batch.editsWritten);
  const fresh = edits.filter((e) => !written.has(e.key));
  if (fresh.length === 0) return batch;
  const applied = fresh.reduce((b, e) => {
    const patch = unlessLater(b, e);
    return stamped(applyBatchPatch(b, patch), partsOf(patch), e.at);
  }, batch);
  return remembering(
    applied,
    fresh.map((e) => e.key),
  );
}

/** The parts of the batch an edit changes: its fields, its rows, the rows' order, the run's state. */
export const partsOf = (patch: BatchPatch): string[] => [
  ...Object.keys(patch.fields).map((f) => `f:${f}`),
  ...Object.keys(patch.rows).map((k) => `r:${k}`),
  ...(patch.order ? ['order'] : []),
  ...(patch.pause ? ['state'] : []),
];

/** The batch remembering that these parts were edited at `at` (a later time already noted stays). */
export function stamped(batch: Batch, parts: readonly string[], at: number): Batch {
  if (parts.length === 0) return batch;
  const editedAt = { ...batch.editedAt };
  for (const part of parts) editedAt[part] = Math.max(at, editedAt[part] ?? 0);
  return { ...batch, editedAt };
}

/**
 * How long after an edit is made its record is sure to be in the store of kept edits: it is put
 * as it is made (AwayEdits.deliver), and a minute covers a slow IndexedDB under load.
 */
export const KEPT_WITHIN_MS = 60_000;

/**
 * The batch without the notes of `editedAt` no edit can need any more (decision 671): every note
 * made before `settled` (the running tab's last look into the kept edits, less KEPT_WITHIN_MS, by
 * when every edit made earlier was kept, and that look wrote it), and with `rows`, the notes of
 * rows it no longer has or whose task succeeded (no edit changes their cells). Without `rows` it
 * costs the notes' count, not the rows': it runs at every write of the running tab.
 */
export function pruned(batch: Batch, settled: number, { rows = false } = {}): Batch {
  const notes = batch.editedAt;
  if (!notes) return batch;
  const all = Object.entries(notes);
  const live =
    rows && all.some(([part]) => part.startsWith('r:'))
      ? new Set(batch.rows.flatMap((r) => (r.state === 'succeeded' ? [] : [`r:${r.key}`])))
      : undefined;
  const kept = all.filter(
    ([part, at]) => at >= settled && (!live || !part.startsWith('r:') || live.has(part)),
  );
  if (kept.length === all.length) return batch;
  return { ...batch, editedAt: Object.fromEntries(kept) };
}

/** The edit without the parts of the batch edited after it was made. */
function unlessLater({ editedAt, rows }: Batch, { patch, at }: PendingEdit): BatchPatch {
  if (!editedAt) return patch;
  const later = (part: string) => (editedAt[part] ?? 0) > at;
  const { order, pause } = patch;
  let kept = order;
  if (order && later('order')) {
    // Reordered since: the order stays as it is, and the rows this edit added come last.
    const have = new Set(rows.map((r) => r.key));
    const added = order.added.filter((r) => !have.has(r.key));
    kept = added.length > 0 ? { keys: [...have, ...added.map((r) => r.key)], added } : undefined;
  }
  return {
    fields: Object.fromEntries(Object.entries(patch.fields).filter(([f]) => !later(`f:${f}`))),
    rows: Object.fromEntries(Object.entries(patch.rows).filter(([k]) => !later(`r:${k}`))),
    ...(kept ? { order: kept } : {}),
    ...(pause && !later('state') ? { pause } : {}),
  };
}

/** The batch remembering that it holds these edits (its copy has them already). */
export const remembering = (batch: Batch, keys: readonly string[]): Batch => ({
  ...batch,
  editsWritten: [...(batch.editsWritten ?? []), ...keys].slice(-REMEMBERED),
});

let store: UseStore | undefined;
// A database of its own: the batches' one (idb-keyval) has a single store, and a second would need
// a version upgrade every open tab of an older build would block.
const idbStore = () => (store ??= createStore('media-studio-batch-edits', 'edits'));

/** The browser's store: one record per edit, under its key, with this build's version. */
export const idbPendingEdits: PendingEditsStore = {
  put: (edit) => set(edit.key, { v: BATCH_EDITS_VERSION, ...edit }, idbStore()),
  // One transaction for them all, not one after another.
  remove: (keys) => delMany([...keys], idbStore()),
  list: async (id) => {
    const all = (await values<unknown>(idbStore())).map(readPendingEdit);
    // An edit of another version stays where it is, for a tab of that build to write.
    return inOrder(all.filter((e): e is PendingEdit => e?.id === id));
  },
};
