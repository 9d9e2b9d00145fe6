import type { AppContext } from '../../context';
import { readSetting, writeSetting } from '../../store/settings';
import type { MarkedText, TaskDirective } from '../tasks/task-kind';
import { currentDirectives, type AssetOutcome, type Directives } from './directives';
import { markerDirectives } from './markers';

/**
 * Outcomes asked for through the switch, kept with the thing they decide: a task's failure in the
 * settings table under its id (so a restart keeps it; no new column), an asset's outcome in its
 * `fault` column next to the name-based ones (LOCAL_API.md, `reject`, `review-fail`).
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

/** The `fault` column value for an asset registered under the switch, or undefined. */
export function assetFaultFromDirectives(): `double:${string}` | undefined {
  const d = currentDirectives();
  if (!d.asset) return undefined;
  const fault: DoubleAssetFault = { outcome: d.asset, ...(d.syncError ? { syncError: d.syncError } : {}) };
  return `double:${JSON.stringify(fault)}`;
}

export function parseDoubleFault(fault: string): DoubleAssetFault | undefined {
  if (!fault.startsWith('double:')) return undefined;
  try {
    return JSON.parse(fault.slice('double:'.length)) as DoubleAssetFault;
  } catch {
    return undefined;
  }
}
