import { RunClaims } from '@/lib/run-lock';
import { BatchDeletedError, type Batch, type BatchRow } from './batch-model';
import { KEPT_WITHIN_MS, pruned } from './batch-pending-edits';
import type { BatchRunnerDeps } from './batch-runner-deps';

/**
 * The batches this tab holds, as the page shows them, and their writes (the first layer of the
 * runner: BatchBook, BatchSends, BatchRunner). Only the tab that runs a batch writes it (decision
 * 520): a copy held by a tab that waits on another's run is shown, never written.
 */
export abstract class BatchBook {
  protected readonly batches = new Map<string, Batch>();
  private readonly listeners = new Set<() => void>();
  /** The last write of each batch: a send waits for the one that says the row is sending. */
  protected readonly writes = new Map<string, Promise<void>>();
  /** The runs this tab holds, waits for, or sees run elsewhere (decision 520). */
  protected readonly claims: RunClaims<(b: Batch) => Batch>;
  /**
   * When this tab, running the batch, last looked into the kept edits and wrote what it found: the
   * batch's notes of when its parts were edited that are older than that are let go (decision 671).
   */
  protected readonly lookedAt = new Map<string, number>();

  constructor(protected readonly deps: BatchRunnerDeps) {
    this.claims = new RunClaims(deps.claim, {
      changed: () => this.notify(),
      granted: (id, live) => void this.granted(id, live),
      lastWrite: (id) => this.writes.get(id),
    });
  }

  /** The run of `id` is this tab's: it reads the batch as kept and takes the run up. */
  protected abstract granted(id: string, live: () => boolean): Promise<void>;

  /** The batch was deleted (its write found the tombstone, decision 700): this tab lets it go. */
  abstract gone(id: string): void;

  /** Batches deleted while this tab held them (here or in another tab): the page says so. */
  protected readonly deletedIds = new Set<string>();

  /** Whether the batch was deleted while this tab held it (until restored). */
  deleted(id: string): boolean {
    return this.deletedIds.has(id);
  }

  /** Whether this tab runs the batch now (holds its run): its copy is then the newest. */
  runsHere(id: string): boolean {
    return this.batches.has(id) && this.claims.holds(id);
  }

  /** Tells the other tabs the batch was deleted: a tab running it stops at once. */
  tellDeleted(id: string): void {
    this.deps.edits?.post({ id, deleted: true });
  }

  protected lastWrite(id: string): Promise<unknown> {
    return this.writes.get(id) ?? Promise.resolve();
  }

  protected now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  get(id: string): Batch | undefined {
    return this.batches.get(id);
  }

  list(): Batch[] {
    return [...this.batches.values()];
  }

  /** Another tab runs this batch: this one shows it and sends nothing until that tab lets go. */
  runningElsewhere(id: string): boolean {
    return this.claims.runsElsewhere(id);
  }

  /** Whether edits made here while another tab runs a batch can be told to that tab now. */
  get tellsOtherTabs(): boolean {
    return this.deps.edits !== undefined;
  }

  protected notify(): void {
    for (const l of this.listeners) l();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  protected put(batch: Batch): Promise<void> {
    // Written by the tab that runs it only: a stale copy here would undo that tab's progress.
    if (this.claims.runsElsewhere(batch.id)) return Promise.resolve();
    this.batches.set(batch.id, batch);
    for (const l of this.listeners) l();
    // Let go before the write settles: a send awaiting it then finds the batch gone and sends nothing.
    const write = this.deps.save(batch).catch((error: unknown) => {
      if (error instanceof BatchDeletedError) this.gone(batch.id);
    });
    this.writes.set(batch.id, write);
    this.deps.edits?.post({ id: batch.id, wrote: true });
    return write;
  }

  protected change(id: string, change: (b: Batch) => Batch): Batch | undefined {
    const batch = this.batches.get(id);
    if (!batch) return undefined;
    const settled = (this.lookedAt.get(id) ?? -Infinity) - KEPT_WITHIN_MS;
    const next = { ...pruned(change(batch), settled), updatedAt: this.now() };
    void this.put(next);
    return next;
  }

  protected changeRow(id: string, key: string, change: Partial<BatchRow>): Batch | undefined {
    return this.change(id, (b) => ({
      ...b,
      rows: b.rows.map((r) => (r.key === key ? { ...r, ...change } : r)),
    }));
  }
}
