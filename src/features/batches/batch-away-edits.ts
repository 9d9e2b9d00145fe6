import type { Batch } from './batch-model';
import { applyBatchPatch, type BatchPatch } from './batch-patch';
import type { BatchRunnerDeps } from './batch-runner-deps';

/** What AwayEdits asks of the runner of this tab. */
export interface AwayTab {
  now(): number;
  /** The batch as this tab shows it, its edits included; undefined when it holds none. */
  current(id: string): Batch | undefined;
  /** Whether this tab runs the batch (holds its claim): it writes what other tabs tell it. */
  runs(id: string): boolean;
  /** The batch as kept with this tab's edits, once no later edit of this tab waits. */
  caughtUp(id: string, kept: Batch): void;
  /** Another tab's edit of a batch this tab runs. */
  heard(id: string, patch: BatchPatch): void;
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
  /** Batches another tab has written since this tab read them: this tab's copy is older. */
  private readonly stale = new Set<string>();

  constructor(
    private readonly deps: Pick<BatchRunnerDeps, 'ifFree' | 'load' | 'save' | 'edits'>,
    private readonly tab: AwayTab,
  ) {
    deps.edits?.listen({
      patch: (id, patch) => {
        if (tab.runs(id) && tab.current(id)) tab.heard(id, patch);
      },
      wrote: (id) => {
        if (tab.current(id) && !tab.runs(id)) this.stale.add(id);
      },
    });
  }

  /** Once the edits made here so far have been written or told. */
  settled(id: string): Promise<void> {
    return this.queues.get(id)?.chain ?? Promise.resolve();
  }

  /** This tab has just read the batch as kept: its copy is not older than it. */
  read(id: string): void {
    this.stale.delete(id);
  }

  deliver(id: string, patch: BatchPatch): void {
    const queue = this.queues.get(id) ?? { chain: Promise.resolve(), waiting: 0 };
    this.queues.set(id, queue);
    queue.waiting += 1;
    queue.chain = queue.chain.then(async () => {
      let merged: Batch | undefined;
      try {
        const wrote = await this.deps.ifFree?.(id, async () => {
          if (!this.stale.has(id)) {
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
      // Unless the run became this tab's meanwhile: it then holds the newest.
      if (merged && queue.waiting === 0 && this.tab.current(id) && !this.tab.runs(id)) {
        this.stale.delete(id);
        this.tab.caughtUp(id, merged);
      }
      if (queue.waiting === 0) this.queues.delete(id);
    });
  }
}
