import { BATCH_EDITS_VERSION } from '@contract/batch-edit-message';
import { AwayEdits } from './batch-away-edits';
import { BatchSends } from './batch-sends';
import { isActiveRow, SEND_CUT_OFF, type Batch, type BatchRow } from './batch-model';
import { batchPatch } from './batch-patch';
import { KEPT_WITHIN_MS, partsOf, pruned, stamped, withEdits, type PendingEdit } from './batch-pending-edits';
import type { BatchRunnerDeps } from './batch-runner-deps';

export type { BatchRunnerDeps, Watched } from './batch-runner-deps';

const KEPT_CHECK_MS = 10_000;

function everyTenSeconds(check: () => Promise<void>): () => void {
  const timer = setInterval(() => void check(), KEPT_CHECK_MS);
  return () => clearInterval(timer);
}

/**
 * Runs batches (the last layer: the person's actions, and the run's passage between tabs; the
 * sends are BatchSends', the records BatchBook's). Lives outside React: a run goes on while the
 * person is on another page.
 */
export class BatchRunner extends BatchSends {
  /** Edits made here while this tab does not run the batch, passed on; other tabs' edits heard. */
  private readonly away: AwayEdits;
  /** The newest version of the edit messages spoken by a tab of another build (decision 660). */
  private otherVersion: number | undefined;
  /** Stops the look into the kept edits, which goes on while this tab runs a batch. */
  private stopKeptChecks: (() => void) | undefined;
  private checkingKept = false;

  constructor(deps: BatchRunnerDeps) {
    super(deps);
    this.away = new AwayEdits(deps, {
      now: () => this.now(),
      current: (id) => this.batches.get(id),
      runs: (id) => this.claims.guarded && this.claims.holds(id),
      caughtUp: (id, kept) => {
        this.batches.set(id, kept);
        this.notify();
      },
      // Another tab's edit: taken by the tab that runs the batch, the one that writes it.
      heard: (id, edit) => {
        this.edit(id, (b) => withEdits(b, [edit]));
        return this.lastWrite(id);
      },
      lastWrite: (id) => this.lastWrite(id),
      gone: (id) => this.gone(id),
      otherVersion: (version) => {
        if (version === this.otherVersion) return;
        this.otherVersion = Math.max(version, this.otherVersion ?? 0);
        this.notify();
      },
    });
  }

  /**
   * Whether another tab runs an older or a newer build of the dashboard (it was not reloaded after
   * an update): the tabs cannot pass edits to each other until the older one is reloaded.
   */
  get otherBuild(): 'older' | 'newer' | undefined {
    if (this.otherVersion === undefined) return undefined;
    return this.otherVersion > BATCH_EDITS_VERSION ? 'newer' : 'older';
  }

  /** The batch as kept, with the edits kept for it by tabs that closed before any tab wrote them. */
  loadKept(id: string): Promise<Batch | undefined> {
    return this.away.loadKept(id);
  }

  /**
   * The person's change (the request, a cell, a row dropped); a running batch takes it at its next
   * send. In a tab that does not run the batch, its copy may be older than the kept one (another
   * tab ran it since): the change is shown here, and only the change is passed on (AwayEdits).
   */
  edit(id: string, change: (b: Batch) => Batch): void {
    const at = this.now();
    // Noted when made: an edit of another tab found kept later, made before it, leaves it as it is.
    const noted = (b: Batch) => {
      const after = change(b);
      return stamped(after, partsOf(batchPatch(b, after)), at);
    };
    if (this.claims.holds(id)) {
      if (this.change(id, noted)) this.pump(id);
      return;
    }
    const mine = this.batches.get(id);
    if (!mine) return;
    const edited = { ...noted(mine), updatedAt: at };
    this.batches.set(id, edited);
    this.notify();
    const starting = this.claims.intentOf(id);
    // Started here, the run not yet this tab's: the edit goes with the start, onto the batch as kept.
    if (starting && !this.claims.runsElsewhere(id)) this.claims.intend(id, (b) => change(starting(b)));
    else this.away.deliver(id, batchPatch(mine, edited));
  }

  /** Holds a batch read from storage or made new, without starting anything it does not already run. */
  open(batch: Batch): void {
    if (this.batches.has(batch.id)) return;
    this.follow(batch);
  }

