import type { Batch } from './batch-model';
import { applyBatchPatch, type BatchPatch } from './batch-patch';
import type { BatchRunnerDeps } from './batch-runner-deps';

/** What AwayEdits asks of the runner of this tab. */
export interface AwayTab {
  now(): number;
  /** The batch as this tab shows it, its edits included. */
  current(id: string): Batch | undefined;
  /** Another tab has written the batch since this tab read it: its copy is older than the kept one. */
  stale(id: string): boolean;
  /** The batch as kept with this tab's edits, once no later edit of this tab waits. */
  caughtUp(id: string, kept: Batch): void;
}

/**
 * Passes on the edits made in a tab that does not run a batch (decision 520), one after another
 * per batch, so a later edit lands last. Under the run's lock when no tab holds it: this tab's copy
 * is written as it is when no other tab has written the batch since (the usual case: one tab, a
 * draft), else the edit is applied to the batch as kept, read back. When a tab holds the run, the
 * edit is told to it, and it writes the edit with its progress.
 */
export class AwayEdits {
  private readonly queues = new Map<string, { chain: Promise<void>; waiting: number }>();

  constructor(
    private readonly deps: Pick<BatchRunnerDeps, 'ifFree' | 'load' | 'save' | 'edits'>,
    private readonly tab: AwayTab,
  ) {}

  deliver(id: string, patch: BatchPatch): void {
    const queue = this.queues.get(id) ?? { chain: Promise.resolve(), waiting: 0 };
    this.queues.set(id, queue);
    queue.waiting += 1;
    queue.chain = queue.chain.then(async () => {
      let merged: Batch | undefined;
      try {
        const wrote = await this.deps.ifFree?.(id, async () => {
          if (!this.tab.stale(id)) {
            const mine = this.tab.current(id);
            if (mine) await this.deps.save(mine);
            return;
          }
          const kept = await this.deps.load?.(id);
          if (!kept) return;
          merged = { ...applyBatchPatch(kept, patch), updatedAt: this.tab.now() };
          await this.deps.save(merged);
        });
        if (wrote === false) this.deps.edits?.tell(id, patch);
        else this.deps.edits?.wrote(id);
      } catch {
        // Not written: this tab still shows it; a reload reads the batch as kept.
      } finally {
        queue.waiting -= 1;
      }
      // Shown before a later edit of this tab lands, it would undo that one on screen.
      if (merged && queue.waiting === 0) this.tab.caughtUp(id, merged);
      if (queue.waiting === 0) this.queues.delete(id);
    });
  }
}
