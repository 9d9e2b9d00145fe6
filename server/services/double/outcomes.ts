import type { AppContext } from '../../context';
import { readSetting, writeSetting } from '../../store/settings';
import type { TaskDirective } from '../tasks/task-kind';
import { currentDirectives, type AssetOutcome } from './directives';

/**
 * Outcomes asked for through the switch, kept with the thing they decide: a task's failure in the
 * settings table under its id (so a restart keeps it; no new column), an asset's outcome in its
 * `fault` column next to the name-based ones (LOCAL_API.md, `reject`, `review-fail`).
 */

const taskKey = (taskId: string) => `double:task:${taskId}`;

/** Called as a task is created: remembers the failure the request's directives ask for. */
export function rememberTaskOutcome(ctx: AppContext, taskId: string): void {
  const fail = currentDirectives().taskFail;
  if (!fail) return;
  const directive: TaskDirective = {
    status: 'failed',
    atFraction: 0.5,
    code: fail.code,
    message: fail.message ?? `The task failed with ${fail.code} (asked for by X-Local-Double task-fail).`,
    failReason: fail.failReason ?? fail.message ?? fail.code,
  };
  writeSetting(ctx.db, taskKey(taskId), JSON.stringify(directive));
}

/** The failure remembered for a task, if any; the runner prefers it to the kind's own directive. */
export function rememberedTaskOutcome(ctx: AppContext, taskId: string): TaskDirective | undefined {
  const text = readSetting(ctx.db, taskKey(taskId));
  return text ? (JSON.parse(text) as TaskDirective) : undefined;
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