  /** Starts (or restarts) a batch: its pending rows are sent as slots free up. */
  start(batch: Batch): void {
    this.run(batch.id, (b) => ({ ...b, state: 'running', stopReason: undefined }), batch);
  }

  /**
   * Starts a batch by `intent`. A tab that does not hold the run yet claims it first and applies the
   * intent to the batch as kept then: its own copy may be older than another tab's progress, and
   * writing it would put rows already sent back to pending (sent again when that tab lets go).
   */
  private run(id: string, asked: (b: Batch) => Batch, given?: Batch): void {
    const at = this.now();
    // A pause of another tab found kept later, made before this start, does not undo it.
    const intent = (b: Batch) => stamped(asked(b), ['state'], at);
    if (!this.claims.holds(id)) {
      if (given && !this.batches.has(id)) this.batches.set(id, given);
      if (!this.batches.has(id)) return;
      // Claimed once this tab's edits have landed: the run then starts from the batch as edited.
      this.claims.intend(id, intent);
      void this.away.settled(id).then(() => {
        if (this.claims.hasIntent(id)) this.claims.request(id);
      });
      return;
    }
    const batch = given ?? this.batches.get(id);
    if (!batch) return;
    void this.put({ ...intent(batch), updatedAt: this.now() });
    this.pump(id);
  }

  /** Holds the batch: nothing more is sent; tasks already sent are still followed to their end. */
  pause(id: string): void {
    // With nothing left to follow, the run is then let go for another tab (edit pumps).
    this.edit(id, (b) => (b.state === 'running' ? { ...b, state: 'paused' } : b));
  }

  resume(id: string): void {
    const b = this.batches.get(id);
    if (b) this.start(b);
  }

  /**
   * The failed rows go again, as new tasks (the failed ones stay in the monitor). A row in doubt
   * (its answer lost to the network) goes under its key: the task its send made, if any, is its.
   */
  retryFailed(id: string): void {
    this.run(id, (batch) => ({
      ...batch,
      state: 'running',
      stopReason: undefined,
      rows: batch.rows.map((r): BatchRow => {
        if (r.state !== 'failed') return r;
        const { key, cells, sendKey, sentBodies } = r;
        return { key, cells, state: 'pending', ...(sendKey ? { sendKey, sentBodies } : {}) };
      }),
    }));
  }

  /**
   * The batch was deleted, here or in another tab (decision 700): its run stops as a pause would
   * not (nothing more is sent, its tasks are no longer followed), its lock is let go, and this
   * tab's edits of it waiting to be written are dropped. Tasks already sent run on, in Tasks.
   */
  gone(id: string): void {
    this.deletedIds.add(id);
    this.away.drop(id);
    this.forget(id);
  }

  /** Undo of a delete: the batch, kept again, is opened as any kept batch (not started). */
  restored(batch: Batch): void {
    this.deletedIds.delete(batch.id);
    this.open(batch);
  }

  /** Lets a batch go (deleted or replaced): nothing of it is followed or sent any more. */
  forget(id: string): void {
    this.claims.release(id);
    this.stopFollowing(id);
    this.batches.delete(id);
    this.notify();
  }

  /**
   * Takes up a batch read back from storage. A row cut off while sending gets the task the registry
   * recorded for it, if any. Else its POST may still have made a paid task whose answer the reload
   * cut off: it is sent again only under its send key to a server that honours it (which then
   * answers with that task, decision 640); otherwise it fails saying so (`sendCutOff`), and the
   * person retries it.
   */
  follow(stored: Batch): void {
    if (this.batches.has(stored.id)) return;
    this.fresh(stored.id, this.recovered(stored));
    this.notify();
    this.pump(stored.id);
  }

  /** Holds the batch as just read from storage: not older than the kept one. */
  private fresh(id: string, batch: Batch): void {
    this.batches.set(id, batch);
    this.away.read(id);
  }

