import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseTaskConcurrency } from '../../../config';
import type { AppContext, Worker } from '../../../context';
import { token } from '../../../ids';
import { runAsMediaWork } from '../../../media/ffmpeg-pool';
import {
  claimNextTask,
  leaseHolders,
  nextTaskDeadline,
  releaseLeases,
  renewLeases,
  submitDuePending,
  writeProgress,
  type TaskRow,
} from '../../../store/tasks';
import { removeQuietly } from '../../assets/asset-files';
import { taskKind } from './kinds';
import { askedTaskEnd } from '../../double/outcomes';
import type { TaskDirective } from '../task-kind';
import { completeTask, retryOrFailCrashed, isPidAlive, parseHolder, type Outcome } from './runner-finish';
import { SUBMITTED_MS } from './timing';

/** Real-time bounds of the scheduling loop: responsive at high EMULATOR_SPEED, idle-cheap at rest. */
const MIN_POLL_MS = 20;
const MAX_POLL_MS = 250;
/** A lease outlives a few missed heartbeats; a dead runner's tasks are taken over after it. */
export const LEASE_MS = 15_000;
const HEARTBEAT_MS = 5000;
/** How often a running task's progress is written (real time). */
const PROGRESS_MS = 200;

/**
 * Renders that may run at once (decision 030): `TASK_CONCURRENCY` when set, else one fewer
 * than the cores (the HTTP server and the asset worker need one), at least 2 (most of a task's
 * running time is simulated and idle) and at most 8.
 */
export function taskConcurrency(env: Record<string, string | undefined> = process.env): number {
  return (
    parseTaskConcurrency(env.TASK_CONCURRENCY) ?? Math.max(2, Math.min(8, os.availableParallelism() - 1))
  );
}

/** Runners started in this process, so that start-up recovery never takes a live one's leases. */
const liveRunners = new Set<string>();
/** Running runners by context, so that a new task is picked up at once instead of at the next poll. */
const wakers = new WeakMap<AppContext, () => void>();

/** Called after a task is created. Harmless when no runner runs. */
export function wakeTaskRunner(ctx: AppContext): void {
  wakers.get(ctx)?.();
}

