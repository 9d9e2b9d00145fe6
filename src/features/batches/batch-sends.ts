import { isRecord } from '@contract/is-record';
import { randomUuid } from '@/lib/random-uuid';
import { BatchBook } from './batch-book';
import { DEFAULT_RETRY_AFTER_MS, statusOf, stopReasonOf, taskOutcome } from './batch-outcome';
import type { BatchBody } from './batch-check';
import { isKeyReused, sameBody, settles, stillInDoubt, withSent } from './batch-doubt';
import { isActiveRow, SEND_CUT_OFF, type Batch, type BatchRow } from './batch-model';
import { KEPT_WITHIN_MS, pruned, withEdits, type PendingEdit } from './batch-pending-edits';

/**
 * The sends of a batch's rows (the second layer of the runner): at most `concurrency` rows are
 * sending or running at any moment, whatever the deployment answers (a row counts from before its
 * POST until its task ends). A 429 puts the row back and holds every send of the batch until its
 * Retry-After; a 402 (or a refused key) stops the batch, saying why. Each task sent is followed to
 * its end.
 */
export abstract class BatchSends extends BatchBook {
  /** Rows whose task this tab follows, by `${batchId}:${rowKey}`, with the watch's end. */
  private readonly watches = new Map<string, () => void>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  /** Whether this tab may act on the batch now (it runs it); claims it if it has something to do. */
  protected abstract mayAct(batch: Batch): boolean;

  /** Nothing of the batch is followed or waited for any more. */
  protected stopFollowing(id: string): void {
    for (const [key, end] of this.watches) if (key.startsWith(`${id}:`)) end();
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
  }

