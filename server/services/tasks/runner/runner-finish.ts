import type { AppContext } from '../../../context';
import { finishTask, getTask, releaseLeases, type TaskRow, type TerminalPatch } from '../../../store/tasks';
import { moveIntoStore, removeQuietly, storedRelPath } from '../../assets/asset-files';
import { enqueueWebhook, wakeWebhookSender } from '../../webhooks/outbox';
import { taskKind } from './kinds';
import type { PerformOutcome } from '../task-kind';
import { toTaskObject } from '../task-object';

/** Attempts of a task whose work crashes unexpectedly before it is failed for good. */
export const MAX_TASK_ATTEMPTS = 3;

/** How a task attempt ended, as the runner writes it. */
export type Outcome =
  PerformOutcome | { status: 'cancelled'; code: string; message: string; failReason: string };

/**
 * Makes a task terminal. A successful result is renamed into DATA_DIR/files first (a crash before
 * the state is written re-renders and renames over it); then the state and, with a callback_url,
 * its webhook are written in ONE transaction, so neither can be lost without the other. The
 * webhook's task object uses the origin the task was created through: a webhook has no request.
 */
export async function completeTask(
  ctx: AppContext,
  runnerId: string,
  row: TaskRow,
  outcome: Outcome,
): Promise<void> {
  let patch: TerminalPatch;
  if (outcome.status === 'succeeded') {
    const rel = storedRelPath(row.owner, row.id, outcome.fileName);
    try {
      await moveIntoStore(ctx, outcome.tempFile, rel);
    } finally {
      await removeQuietly(outcome.tempFile);
    }
    patch = { status: 'succeeded', progress: 100, result_path: rel };
  } else {
    patch = {
      status: outcome.status,
      progress: row.progress,
      error_code: outcome.code,
      error_message: outcome.message,
      fail_reason: outcome.failReason,
    };
  }
  if (!ctx.db.open) return;
  const finished = ctx.db.transaction(() => {
    const done = finishTask(
      ctx.db,
      row.id,
      runnerId,
      { ...patch, progress: currentProgress(ctx, row, patch) },
      Date.now(),
    );
    if (done) taskKind(done.kind)?.settled?.(ctx, done);
    if (done?.callback_url) {
      const type = `task.${done.status}` as 'task.succeeded' | 'task.failed' | 'task.cancelled';
      enqueueWebhook(ctx.db, {
        owner: done.owner,
        taskId: done.id,
        url: done.callback_url,
        type,
        payload: { type, data: toTaskObject(done, done.origin) },
      });
    }
    return done;
  })();
  if (finished) {
    ctx.log.info('task finished', {
      task_id: finished.id,
      kind: finished.kind,
      status: finished.status,
      attempts: finished.attempts,
      ms: (finished.completed_ms ?? 0) - finished.created_ms,
      ...(finished.error_code ? { code: finished.error_code } : {}),
    });
  }
  if (finished?.callback_url) wakeWebhookSender(ctx);
}

/** A failed or cancelled task keeps the progress it had reached; success is 100. */
function currentProgress(ctx: AppContext, row: TaskRow, patch: TerminalPatch): number {
  if (patch.status === 'succeeded') return 100;
  return getTask(ctx.db, row.id)?.progress ?? row.progress;
}

/**
 * An attempt whose work crashed (not a refusal of its input: those fail at once). The task is
 * given back for another attempt, from scratch, until MAX_TASK_ATTEMPTS; then it fails with the cause.
 */
export function retryOrFailCrashed(ctx: AppContext, runnerId: string, row: TaskRow, err: unknown): void {
  if (!ctx.db.open) return;
  if (row.attempts < MAX_TASK_ATTEMPTS) {
    releaseLeases(ctx.db, runnerId, row.id);
    return;
  }
  void completeTask(ctx, runnerId, row, crashOutcome(ctx, row, err)).catch((e: unknown) =>
    ctx.log.error('task could not be failed', { task_id: row.id, error: String(e) }),
  );
}

/**
 * The failure a person sees when rendering crashed for good: a clear reason and the request id.
 * The raw error (ffmpeg's text, scratch paths) is logged with that id, never shown (issue 35).
 */
export function crashOutcome(
  ctx: AppContext,
  row: Pick<TaskRow, 'id' | 'request_id' | 'attempts'>,
  err: unknown,
): { status: 'failed'; code: string; message: string; failReason: string } {
  const detail = err instanceof Error ? err.message : String(err);
  ctx.log.error('task rendering failed for good', {
    task_id: row.id,
    request_id: row.request_id,
    attempts: row.attempts,
    error: detail.slice(0, 2000),
  });
  return {
    status: 'failed',
    code: 'render_failed',
    message: `Rendering the result failed ${row.attempts} times on an internal error. Create the task again; if it keeps failing, report request id ${row.request_id} (task ${row.id}).`,
    failReason: `Rendering failed on an internal error (request id ${row.request_id}).`,
  };
}

/** A lease holder is `<host>/<pid>/<token>`. */
export function parseHolder(holder: string): { host: string; pid: number } | undefined {
  const m = /^(.*)\/(\d+)\/[A-Za-z0-9]+$/.exec(holder);
  return m ? { host: m[1]!, pid: Number(m[2]) } : undefined;
}

/** Whether a process exists (signal 0 checks without sending anything; EPERM means it exists). */
export function isPidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