  private recovered(stored: Batch): Batch {
    const rows = stored.rows.map((row, index): BatchRow => {
      if (row.state !== 'sending') return row;
      const id = this.deps.findCreated(stored, index, row.startedAt ?? 0);
      if (id) return { ...row, state: 'running', taskId: id, sendKey: undefined, sentBodies: undefined };
      if (row.sendKey && this.deps.sendKeys?.())
        return {
          key: row.key,
          cells: row.cells,
          state: 'pending',
          sendKey: row.sendKey,
          sentBodies: row.sentBodies,
        };
      return { key: row.key, cells: row.cells, state: 'failed', error: SEND_CUT_OFF, endedAt: this.now() };
    });
    return { ...stored, rows };
  }

  /**
   * Whether this tab may act on the batch now. A batch with something to do (running, or tasks to
   * follow) is claimed first; until the claim is granted nothing is sent, followed or written, and
   * once granted the kept batch is read again (another tab may have moved it on). A batch with
   * nothing to do lets its claim go, so another tab can run it.
   */
  protected mayAct(batch: Batch): boolean {
    if (!this.claims.guarded) return true;
    const id = batch.id;
    if (batch.state !== 'running' && !batch.rows.some(isActiveRow)) {
      if (!this.claims.hasIntent(id)) this.claims.release(id);
      return false;
    }
    if (this.claims.holds(id)) return true;
    this.claims.request(id);
    return false;
  }

  protected async granted(id: string, live: () => boolean): Promise<void> {
    await this.writes.get(id);
    const { batch: stored, merged } = await this.away
      .keptWithEdits(id)
      .catch(() => ({ batch: undefined, merged: false }));
    if (!live() || !this.batches.has(id)) return;
    const recovered = stored ? this.recovered(stored) : this.batches.get(id)!;
    // This tab's edits that no tab has written yet (told to the tab that let the run go, say):
    // this tab runs the batch now, so it writes them, in the order they were made.
    const mine = this.away.takeOver(id);
    const batch = withEdits(recovered, mine);
    const intent = this.claims.take(id);
    this.away.read(id);
    // Written if anything was added to the batch as kept: this tab's edits, or edits kept for it.
    if (intent || merged || batch !== recovered)
      void this.put({ ...(intent?.(batch) ?? batch), updatedAt: this.now() });
    else this.batches.set(id, batch);
    this.notify();
    this.pump(id);
    if (this.deps.pendingEdits)
      this.stopKeptChecks ??= (this.deps.everyKeptCheck ?? everyTenSeconds)(() => this.takeUpKept());
  }

  protected async keptEdits(id: string): Promise<PendingEdit[] | undefined> {
    if (!this.deps.pendingEdits) return undefined;
    return this.away.keptFor(id, this.batches.get(id)?.editsWritten);
  }

  protected forgetKept(keys: readonly string[]): Promise<void> {
    return this.away.forget(keys);
  }

  /**
   * Writes the edits kept for the batches this tab runs that no tab told it: their tab crashed
   * before (decision 660). Each look is one read of the small store of kept edits, at a low
   * frequency, not one per write: a crash is rare, and a page that opens the batch shows the edit
   * before it is written. Once no batch is run here, the looks stop until a run is taken up again.
   */
  async takeUpKept(): Promise<void> {
    const held = this.list().filter((b) => this.claims.guarded && this.claims.holds(b.id));
    if (held.length === 0) {
      this.stopKeptChecks?.();
      this.stopKeptChecks = undefined;
      return;
    }
    if (this.checkingKept) return;
    this.checkingKept = true;
    try {
      for (const { id } of held) {
        const looked = this.now();
        const kept = await this.away.keptFor(id, this.batches.get(id)?.editsWritten);
        if (!kept || !this.claims.holds(id)) continue;
        this.lookedAt.set(id, Math.max(looked, this.lookedAt.get(id) ?? 0));
        // Applied to the batch as this tab holds it now; its `editedAt` keeps later edits as they
        // are. The notes no kept edit can need now are let go, written even when none was found.
        const tidy = (b: Batch) => pruned(b, looked - KEPT_WITHIN_MS, { rows: true });
        const batch = this.batches.get(id);
        if (kept.length === 0 && (!batch || tidy(batch) === batch)) continue;
        if (this.change(id, (b) => tidy(withEdits(b, kept)))) this.pump(id);
        await this.lastWrite(id);
        await this.away.forget(kept.map((e) => e.key));
      }
    } finally {
      this.checkingKept = false;
    }
  }
}
