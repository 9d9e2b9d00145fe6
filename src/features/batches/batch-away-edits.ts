import { BatchDeletedError, type Batch } from './batch-model';
import type { BatchPatch } from './batch-patch';
import { remembering, withEdits, type PendingEdit } from './batch-pending-edits';
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
  /** Another tab's edit of a batch this tab runs; resolves once it is written. */
  heard(id: string, edit: PendingEdit): Promise<unknown>;
  /** The last write of a batch this tab runs. */
  lastWrite(id: string): Promise<unknown>;
  /** A tab of another build spoke, in a version of the messages this one does not read. */
  otherVersion(version: number): void;
  /** The batch was deleted (another tab said so, or a write found its tombstone): let it go. */
  gone(id: string): void;
}

interface Queue {
  /** This tab's edits not yet written, with the key the running tab's word names. */
  pending: PendingEdit[];
  acked: Set<string>;
  /** Ends the wait for the running tab's word early (its word came, or the edits were taken over). */
  wake?: () => void;
  idle: Promise<void>;
  done: () => void;
}

/** Without a word in this time, the running tab is taken to have let the run go (or closed). */
const RETRY_MS = 1000;

/**
 * Passes on the edits made in a tab that does not run a batch (decisions 560, 620), one after
 * another per batch, so a later edit lands last. Under the run's lock when no tab holds it: this
 * tab's copy is written as it is when no other tab has written the batch since (the usual case:
 * one tab, a draft), else the edit is applied to the batch as kept, read back. When a tab holds
 * the run, the edit is told to it; it writes the edit with its progress and says so. An edit is
 * kept until it is written: told in the moment the running tab lets the run go or closes, it gets
 * no word and is passed on again (written under the lock, told to the next tab that runs it, or
 * taken over by this tab when the run becomes its own).
 */
export class AwayEdits {
  private readonly queues = new Map<string, Queue>();
  /** Batches another tab has written since this tab read them: this tab's copy is older. */
  private readonly stale = new Set<string>();
  /** Other tabs' edits this tab has written: told again (its word was slow), they are not applied twice. */
  private readonly applied = new Set<string>();
  private readonly tabKey = Math.random().toString(36).slice(2);
  private sent = 0;

  constructor(
    private readonly deps: Pick<
      BatchRunnerDeps,
      'ifFree' | 'load' | 'save' | 'edits' | 'editRetryMs' | 'pendingEdits' | 'leaving'
    >,
    private readonly tab: AwayTab,
  ) {
    deps.edits?.listen(
      (m) => {
        // Made just now, as far as this tab knows (the message does not say when).
        if ('patch' in m) this.heard(m.id, { id: m.id, key: m.key, at: tab.now(), patch: m.patch });
        else if ('ack' in m) this.acked(m.id, m.ack);
        else if ('deleted' in m) tab.gone(m.id);
        else if (tab.current(m.id) && !tab.runs(m.id)) this.stale.add(m.id);
      },
      (version) => tab.otherVersion(version),
    );
    // Going (or hidden, where a phone may close it without a word): what waits is told at once.
    deps.leaving?.(() => this.flush());
  }

  /**
   * The batch as kept, with the edits kept for it that no tab has written yet (their tab closed
   * first) applied in order. Kept edits the batch as kept already lists are written: removed now.
   */
  async loadKept(id: string): Promise<Batch | undefined> {
    return (await this.keptWithEdits(id)).batch;
  }

  /** loadKept, and whether kept edits were applied (the batch is then to be written). */
  async keptWithEdits(id: string): Promise<{ batch?: Batch; merged: boolean }> {
    const kept = await this.deps.load?.(id);
    if (!kept || !this.deps.pendingEdits) return { batch: kept, merged: false };
    const waiting = await this.deps.pendingEdits.list(id).catch(() => []);
    const written = new Set(kept.editsWritten);
    void this.forget(waiting.filter((e) => written.has(e.key)).map((e) => e.key));
    const batch = withEdits(kept, waiting);
    return { batch, merged: batch !== kept };
  }

  /**
   * The edits kept for a batch this tab runs that it does not hold yet: their tab crashed (no
   * pagehide) before any tab heard them. Kept edits the batch already lists are removed now.
   * Undefined when the store could not be read (nothing is then known of what it keeps).
   */
  async keptFor(id: string, listed: readonly string[] | undefined): Promise<PendingEdit[] | undefined> {
    if (!this.deps.pendingEdits) return [];
    const waiting = await this.deps.pendingEdits.list(id).catch(() => undefined);
    if (!waiting) return undefined;
    const written = new Set(listed);
    void this.forget(waiting.filter((e) => written.has(e.key)).map((e) => e.key));
    return waiting.filter((e) => !written.has(e.key));
  }

  /** Once the edits made here so far have been written (here or by the tab that runs the batch). */
  settled(id: string): Promise<void> {
    return this.queues.get(id)?.idle ?? Promise.resolve();
  }

  /** This tab has just read the batch as kept: its copy is not older than it. */
  read(id: string): void {
    this.stale.delete(id);
  }

  /** This tab's edits not yet written, for this tab to write now that it runs the batch. */
  takeOver(id: string): PendingEdit[] {
    const queue = this.queues.get(id);
    if (!queue) return [];
    const taken = queue.pending.splice(0);
    queue.wake?.();
    return taken;
  }

