import type { AppContext } from '../../context';
import { readSetting, writeSetting } from '../../store/settings';
import type { MarkedText, TaskDirective } from '../tasks/task-kind';
import { currentDirectives, type AssetOutcome, type Directives } from './directives';
import { assetMarkerDirectives, markerDirectives } from './markers';

/**
 * Outcomes asked for through the switch or the markers, kept with the thing they decide: a task's
 * failure in the settings table under its id (so a restart keeps it; no new column), an asset's
 * outcome in its `fault` column.
 */

const taskKey = (taskId: string) => `double:task:${taskId}`;

/** How the directives end a task, if they ask for an end: the header's and the markers' alike. */
function taskEndOf(d: Directives): TaskDirective | undefined {
  if (d.taskFail) {
    const fail = d.taskFail;
    return {
      status: 'failed',
      atFraction: d.taskEndAt ?? 0.5,
      code: fail.code,
      message: fail.message ?? `The task failed with ${fail.code} (asked for by X-Local-Double task-fail).`,
      failReason: fail.failReason ?? fail.message ?? fail.code,
    };
  }
  if (d.taskCancel) {
    return { status: 'cancelled', atFraction: d.taskEndAt ?? 0.3, code: 'task_cancelled', ...d.taskCancel };
  }
  return undefined;
}

/** Called as a task is created: remembers the end the request's directives ask for. */
export function rememberTaskOutcome(ctx: AppContext, taskId: string): void {
  const end = taskEndOf(currentDirectives());
  if (end) writeSetting(ctx.db, taskKey(taskId), JSON.stringify(end));
}

/**
 * The end asked for a task, checked by the runner before any work starts: the one remembered from
 * its creating request's directives, else what the markers in its text ask for (decision 400).
 */
export function askedTaskEnd(
  ctx: AppContext,
  taskId: string,
  marked: MarkedText | undefined,
): TaskDirective | undefined {
  const text = readSetting(ctx.db, taskKey(taskId));
  if (text) return JSON.parse(text) as TaskDirective;
  return taskEndOf(markerDirectives(marked));
}

export interface DoubleAssetFault {
  outcome: AssetOutcome;
  syncError?: string;
}

/**
 * How an asset registered now ends, as its `fault` column keeps it, and the pace of its lifecycle:
 * the outcome the request's directives ask for, else the one the markers in its source name ask
 * for (LOCAL_API.md: `reject`, `review-fail`, `slow`; decision 400).
 */
export function assetOutcome(source: string): { fault: `double:${string}` | null; pace: number } {
  const asked = currentDirectives();
  const marked = assetMarkerDirectives(source);
  const d = asked.asset ? asked : marked;
  const fault: DoubleAssetFault | undefined = d.asset
    ? { outcome: d.asset, ...(d.syncError ? { syncError: d.syncError } : {}) }
    : undefined;
  return { fault: fault ? `double:${JSON.stringify(fault)}` : null, pace: marked.assetPace ?? 1 };
}

/** `fault` values of rows written before the name markers became directives. */
const LEGACY_FAULTS: Record<string, DoubleAssetFault> = {
  reject: { outcome: 'prep-failed' },
  'review-fail': { outcome: 'review-failed' },
};

export function parseDoubleFault(fault: string): DoubleAssetFault | undefined {
  if (Object.hasOwn(LEGACY_FAULTS, fault)) return LEGACY_FAULTS[fault];
  if (!fault.startsWith('double:')) return undefined;
  try {
    return JSON.parse(fault.slice('double:'.length)) as DoubleAssetFault;
  } catch {
    return undefined;
  }
}
