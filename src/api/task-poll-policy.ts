import { isActiveStatus, isTerminalStatus, normalizeTaskStatus } from '../../contract/task';

/**
 * When to ask for a task again: a pure function of what the poller has seen, shared by the
 * dashboard (React Query's refetchInterval) and bench/polling.bench.ts (a Node loop), so that the
 * figures measure the code people run. decision 046.
 *
 * - Terminal state: never again.
 * - Waiting (pending, submitted, no estimate yet): every 2 s at first, then three quarters of the
 *   task's age, at most every 15 s. A long queue costs a request per 15 s.
 * - Running with progress: the rate so far gives the time left (a whole-number progress is read as
 *   the middle of its step: servers floor it); the next poll comes after 70 % of it (1-12 s).
 *   Within 4 s of the predicted end, the next poll aims 150 ms past it, however close that is. If
 *   the task is still running then (the end was mispredicted, or the result is being stored), it is
 *   asked again 0.5 s later, then 1, 2, 4 s… (missedEnds): a near miss costs half a second, a task
 *   stuck at 99 % a request per 15 s. The end of a task whose progress tells the truth is noticed
 *   about a third of a second late; one that ends early (a failure mid-run) within one interval
 *   (src/api/task-polling-lateness.test.ts holds the policy to these figures).
 * - Unknown state: shown raw and polled like a waiting task for UNKNOWN_STATE_WINDOW_MS, then
 *   stopped (the page offers "check again").
 * - Failed polls back off exponentially (network down, 5xx); a Retry-After is a floor.
 * - ±20 % jitter on every delay but the final approach, so 200 tasks created together do not
 *   poll in lockstep.
 */
export const MIN_DELAY_MS = 1_000;
/** A task that has not started yet is not about to end: no need to ask every second. */
export const MIN_WAITING_DELAY_MS = 2_000;
export const MAX_DELAY_MS = 15_000;
export const WAITING_AGE_FACTOR = 0.75;
export const REMAINING_FACTOR = 0.7;
/** Within this much of the predicted end, the next poll aims just past it instead of closing in. */
export const CLOSE_TO_END_MS = 4_000;
export const AIM_PAST_END_MS = 150;
/**
 * The longest wait between polls of a running task: an end its progress does not announce (a
 * failure mid-run) is noticed within this, 6 s late on average.
 */
export const MAX_RUNNING_DELAY_MS = 12_000;
/** The least wait of an aimed poll: it may come that soon when the end is that near. */
export const APPROACH_MIN_DELAY_MS = 250;
/** After an aimed poll found the task still running: this, doubling with each further miss. */
export const MISSED_END_RETRY_MS = 500;
export const JITTER = 0.2;
export const MAX_ERROR_DELAY_MS = 60_000;
export const UNKNOWN_STATE_WINDOW_MS = 5 * 60_000;
/**
 * A hidden tab polls only when browser notifications are on, and then at most this often per task:
 * enough for the notification to arrive, not enough to spend the person's quota in the background.
 */
export const HIDDEN_MIN_DELAY_MS = 30_000;
/** Below this much progress or run time, the rate is too noisy to predict the end. */
const MIN_PROGRESS_FOR_ESTIMATE = 3;
const MIN_RUN_MS_FOR_ESTIMATE = 1_000;
const MIN_SAMPLE_SPAN_MS = 3_000;

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
  /**
   * The first progress this poller saw, on its own clock (ms precision). Once enough time and
   * progress have passed since, the rate from it beats the server's whole-second timestamps.
   */
  firstSample?: { at: number; progress: number };
  /** ms; when the poller first saw a state it does not know. */
  unknownSince?: number;
  /** Polls in a row aimed at the predicted end that found the task still running. */
  missedEnds?: number;
}

export interface PollContext {
  now: number;
  /** Polls that failed in a row since the last success. */
  consecutiveErrors?: number;
  retryAfterMs?: number;
  /** The tab is hidden (it polls at all only when notifications are on): HIDDEN_MIN_DELAY_MS floor. */
  hidden?: boolean;
  /** Math.random by default; tests pass a fixed value. */
  random?: () => number;
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}

