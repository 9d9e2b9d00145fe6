import { isRecord } from '@contract/is-record';
import { randomUuid } from '@/lib/random-uuid';
import { BatchBook } from './batch-book';
import { DEFAULT_RETRY_AFTER_MS, statusOf, stopReasonOf, taskOutcome } from './batch-outcome';
import { isActiveRow, type Batch, type BatchRow } from './batch-model';

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
          this.change(id, (b) => ({ ...b, state: 'done', pausedUntil: undefined }));
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

  /** Marks the row sending at once (before any await), so no other pump can count it free. */
  protected async send(id: string, key: string): Promise<void> {
    const before = this.batches.get(id);
    const index = before?.rows.findIndex((r) => r.key === key) ?? -1;
    if (!before || before.rows[index]?.state !== 'pending') return;
    const body = this.deps.body(before, index);
    if (!body) {
      this.changeRow(id, key, { state: 'failed', error: 'invalid', endedAt: this.now() });
      return;
    }
    // A row a reload cut off goes again under its key (recovered()): the server answers with the
    // task it made then. Else a fresh key where keys travel.
    const sendKey = before.rows[index]!.sendKey ?? (this.deps.sendKeys?.() ? randomUuid() : undefined);
    const batch = this.changeRow(id, key, {
      state: 'sending',
      startedAt: this.now(),
      error: undefined,
      sendKey,
    })!;
    let taskId: string;
    try {
      // Written as sending, with its key, before the POST leaves: a reload then looks for its task (follow()).
      await this.writes.get(id);
      if (!this.batches.has(id)) return;
      ({ id: taskId } = await this.deps.create(body, batch, index, sendKey));
    } catch (error) {
      this.refused(id, key, error);
      return;
    }
    if (!this.batches.has(id)) return;
    this.changeRow(id, key, { state: 'running', taskId, sendKey: undefined });
    this.watch(id, key, taskId);
    this.pump(id);
  }

  protected refused(id: string, key: string, error: unknown): void {
    const status = statusOf(error);
    // Sent again later as a new request, under a new key.
    const back: Partial<BatchRow> = { state: 'pending', startedAt: undefined, sendKey: undefined };
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
        sendKey: undefined,
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