export function taskTempDir(ctx: AppContext): string {
  return path.join(ctx.config.dataDir, 'tmp', 'tasks');
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * The durable task runner (decision 030). Every state lives in SQLite: pending and submitted
 * rows carry the time they may advance, running rows a lease renewed by a heartbeat. A runner that
 * stops gives its leases back; one that dies (kill -9) leaves leases that the next start gives back
 * at once when their process is gone, or that expire. Either way the task runs again from scratch.
 * Claims are fair between API keys and bounded by `concurrency`.
 */
export function createTaskRunner(
  ctx: AppContext,
  opts: { concurrency?: number; kinds?: readonly string[] } = {},
): Worker {
  // loadConfig has validated TASK_CONCURRENCY at start-up; tests that stub the environment after
  // building a config still reach it through taskConcurrency().
  const concurrency = opts.concurrency ?? ctx.config.taskConcurrency ?? taskConcurrency();
  const runnerId = `${os.hostname()}/${process.pid}/${token(10)}`;
  const inFlight = new Map<string, { abort: AbortController; done: Promise<void> }>();
  let timer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let running = false;

  const schedule = (soon = false) => {
    if (!running) return;
    if (timer) clearTimeout(timer);
    let wait = MAX_POLL_MS;
    if (soon) wait = 0;
    else if (inFlight.size < concurrency) {
      const deadline = nextTaskDeadline(ctx.db, opts.kinds);
      if (deadline !== undefined) wait = deadline - Date.now();
    }
    timer = setTimeout(tick, Math.min(MAX_POLL_MS, Math.max(soon ? 0 : MIN_POLL_MS, wait)));
  };

  function tick(): void {
    timer = undefined;
    if (!running) return;
    try {
      const now = Date.now();
      submitDuePending(ctx.db, now, now + ctx.scaled(SUBMITTED_MS));
      while (inFlight.size < concurrency) {
        const row = claimNextTask(ctx.db, runnerId, Date.now(), LEASE_MS, opts.kinds);
        if (!row) break;
        // Our own lease expired under a stalled event loop and we claimed the task again: the
        // attempt in flight keeps it (the claim just renewed the lease).
        if (inFlight.has(row.id)) continue;
        startTask(row);
      }
    } catch (err) {
      // A failing tick (disk full, a bad row) must not stop every other task.
      ctx.log.error('task runner tick failed', { error: String(err) });
    }
    schedule();
  }

  function startTask(row: TaskRow): void {
    const abort = new AbortController();
    const done = runTask(row, abort.signal)
      .catch((err: unknown) => {
        if (abort.signal.aborted || !running) return;
        ctx.log.error('task attempt crashed', { task_id: row.id, attempt: row.attempts, error: String(err) });
        retryOrFailCrashed(ctx, runnerId, row, err);
      })
      .finally(() => {
        inFlight.delete(row.id);
        schedule(true);
      });
    inFlight.set(row.id, { abort, done });
  }

  async function runTask(row: TaskRow, signal: AbortSignal): Promise<void> {
    const kind = taskKind(row.kind);
    const runMs = ctx.scaled(row.run_ms);
    const startedMs = row.started_ms ?? Date.now();
    const simFraction = () => (runMs <= 0 ? 1 : Math.min(1, (Date.now() - startedMs) / runMs));
    if (!kind) {
      await completeTask(ctx, runnerId, row, {
        status: 'failed',
        code: 'unsupported_task_kind',
        message: `This server cannot run tasks of kind "${row.kind}". Create the task again on a server that offers it.`,
        failReason: `unknown task kind ${row.kind}`,
      });
      return;
    }
    const directive = askedTaskEnd(ctx, row.id, kind.marked?.(row));
    let workFraction = directive ? 1 : 0;
    const cap = directive ? Math.floor(100 * directive.atFraction) : 99;
    const progress = () => Math.min(cap, Math.floor(100 * Math.min(simFraction(), workFraction)));
    const writer = setInterval(() => writeProgressSafe(row.id, progress()), PROGRESS_MS);
    let outcome: Outcome | undefined;
    try {
      if (directive) {
        await sleep(startedMs + runMs * directive.atFraction - Date.now(), signal);
        outcome = directiveOutcome(directive);
      } else {
        // The key's own work in the ffmpeg pool: a turn among keys, no request deadline (decision 356).
        const result = await runAsMediaWork({ owner: row.owner }, () =>
          kind.perform(ctx, row, {
            signal,
            progress: (f) => {
              if (Number.isFinite(f)) workFraction = Math.max(workFraction, Math.min(1, f));
            },
            tempFile: (ext) => {
              fs.mkdirSync(taskTempDir(ctx), { recursive: true });
              return path.join(taskTempDir(ctx), `${row.id}-${process.hrtime.bigint()}${ext}`);
            },
          }),
        );
        workFraction = 1;
        if (result.status === 'succeeded') {
          // The simulated timeline still applies: a result is never faster than the service would be.
          await sleep(startedMs + runMs - Date.now(), signal);
          if (signal.aborted) await removeQuietly(result.tempFile);
        }
        outcome = result;
      }
    } finally {
      clearInterval(writer);
    }
    if (signal.aborted || !running) return;
    await completeTask(ctx, runnerId, row, outcome);
  }

  function writeProgressSafe(id: string, value: number): void {
    try {
      writeProgress(ctx.db, id, runnerId, value);
    } catch (err) {
      if (running) ctx.log.error('task progress write failed', { task_id: id, error: String(err) });
    }
  }

  /** Gives back leases whose runner is gone: a runner of this process that stopped, or a dead process. */
  function recoverDeadLeases(): void {
    for (const holder of leaseHolders(ctx.db)) {
      const h = parseHolder(holder);
      if (!h || h.host !== os.hostname()) continue;
      const gone = h.pid === process.pid ? !liveRunners.has(holder) : !isPidAlive(h.pid);
      if (gone) {
        const n = releaseLeases(ctx.db, holder);
        if (n > 0) ctx.log.info('resuming tasks of a runner that is gone', { tasks: n });
      }
    }
  }

  return {
    name: opts.kinds ? `task-runner (${opts.kinds.join(', ')})` : 'task-runner',
    start() {
      if (running) return;
      running = true;
      liveRunners.add(runnerId);
      fs.rmSync(taskTempDir(ctx), { recursive: true, force: true });
      recoverDeadLeases();
      wakers.set(ctx, () => schedule(true));
      heartbeat = setInterval(() => {
        try {
          renewLeases(ctx.db, runnerId, Date.now() + LEASE_MS);
        } catch (err) {
          ctx.log.error('task lease renewal failed', { error: String(err) });
        }
      }, HEARTBEAT_MS);
      tick();
    },
    async stop() {
      running = false;
      wakers.delete(ctx);
      if (timer) clearTimeout(timer);
      if (heartbeat) clearInterval(heartbeat);
      timer = heartbeat = undefined;
      const pending = [...inFlight.values()];
      for (const work of pending) work.abort.abort();
      await Promise.allSettled(pending.map((w) => w.done));
      // Unfinished tasks stay `running` without a lease: the next start takes them at once.
      if (ctx.db.open && liveRunners.has(runnerId)) releaseLeases(ctx.db, runnerId);
      liveRunners.delete(runnerId);
    },
  };
}

function directiveOutcome(d: TaskDirective): Outcome {
  return d.status === 'failed'
    ? { status: 'failed', code: d.code, message: d.message, failReason: d.failReason }
    : { status: 'cancelled', code: d.code, message: d.message, failReason: d.failReason };
}
