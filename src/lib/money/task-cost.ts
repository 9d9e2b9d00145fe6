import { estimateVideoTokens } from '@contract/usage';
import { hasVideoInput } from '@contract/video-rules';
import { isRecord } from '@contract/is-record';
import type { TrackedTask } from '@/api/task-registry-schema';
import { addCost, costOf, priceFor, ZERO, type CostInput, type MoneyTotal, type PriceBook } from './prices';

/** Ended without a result, in the specification's spellings (lower-cased). */
const NO_RESULT = new Set(['failed', 'failure', 'cancelled', 'canceled', 'expired']);

/** A task state (any case, any spelling the specification allows) that ended without a result. */
export function endedWithoutResult(status: string | undefined): boolean {
  return status !== undefined && NO_RESULT.has(status.trim().toLowerCase());
}

/**
 * What a request about to be sent is priced by: a video body's tokens are the local estimate
 * (contract/usage.ts) under its billing rule; other kinds' tokens are known only once they ran.
 */
export function requestCostInput(request: { kind: string; model?: string; body: object }): CostInput {
  const model = request.model ?? (isRecord(request.body) ? String(request.body.model ?? '') : '');
  if (request.kind !== 'video') return { model, kind: request.kind };
  return {
    model,
    kind: 'video',
    withVideo: hasVideoInput(request.body),
    tokens: estimateVideoTokens(request.body as Parameters<typeof estimateVideoTokens>[0]),
  };
}

/**
 * A tracked task's cost input: the usage the server reported once it ended (decision 225), else
 * the estimate of the body sent. `estimated` says the figure is not the reported one. A task that
 * ended without a result is priced only by what the specification bills (decision 510): the video
 * line's reported tokens under its rule; no estimate, no per-task price, no other kind.
 */
function trackedCostInput(
  task: TrackedTask,
): { input: CostInput; estimated: boolean; tokensOnly?: boolean } | undefined {
  const usage = task.last?.usage;
  const isVideo = task.kind === 'video';
  if (endedWithoutResult(task.last?.status)) {
    if (!isVideo || usage?.tokens === undefined) return undefined;
    return {
      input: {
        model: usage.model || task.model,
        kind: 'video',
        withVideo: usage.withVideo,
        tokens: usage.tokens,
      },
      estimated: false,
      tokensOnly: true,
    };
  }
  if (usage) {
    return {
      input: {
        model: usage.model || task.model,
        kind: task.kind,
        withVideo: isVideo ? usage.withVideo : undefined,
        tokens: usage.tokens,
      },
      estimated: false,
    };
  }
  if (!task.request) return { input: { model: task.model, kind: task.kind }, estimated: true };
  return {
    input: requestCostInput({ kind: task.kind, model: task.model, body: task.request }),
    estimated: true,
  };
}

function costOfFacts(
  book: PriceBook,
  facts: { input: CostInput; tokensOnly?: boolean } | undefined,
): number | undefined {
  if (!facts) return undefined;
  if (facts.tokensOnly && priceFor(book, facts.input)?.unit !== 'per1kTokens') return undefined;
  return costOf(book, facts.input);
}

export function trackedTaskCost(
  book: PriceBook,
  task: TrackedTask,
): { amount: number; estimated: boolean } | undefined {
  const facts = trackedCostInput(task);
  const amount = costOfFacts(book, facts);
  return amount === undefined ? undefined : { amount, estimated: facts!.estimated };
}

/** The money of the tasks created on the local day of `now`: what a day cap compares against. */
export function spentOnDay(book: PriceBook, tasks: readonly TrackedTask[], now = Date.now()): MoneyTotal {
  const start = new Date(now);
  start.setHours(0, 0, 0, 0);
  const from = start.getTime();
  const to = from + 86_400_000;
  let total = ZERO;
  for (const task of tasks) {
    if (task.createdAt < from || task.createdAt >= to) continue;
    const facts = trackedCostInput(task);
    // A failed task priced per task is not spent, not "unpriced": the price does not bill it.
    if (!facts || (facts.tokensOnly && priceFor(book, facts.input)?.unit === 'perTask')) continue;
    total = addCost(total, costOfFacts(book, facts));
  }
  return total;
}

/** What going over a cap asks, with the figures. */
export interface CapBreach {
  currency: string;
  estimate: MoneyTotal;
  run?: { cap: number };
  day?: { cap: number; spent: number };
}

/** A breach when the run's estimate is above the run cap, or today's spend plus it above the day cap. */
export function checkCaps(
  book: PriceBook,
  estimate: MoneyTotal,
  spentToday: MoneyTotal,
): CapBreach | undefined {
  const run = book.runCap !== undefined && estimate.amount > book.runCap ? { cap: book.runCap } : undefined;
  const day =
    book.dayCap !== undefined && spentToday.amount + estimate.amount > book.dayCap
      ? { cap: book.dayCap, spent: spentToday.amount }
      : undefined;
  return run || day
    ? { currency: book.currency, estimate, ...(run ? { run } : {}), ...(day ? { day } : {}) }
    : undefined;
}
