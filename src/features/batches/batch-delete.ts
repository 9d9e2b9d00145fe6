import type { Batch } from './batch-model';
import { idbPendingEdits, withEdits, type PendingEditsStore } from './batch-pending-edits';
import type { BatchRunner } from './batch-runner';
import { deleteBatch, restoreBatch } from './batch-storage';

/** Where a batch is kept (batch-storage.ts in the browser; fakes in tests). */
export interface BatchKeeping {
  /** Deletes the record, leaving its tombstone; resolves with the record as it was kept. */
  remove(id: string): Promise<Batch | undefined>;
  /** Keeps the batch again (the tombstone goes). */
  restore(batch: Batch): Promise<void>;
  pendingEdits: PendingEditsStore;
}

const browserKeeping: BatchKeeping = {
  remove: deleteBatch,
  restore: restoreBatch,
  pendingEdits: idbPendingEdits,
};

const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

/** Called when a batch is deleted or restored in this tab: the list reads its summaries again. */
export function onBatchesChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** As Undo puts it back: a run stopped by the delete stays stopped (paused, for Resume). */
export const restorable = (b: Batch): Batch =>
  b.state === 'running' ? { ...b, state: 'paused', pausedUntil: undefined } : b;

/**
 * Deletes a batch (decision 700). The tombstone is written first, so no later write of any tab
 * brings it back; then this tab's run of it stops (nothing more sent, its lock let go) and the
 * other tabs are told (one running it stops at once, not at its next write). The edits kept for
 * it in IndexedDB go with it. The tasks it made stay in the registry: Tasks and the Gallery.
 * Resolves with the batch as it was, for Undo: this tab's copy if it ran it (the newest), else
 * the one kept, with the kept edits applied.
 */
export async function removeBatch(
  runner: BatchRunner,
  id: string,
  keeping: BatchKeeping = browserKeeping,
): Promise<Batch | undefined> {
  const held = runner.runsHere(id) ? runner.get(id) : undefined;
  const kept = await keeping.pendingEdits.list(id).catch(() => []);
  const stored = await keeping.remove(id);
  runner.gone(id);
  runner.tellDeleted(id);
  await keeping.pendingEdits.remove(kept.map((e) => e.key)).catch(() => undefined);
  changed();
  const was = held ?? (stored && withEdits(stored, kept));
  return was && restorable(was);
}

/** Undo: the batch is kept again as it was deleted, and shown (not run) by this tab. */
export async function undoRemove(
  runner: BatchRunner,
  batch: Batch,
  keeping: BatchKeeping = browserKeeping,
): Promise<void> {
  await keeping.restore(batch);
  runner.restored(batch);
  changed();
}