  protected pump(id: string): void {
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
          // Its last notes of edits go with the run: its rows have all ended (decision 671).
          const settled = (this.lookedAt.get(id) ?? -Infinity) - KEPT_WITHIN_MS;
          const tidy = (b: Batch) => pruned(b, settled, { rows: true });
          this.change(id, (b) => ({ ...tidy(b), state: 'done', pausedUntil: undefined }));
          this.claims.release(id);
        }
        return;
      }
      if (active >= now.concurrency) return;
      void this.send(id, next.key);
    }
  }

  protected schedule(id: string, ms: number): void {
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

  /**
   * The edits kept for the batch that this tab has not written (their tab crashed before telling
   * them), looked for right before a row's POST leaves (decision 671); undefined where no edit
   * is kept (no store).
   */
  protected abstract keptEdits(id: string): Promise<PendingEdit[] | undefined>;

  /** Kept edits this tab has written: their records are removed. */
  protected abstract forgetKept(keys: readonly string[]): Promise<void>;

  /** Marks the row sending at once (before any await), so no other pump can count it free. */
  protected async send(id: string, key: string): Promise<void> {
    const before = this.batches.get(id);
    const index = before?.rows.findIndex((r) => r.key === key) ?? -1;
    const row = before?.rows[index];
    if (!before || row?.state !== 'pending') return;
    let body = this.deps.body(before, index);
    if (!body) {
      this.changeRow(id, key, { state: 'failed', error: 'invalid', endedAt: this.now() });
      return;
    }
    // A row in doubt goes again under its key (recovered(), decision 670): the server answers with
    // the task it made then. Else a fresh key where keys travel.
    const sendKey = row.sendKey ?? (this.deps.sendKeys?.() ? randomUuid() : undefined);
    const sending = (b: object): Partial<BatchRow> => ({
      state: 'sending',
      startedAt: this.now(),
      error: undefined,
      note: undefined,
      sendKey,
      sentBodies: sendKey ? withSent(row.sentBodies, b) : undefined,
    });
    let batch = this.changeRow(id, key, sending(body))!;
    let sent: { id: string; note?: 'sentBeforeEdit' } | 'settled' | undefined;
    try {
      // Written as sending, with its key and body, before the POST leaves: a reload then looks for its task (follow()).
      await this.writes.get(id);
      if (!this.batches.has(id)) return;
      const looked = this.now();
      const late = await this.keptEdits(id);
      if (late && late.length > 0) this.lateEdited(id, row, late);
      if (late) this.lookedAt.set(id, Math.max(looked, this.lookedAt.get(id) ?? 0));
      // Edited meanwhile (a crashed tab's edit found now, by this send's look or another's): sent as edited.
      const now = this.batches.get(id);
      const at = now?.rows.findIndex((r) => r.key === key) ?? -1;
      if (!now || now.rows[at]?.state !== 'sending') return this.pump(id);
      const fresh = this.deps.body(now, at);
      if (!fresh) {
        const unsent = { sendKey: row.sendKey, sentBodies: row.sentBodies };
        this.changeRow(id, key, { state: 'failed', error: 'invalid', endedAt: this.now(), ...unsent });
        return this.pump(id);
      }
      batch = now;
      if (!sameBody(fresh, body)) {
        body = fresh;
        batch = this.changeRow(id, key, sending(body))!;
        await this.writes.get(id);
        if (!this.batches.has(id)) return;
      }
      sent = await this.keyed(body, batch, at, sendKey, batch.rows[at]?.sentBodies);
    } catch (error) {
      this.refused(id, key, error, row.sendKey !== undefined);
      return;
    }
    if (!this.batches.has(id)) return;
    const settled = { sendKey: undefined, sentBodies: undefined };
    if (sent === 'settled') {
      // The body that held the key was refused, and kept so: no task was made. A new request now.
      this.changeRow(id, key, { state: 'pending', startedAt: undefined, ...settled });
    } else if (!sent) {
      // No body of ours holds the key (a record from before bodies were kept): a task may exist.
      this.changeRow(id, key, { state: 'failed', error: SEND_CUT_OFF, endedAt: this.now(), ...settled });
    } else {
      this.changeRow(id, key, { state: 'running', taskId: sent.id, note: sent.note, ...settled });
      this.watch(id, key, sent.id);
    }
    this.pump(id);
  }

  /**
   * Sends the body under its key. Another body of the row holds the key (the row was edited after
   * a send whose answer was lost): that body is sent again, and its answer (the task it made, or
   * its refusal) is the one the server kept. Never a second task, never a new key in doubt.
   */
  private async keyed(
    body: BatchBody,
    batch: Batch,
    index: number,
    sendKey: string | undefined,
    sentBodies: Record<string, unknown>[] | undefined,
  ): Promise<{ id: string; note?: 'sentBeforeEdit' } | 'settled' | undefined> {
    try {
      return await this.deps.create(body, batch, index, sendKey);
    } catch (error) {
      if (!sendKey || !isKeyReused(error)) throw error;
    }
    for (const other of sentBodies?.filter((b) => !sameBody(b, body)) ?? []) {
      try {
        const { id } = await this.deps.create(other as BatchBody, batch, index, sendKey);
        return { id, note: 'sentBeforeEdit' };
      } catch (error) {
        if (isKeyReused(error)) continue;
        if (settles(error)) return 'settled';
        throw error;
      }
    }
    return undefined;
  }

  /**
   * Applies the edits found kept right before a send (a crashed tab's, decision 671) as to the
   * pending row it was when they were made: a row they drop is not sent. Their records go once
   * written.
   */
  private lateEdited(id: string, row: BatchRow, late: PendingEdit[]): void {
    const as = (b: Batch, r: Partial<BatchRow>) => ({
      ...b,
      rows: b.rows.map((x) => (x.key === row.key ? { ...x, ...r } : x)),
    });
    const { state, startedAt, sendKey, sentBodies } = row;
    this.change(id, (b) => {
      const sending = b.rows.find((r) => r.key === row.key);
      const edited = withEdits(as(b, { state, startedAt, sendKey, sentBodies }), late);
      const after = edited.rows.find((r) => r.key === row.key);
      return after?.state === 'pending' && sending ? as(edited, { ...sending, cells: after.cells }) : edited;
    });
    const keys = late.map((e) => e.key);
    void this.lastWrite(id).then(() => this.forgetKept(keys));
  }

  /** `inDoubt`: the row was in doubt before this send (it went under a key kept from an earlier one). */
  protected refused(id: string, key: string, error: unknown, inDoubt: boolean): void {
    const status = statusOf(error);
    // A row in doubt keeps its key, and goes again under it (decision 670); otherwise the next
    // send is a new request, under a new key.
    const settled: Partial<BatchRow> = stillInDoubt(error, inDoubt)
      ? {}
      : { sendKey: undefined, sentBodies: undefined };
    const back: Partial<BatchRow> = { state: 'pending', startedAt: undefined, ...settled };
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
      this.changeRow(id, key, {
        state: 'failed',
        error: this.deps.describe(error),
        endedAt: this.now(),
        ...settled,
      });
    }
    this.pump(id);
  }

  protected watch(id: string, key: string, taskId: string): void {
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
