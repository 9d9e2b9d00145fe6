import type { Batch } from './batch-model';
import { applyBatchPatch, type BatchPatch } from './batch-patch';
import type { BatchRunnerDeps } from './batch-runner-deps';

/**
 * Passes on the edits made in a tab that does not run a batch (decision 520): each is written onto
 * the batch as kept under the run's lock when no tab holds it, else told to the tab that does,
 * which writes it with its progress. One after another per batch, so a later edit lands last.
 */
export class AwayEdits {
  private readonly queues = new Map<string, { chain: Promise<void>; waiting: number }>();

  constructor(
    private readonly deps: Pick<BatchRunnerDeps, 'ifFree' | 'load' | 'save' | 'edits'>,
    private readonly now: () => number,
    /** The batch as kept with this tab's edits, once no later edit of this tab waits. */
    private readonly written: (id: string, kept: Batch) => void,
  ) {}

  deliver(id: string, patch: BatchPatch): void {
    const queue = this.queues.get(id) ?? { chain: Promise.resolve(), waiting: 0 };
    this.queues.set(id, queue);
    queue.waiting += 1;
    queue.chain = queue.chain.then(async () => {
      let merged: Batch | undefined;
      try {
        const wrote = await this.deps.ifFree?.(id, async () => {
          const kept = await this.deps.load?.(id);
          if (!kept) return;
          merged = { ...applyBatchPatch(kept, patch), updatedAt: this.now() };
          await this.deps.save(merged);
        });
        if (!wrote) this.deps.edits?.tell(id, patch);
      } catch {
        // Not written: this tab still shows it; a reload reads the batch as kept.
      } finally {
        queue.waiting -= 1;
      }
      // Shown before a later edit of this tab lands, it would undo that one on screen.
      if (merged && queue.waiting === 0) this.written(id, merged);
      if (queue.waiting === 0) this.queues.delete(id);
    });
  }
}
