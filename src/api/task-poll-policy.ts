import { isTerminalStatus, normalizeTaskStatus } from '../../contract/task';

/**
 * When to ask for a task again: a pure function of what the poller has seen, shared by the
 * dashboard (React Query's refetchInterval) and bench/polling.bench.ts (a Node loop), so that the
 * figures measure the code people run. docs/decisions/046.
 *
 * - Terminal state: never again.
 * - Waiting (pending, submitted, no progress yet): every second at first, then a quarter of the
 *   task's age, at most every 10 s. A queue behind 200 other tasks costs a request per 10 s.
 * - Running with progress: the rate so far gives the time left; the next poll comes after half of
 *   it (at most 10 s, at least 1 s). Polls close in on the expected end geometrically, so the end is
 *   noticed within about a second without polling every second for the whole run.
 * - Unknown state: shown raw and polled like a waiting task for UNKNOWN_STATE_WINDOW_MS, then
 *   stopped (the page offers "check again").
 * - Failed polls back off exponentially (network down, 5xx); a Retry-After is a floor.
 * - ±20 % jitter, so 200 tasks created together do not poll in lockstep.
 */
export const MIN_DELAY_MS = 1_000;
export const MAX_DELAY_MS = 10_000;
export const WAITING_AGE_FACTOR = 0.25;
export const REMAINING_FACTOR = 0.5;
export const JITTER = 0.2;
export const MAX_ERROR_DELAY_MS = 60_000;
export const UNKNOWN_STATE_WINDOW_MS = 5 * 60_000;
/** Below this much progress or run time, the rate is too noisy to predict the end. */
const MIN_PROGRESS_FOR_ESTIMATE = 3;
const MIN_RUN_MS_FOR_ESTIMATE = 1_000;

export interface PollObservation {
  /** The state as the server sent it. */
  status: unknown;
  progress?: number;
  /** ms on the poller's clock: when the task was created (PollMemory.createdAt). */
  createdAt: number;
  /**
   * ms; when progress started being measured: the task's started_at, or when the poller first saw
   * it running, with the progress it had then (0 for started_at).
   */
  progressOrigin?: { at: number; progress: number };
  /** ms; when the poller first saw a state it does not know. */
  unknownSince?: number;
}

export interface PollContext {
  now: number;
  /** Polls that failed in a row since the last success. */
  consecutiveErrors?: number;
  retryAfterMs?: number;
  /** Math.random by default; tests pass a fixed value. */
  random?: () => number;
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}

/** Time left by the progress rate since `progressOrigin`, or undefined when it cannot be told. */
export function estimateRemainingMs(obs: PollObservation, now: number): number | undefined {
  const { progress, progressOrigin } = obs;
  if (progress === undefined || !progressOrigin || !Number.isFinite(progress)) return undefined;
  if (progress >= 100) return 0;
  const gained = progress - progressOrigin.progress;
  const ran = now - progressOrigin.at;
  if (progress < MIN_PROGRESS_FOR_ESTIMATE || gained <= 0 || ran < MIN_RUN_MS_FOR_ESTIMATE) return undefined;
  return ((100 - progress) * ran) / gained;
}

/** The delay before the next poll, in ms, or `false` to stop polling this task. */
export function nextPollDelay(obs: PollObservation, ctx: PollContext): number | false {
  const status = normalizeTaskStatus(obs.status);
  if (isTerminalStatus(status)) return false;
  if (
    status === 'unknown' &&
    obs.unknownSince !== undefined &&
    ctx.now - obs.unknownSince >= UNKNOWN_STATE_WINDOW_MS
  )
    return false;

  const age = Math.max(0, ctx.now - obs.createdAt);
  let delay = clamp(age * WAITING_AGE_FACTOR, MIN_DELAY_MS, MAX_DELAY_MS);
  const remaining = status === 'unknown' ? undefined : estimateRemainingMs(obs, ctx.now);
  if (remaining !== undefined) delay = clamp(remaining * REMAINING_FACTOR, MIN_DELAY_MS, MAX_DELAY_MS);

  const random = ctx.random ?? Math.random;
  delay *= 1 - JITTER + 2 * JITTER * random();

  const errors = ctx.consecutiveErrors ?? 0;
  if (errors > 0) {
    const backoff = Math.min(MAX_ERROR_DELAY_MS, MIN_DELAY_MS * 2 ** errors);
    delay = Math.max(delay, backoff * (1 - JITTER + 2 * JITTER * random()));
  }
  if (ctx.retryAfterMs !== undefined) delay = Math.max(delay, ctx.retryAfterMs);
  return Math.round(delay);
}

/**
 * What the poller remembers between polls of one task: when it first saw it, when progress began,
 * when an unknown state appeared. Fed the task object of each successful poll.
 */
export interface PollMemory {
  /** ms, on our clock: when first seen, less the age the server's own timestamps gave it then. */
  createdAt: number;
  progressOrigin?: { at: number; progress: number };
  unknownSince?: number;
}

export function updatePollMemory(
  memory: PollMemory | undefined,
  task: PolledTaskFields,
  now: number,
): PollMemory {
  const next: PollMemory = memory
    ? { ...memory }
    : { createdAt: now - serverSpanMs(task.created_at, task.updated_at) };
  const status = normalizeTaskStatus(task.status);
  next.unknownSince = status === 'unknown' ? (next.unknownSince ?? now) : undefined;
  if (!next.progressOrigin && typeof task.progress === 'number' && status === 'running') {
    const { started_at: started, updated_at: updated } = task;
    // Run time by the server's own clock (updated - started), placed on ours: a skewed clock
    // between browser and server cannot distort the estimate.
    next.progressOrigin =
      serverSpanMs(started, updated) > 0
        ? { at: now - serverSpanMs(started, updated), progress: 0 }
        : { at: now, progress: task.progress };
  }
  return next;
}

export interface PolledTaskFields {
  status?: unknown;
  progress?: unknown;
  created_at?: unknown;
  started_at?: unknown;
  updated_at?: unknown;
}

/** ms between two unix-second timestamps of the server, 0 when either is missing or they disagree. */
function serverSpanMs(from: unknown, to: unknown): number {
  return typeof from === 'number' && typeof to === 'number' && from > 0 && to >= from
    ? (to - from) * 1000
    : 0;
}

/** The observation the policy reads, from a task object and the poller's memory of it. */
export function observe(task: PolledTaskFields, memory: PollMemory): PollObservation {
  return {
    status: task.status,
    progress: typeof task.progress === 'number' ? task.progress : undefined,
    createdAt: memory.createdAt,
    progressOrigin: memory.progressOrigin,
    unknownSince: memory.unknownSince,
  };
}