  /**
   * The batch was deleted: this tab's edits of it waiting to be written are dropped, and their
   * records with them (a later tab would find no batch to write them onto).
   */
  drop(id: string): void {
    const queue = this.queues.get(id);
    if (!queue) return;
    const dropped = queue.pending.splice(0);
    queue.wake?.();
    void this.forget(dropped.map((e) => e.key));
  }

  deliver(id: string, patch: BatchPatch): void {
    const edit: PendingEdit = { id, key: `${this.tabKey}:${++this.sent}`, at: this.tab.now(), patch };
    // Kept at once (decision 660): this tab may close before any tab has written it.
    void this.deps.pendingEdits?.put(edit).catch(() => undefined);
    let queue = this.queues.get(id);
    if (!queue) {
      let done!: () => void;
      const idle = new Promise<void>((resolve) => (done = resolve));
      queue = { pending: [edit], acked: new Set(), idle, done };
      this.queues.set(id, queue);
      void this.drain(id, queue);
    } else {
      queue.pending.push(edit);
    }
  }

  /** Kept edits some tab has written, no longer kept. */
  forget(keys: readonly string[]): Promise<void> {
    if (keys.length === 0 || !this.deps.pendingEdits) return Promise.resolve();
    return this.deps.pendingEdits.remove(keys).catch(() => undefined);
  }

  /**
   * Every edit of this tab not yet written, told now, in order, to the tab that runs its batch:
   * this tab may be gone before its turn to tell them one by one. A running tab writes each once
   * (an edit told before only gets an answer); with no tab running, they stay kept for the next.
   */
  private flush(): void {
    for (const [id, queue] of this.queues) {
      for (const { key, patch } of queue.pending) this.deps.edits?.post({ id, patch, key });
    }
  }

  private async drain(id: string, queue: Queue): Promise<void> {
    while (queue.pending.length > 0) {
      const head = queue.pending[0]!;
      const { told, merged, written } = await this.pass(head);
      if (told) await this.word(queue, head.key);
      // Taken over meanwhile; or told with no word back: passed on again.
      if (queue.pending[0] !== head || (told && !queue.acked.has(head.key))) continue;
      queue.pending.shift();
      queue.acked.delete(head.key);
      // Written (here, or by the running tab, whose word says so): no longer kept for a later tab.
      // Gone before the next edit is written: the batch this tab writes next does not list this
      // one (its own copy never did), and a record left behind would be applied over that write.
      if (told || written) await this.forget([head.key]);
      // Shown before a later edit of this tab lands, it would undo that one on screen.
      // Unless the run became this tab's meanwhile: it then holds the newest.
      if (merged && queue.pending.length === 0 && this.tab.current(id) && !this.tab.runs(id)) {
        this.stale.delete(id);
        this.tab.caughtUp(id, merged);
      }
    }
    this.queues.delete(id);
    queue.done();
  }

  /** Writes the edit if no tab runs the batch, else tells it to the one that does. */
  private async pass(edit: PendingEdit): Promise<{ told: boolean; merged?: Batch; written?: boolean }> {
    const { id, patch, key } = edit;
    let merged: Batch | undefined;
    try {
      const wrote = await this.deps.ifFree?.(id, async () => {
        // Without a way to hear other tabs' writes, any copy here may be older than the kept one.
        if (!this.stale.has(id) && this.deps.edits) {
          const mine = this.tab.current(id);
          if (mine) await this.deps.save(remembering(mine, [key]));
          return;
        }
        const kept = await this.loadKept(id);
        if (!kept) {
          // Not kept yet (a new batch), and no tab could have written it: this tab's copy is the batch.
          const mine = this.tab.current(id);
          if (!this.deps.edits && mine) await this.deps.save(mine);
          return;
        }
        merged = { ...withEdits(kept, [edit]), updatedAt: this.tab.now() };
        await this.deps.save(merged);
      });
      if (wrote === false) {
        this.deps.edits?.post({ id, patch, key });
        return { told: true };
      }
      this.deps.edits?.post({ id, wrote: true });
      return { told: false, merged, written: true };
    } catch (error) {
      // Deleted meanwhile (its tombstone refused the write): nothing of it is written any more.
      if (error instanceof BatchDeletedError) {
        this.tab.gone(id);
        return { told: false, written: true };
      }
      // Not written (storage refused it): this tab still shows it, and it stays kept for a later tab.
      return { told: false };
    }
  }

  /** Waits for the running tab's word on the edit `key`, or until it is time to pass it on again. */
  private word(queue: Queue, key: string): Promise<void> {
    // Answered already, or taken over by this tab while it was being told.
    if (queue.acked.has(key) || queue.pending[0]?.key !== key) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        queue.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, this.deps.editRetryMs ?? RETRY_MS);
      queue.wake = done;
    });
  }

  private acked(id: string, key: string): void {
    const queue = this.queues.get(id);
    if (queue?.pending[0]?.key !== key) return;
    queue.acked.add(key);
    queue.wake?.();
  }

  /** Another tab's edit: written by the tab that runs the batch, which then says so. */
  private heard(id: string, edit: PendingEdit): void {
    const { key } = edit;
    // Not this tab's run (any more): no word, and the editing tab passes the edit on again. This
    // tab's copy lacks that edit: its own next edit is applied to the batch as kept, not written whole.
    if (!this.tab.runs(id) || !this.tab.current(id)) {
      if (this.tab.current(id)) this.stale.add(id);
      return;
    }
    const written = this.applied.has(key) ? this.tab.lastWrite(id) : this.tab.heard(id, edit);
    this.applied.add(key);
    void written.then(() => this.deps.edits?.post({ id, ack: key }));
  }
}