/** Time left by the progress rate since `progressOrigin`, or undefined when it cannot be told. */
export function estimateRemainingMs(obs: PollObservation, now: number): number | undefined {
  const { progress, firstSample } = obs;
  if (progress === undefined || !Number.isFinite(progress)) return undefined;
  if (progress >= 100) return 0;
  // A whole number is most likely floored by the server: the truth lies anywhere in its step.
  const at = Number.isInteger(progress) ? progress + 0.5 : progress;
  const fromSample =
    firstSample &&
    now - firstSample.at >= MIN_SAMPLE_SPAN_MS &&
    progress - firstSample.progress >= MIN_PROGRESS_FOR_ESTIMATE;
  const origin = fromSample ? firstSample : obs.progressOrigin;
  if (!origin) return undefined;
  const gained = progress - origin.progress;
  const ran = now - origin.at;
  if (progress < MIN_PROGRESS_FOR_ESTIMATE || gained <= 0 || ran < MIN_RUN_MS_FOR_ESTIMATE) return undefined;
  return ((100 - at) * ran) / gained;
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

  const random = ctx.random ?? Math.random;
  const jitter = () => 1 - JITTER + 2 * JITTER * random();
  const age = Math.max(0, ctx.now - obs.createdAt);
  const remaining = status === 'unknown' ? undefined : estimateRemainingMs(obs, ctx.now);
  let delay: number;
  if (remaining === undefined)
    delay = clamp(age * WAITING_AGE_FACTOR, MIN_WAITING_DELAY_MS, MAX_DELAY_MS) * jitter();
  // Close to the end, ends are spread by the tasks themselves: aim just past it, no jitter.
  else if (remaining <= CLOSE_TO_END_MS) {
    const missed = obs.missedEnds ?? 0;
    const floor =
      missed === 0 ? APPROACH_MIN_DELAY_MS : Math.min(MAX_DELAY_MS, MISSED_END_RETRY_MS * 2 ** (missed - 1));
    delay = Math.max(floor, remaining + AIM_PAST_END_MS);
  } else delay = clamp(remaining * REMAINING_FACTOR, MIN_DELAY_MS, MAX_RUNNING_DELAY_MS) * jitter();

  const errors = ctx.consecutiveErrors ?? 0;
  if (errors > 0) {
    const backoff = Math.min(MAX_ERROR_DELAY_MS, MIN_DELAY_MS * 2 ** errors);
    delay = Math.max(delay, backoff * jitter());
  }
  if (ctx.retryAfterMs !== undefined) delay = Math.max(delay, ctx.retryAfterMs);
  if (ctx.hidden) delay = Math.max(delay, HIDDEN_MIN_DELAY_MS);
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
  firstSample?: { at: number; progress: number };
  unknownSince?: number;
  /** ms: the end the last answer predicted, when the poll after it was aimed at that end. */
  aimedAt?: number;
  missedEnds?: number;
}

export function updatePollMemory(
  memory: PollMemory | undefined,
  task: PolledTaskFields,
  now: number,
  trackedSince?: number,
): PollMemory {
  // `trackedSince` (when this browser submitted or tracked it, on our clock) bounds the age from
  // below: an answer without timestamps does not make a task tracked for hours look brand new,
  // which polled each such task every 2 s after every page load (bench/RESULTS.md, decision 630).
  const seen = now - serverSpanMs(task.created_at, task.updated_at);
  const next: PollMemory = memory
    ? { ...memory }
    : { createdAt: trackedSince !== undefined && trackedSince < seen ? trackedSince : seen };
  const status = normalizeTaskStatus(task.status);
  next.unknownSince = status === 'unknown' ? (next.unknownSince ?? now) : undefined;
  if (!next.firstSample && typeof task.progress === 'number' && status === 'running') {
    next.firstSample = { at: now, progress: task.progress };
  }
  if (!next.progressOrigin && typeof task.progress === 'number' && status === 'running') {
    const { started_at: started, updated_at: updated } = task;
    // Run time by the server's own clock (updated - started), placed on ours: a skewed clock
    // between browser and server cannot distort the estimate.
    next.progressOrigin =
      serverSpanMs(started, updated) > 0
        ? { at: now - serverSpanMs(started, updated), progress: 0 }
        : { at: now, progress: task.progress };
  }
  if (isActiveStatus(status)) {
    // Still running at (or after) the end the last answer aimed at: a missed end.
    next.missedEnds = next.aimedAt !== undefined && now >= next.aimedAt ? (next.missedEnds ?? 0) + 1 : 0;
    const remaining = estimateRemainingMs(observe(task, next), now);
    next.aimedAt = remaining !== undefined && remaining <= CLOSE_TO_END_MS ? now + remaining : undefined;
  } else {
    next.missedEnds = undefined;
    next.aimedAt = undefined;
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
    firstSample: memory.firstSample,
    unknownSince: memory.unknownSince,
    missedEnds: memory.missedEnds,
  };
}
