import { isRecord } from '@contract/is-record';
import { DEFAULT_RETRY_AFTER_MS, statusOf, stopReasonOf, taskOutcome } from './batch-outcome';
import { isActiveRow, type Batch, type BatchRow } from './batch-model';
import { RunClaims } from '@/lib/run-lock';
import { AwayEdits } from './batch-away-edits';
import { applyBatchPatch, batchPatch } from './batch-patch';
import type { BatchRunnerDeps } from './batch-runner-deps';

export type { BatchRunnerDeps, Watched } from './batch-runner-deps';

/**
 * Runs batches: at most `concurrency` rows of a batch are sending or running at any moment, whatever
 * the deployment answers (a row counts from before its POST until its task ends). A 429 puts the
 * row back and holds every send of the batch until its Retry-After; a 402 (or a refused key) stops
 * the batch, saying why. Lives outside React: a run goes on while the person is on another page.
 */
export class BatchRunner {
  private readonly batches = new Map<string, Batch>();
  private readonly listeners = new Set<() => void>();
  /** Rows whose task this tab follows, by `${batchId}:${rowKey}`, with the watch's end. */
  private readonly watches = new Map<string, () => void>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  /** The last write of each batch: a send waits for the one that says the row is sending. */
  private readonly writes = new Map<string, Promise<void>>();
  /** The runs this tab holds, waits for, or sees run elsewhere (decision 520). */
  private readonly claims: RunClaims<(b: Batch) => Batch>;
  /** Edits made here while this tab does not run the batch, passed on; other tabs' edits heard. */
  private readonly away: AwayEdits;

  constructor(private readonly deps: BatchRunnerDeps) {
    this.claims = new RunClaims(deps.claim, {
      changed: () => this.notify(),
      granted: (id, live) => void this.granted(id, live),
      lastWrite: (id) => this.writes.get(id),
    });
    this.away = new AwayEdits(deps, {
      now: () => this.now(),
      current: (id) => this.batches.get(id),
      runs: (id) => this.claims.guarded && this.claims.holds(id),
      caughtUp: (id, kept) => {
        this.batches.set(id, kept);
        this.notify();
      },
      // Another tab's edit: taken by the tab that runs the batch, the one that writes it.
      heard: (id, patch) => {
        this.edit(id, (b) => applyBatchPatch(b, patch));
        return this.lastWrite(id);
      },
      lastWrite: (id) => this.lastWrite(id),
    });
  }

  private lastWrite(id: string): Promise<unknown> {
    return this.writes.get(id) ?? Promise.resolve();
  }

  private now(): number {
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

  private notify(): void {
    for (const l of this.listeners) l();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private put(batch: Batch): Promise<void> {
    // Written by the tab that runs it only: a stale copy here would undo that tab's progress.
    if (this.claims.runsElsewhere(batch.id)) return Promise.resolve();
    this.batches.set(batch.id, batch);
    for (const l of this.listeners) l();
    const write = this.deps.save(batch).catch(() => undefined);
    this.writes.set(batch.id, write);
    this.deps.edits?.post({ id: batch.id, wrote: true });
    return write;
  }

  private change(id: string, change: (b: Batch) => Batch): Batch | undefined {
    const batch = this.batches.get(id);
    if (!batch) return undefined;
    const next = { ...change(batch), updatedAt: this.now() };
    void this.put(next);
    return next;
  }

  private changeRow(id: string, key: string, change: Partial<BatchRow>): Batch | undefined {
    return this.change(id, (b) => ({
      ...b,
      rows: b.rows.map((r) => (r.key === key ? { ...r, ...change } : r)),
    }));
  }

  /**
   * The person's change (the request, a cell, a row dropped); a running batch takes it at its next
   * send. In a tab that does not run the batch, its copy may be older than the kept one (another
   * tab ran it since): the change is shown here, and only the change is passed on (AwayEdits).
   */
  edit(id: string, change: (b: Batch) => Batch): void {
    if (this.claims.holds(id)) {
      if (this.change(id, change)) this.pump(id);
      return;
    }
    const mine = this.batches.get(id);
    if (!mine) return;
    const edited = { ...change(mine), updatedAt: this.now() };
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
  private run(id: string, intent: (b: Batch) => Batch, given?: Batch): void {
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

  /** The failed rows go again, as new tasks (the failed ones stay in the monitor). */
  retryFailed(id: string): void {
    this.run(id, (batch) => ({
      ...batch,
      state: 'running',
      stopReason: undefined,
      rows: batch.rows.map((r) =>
        r.state === 'failed' ? { key: r.key, cells: r.cells, state: 'pending' as const } : r,
      ),
    }));
  }

  /** Lets a batch go (deleted or replaced): nothing of it is followed or sent any more. */
  forget(id: string): void {
    this.claims.release(id);
    for (const [key, end] of this.watches) if (key.startsWith(`${id}:`)) end();
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
    this.batches.delete(id);
    for (const l of this.listeners) l();
  }

  /**
   * Takes up a batch read back from storage. A row cut off while sending gets the task the registry
   * recorded for it, if any; else it is sent again (its POST never reached the registry).
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
      return id
        ? { ...row, state: 'running', taskId: id }
        : { key: row.key, cells: row.cells, state: 'pending' };
    });
    return { ...stored, rows };
  }

  /**
   * Whether this tab may act on the batch now. A batch with something to do (running, or tasks to
   * follow) is claimed first; until the claim is granted nothing is sent, followed or written, and
   * once granted the kept batch is read again (another tab may have moved it on). A batch with
   * nothing to do lets its claim go, so another tab can run it.
   */
  private mayAct(batch: Batch): boolean {
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

  private async granted(id: string, live: () => boolean): Promise<void> {
    await this.writes.get(id);
    const stored = await this.deps.load?.(id).catch(() => undefined);
    if (!live() || !this.batches.has(id)) return;
    const recovered = stored ? this.recovered(stored) : this.batches.get(id)!;
    // This tab's edits that no tab has written yet (told to the tab that let the run go, say):
    // this tab runs the batch now, so it writes them, in the order they were made.
    const mine = this.away.takeOver(id);
    const batch = mine.reduce(applyBatchPatch, recovered);
    const intent = this.claims.take(id);
    this.away.read(id);
    if (intent || mine.length > 0) void this.put({ ...(intent?.(batch) ?? batch), updatedAt: this.now() });
    else this.batches.set(id, batch);
    this.notify();
    this.pump(id);
  }

  private pump(id: string): void {
    const batch = this.batches.get(id);
    if (!batch || !this.mayAct(batch)) return;
    // Tasks sent are followed whatever the batch's state: they run on the server anyway.
    batch.rows.forEach((row) => {
      if (row.state === 'running' && row.taskId) this.watch(id, row.key, row.taskId);
    });
    if (batch.state !== 'running') return;
    const wait = (batch.pausedUntil ?? 0) - this.now();
    if (wait > 0) {
      this.schedule(id, wait);
      return;
    }
    // Read afresh for every send: a row that fails its check at once frees its slot again.
    for (;;) {
      const now = this.batches.get(id);
      if (!now || now.state !== 'running') return;
      const active = now.rows.filter(isActiveRow).length;
      const next = now.rows.find((r) => r.state === 'pending');
      if (!next) {
        if (active === 0) {
          this.change(id, (b) => ({ ...b, state: 'done', pausedUntil: undefined }));
          this.claims.release(id);
        }
        return;
      }
      if (active >= now.concurrency) return;
      void this.send(id, next.key);
    }
  }

  private schedule(id: string, ms: number): void {
    if (this.timers.has(id)) return;
    const end = this.deps.rateLimited?.(this.now() + ms);
    this.timers.set(
      id,
      setTimeout(() => {
        this.timers.delete(id);
        end?.();
        this.pump(id);
      }, ms),
    );
  }

  /** Marks the row sending at once (before any await), so no other pump can count it free. */
  private async send(id: string, key: string): Promise<void> {
    const before = this.batches.get(id);
    const index = before?.rows.findIndex((r) => r.key === key) ?? -1;
    if (!before || before.rows[index]?.state !== 'pending') return;
    const body = this.deps.body(before, index);
    if (!body) {
      this.changeRow(id, key, { state: 'failed', error: 'invalid', endedAt: this.now() });
      return;
    }
    const batch = this.changeRow(id, key, { state: 'sending', startedAt: this.now(), error: undefined })!;
    let taskId: string;
    try {
      // Written as sending before the POST leaves: a reload then looks for its task (follow()).
      await this.writes.get(id);
      if (!this.batches.has(id)) return;
      ({ id: taskId } = await this.deps.create(body, batch, index));
    } catch (error) {
      this.refused(id, key, error);
      return;
    }
    if (!this.batches.has(id)) return;
    this.changeRow(id, key, { state: 'running', taskId });
    this.watch(id, key, taskId);
    this.pump(id);
  }

  private refused(id: string, key: string, error: unknown): void {
    const status = statusOf(error);
    const back: Partial<BatchRow> = { state: 'pending', startedAt: undefined };
    if (status === 429) {
      const after =
        isRecord(error) && typeof error.retryAfterMs === 'number' ? error.retryAfterMs : undefined;
      const until = this.now() + (after ?? DEFAULT_RETRY_AFTER_MS);
      this.changeRow(id, key, back);
      this.change(id, (b) => ({ ...b, pausedUntil: Math.max(b.pausedUntil ?? 0, until) }));
    } else if (stopReasonOf(status)) {
      this.changeRow(id, key, back);
      this.change(id, (b) => ({ ...b, state: 'stopped', stopReason: stopReasonOf(status) }));
    } else {
      this.changeRow(id, key, { state: 'failed', error: this.deps.describe(error), endedAt: this.now() });
    }
    this.pump(id);
  }

  private watch(id: string, key: string, taskId: string): void {
    const watchKey = `${id}:${key}`;
    if (this.watches.has(watchKey)) return;
    let ended = false;
    const holder: { stop?: () => void } = {};
    const end = () => {
      if (ended) return;
      ended = true;
      this.watches.delete(watchKey);
      holder.stop?.();
    };
    this.watches.set(watchKey, end);
    holder.stop = this.deps.watchTask(taskId, ({ data, error }) => {
      if (ended) return;
      const outcome = taskOutcome(data, error);
      if (!outcome) return;
      end();
      const row = this.batches.get(id)?.rows.find((r) => r.key === key);
      // Sent again meanwhile (retry): this answer is not the row's any more.
      if (row?.taskId !== taskId || row.state !== 'running') return;
      this.changeRow(id, key, { ...outcome, endedAt: this.now() });
      this.pump(id);
    });
    if (ended) holder.stop();
  }
}
