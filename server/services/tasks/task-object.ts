import type { AppContext } from '../../context';
import { ApiError } from '../../errors';
import { getTaskForOwner, type TaskRow } from '../../store/tasks';
import { toUnixSeconds } from '../unix-time';
import { fileUrl } from '../assets/asset-files';
import { taskKind } from './runner/kinds';
import type { BaseTaskObject } from './task-kind';
import { quoted } from '@contract/quoted';

const seconds = (ms: number | null) => (ms === null ? null : toUnixSeconds(ms));

/**
 * The task object (docs: shared interfaces) of any kind, with result URLs built from `origin`: the
 * caller's for GET and POST, the creating request's for webhooks. The result URL appears only once
 * the task succeeded (specification, Task states rule 1).
 */
export type TaskObject = Record<string, unknown>;

export function toTaskObject(row: TaskRow, origin: string): TaskObject {
  const failed = row.status === 'failed' || row.status === 'cancelled';
  const base: BaseTaskObject = {
    object: 'task',
    id: row.id,
    task_id: row.id,
    kind: row.kind,
    model: row.model,
    status: row.status,
    progress: row.progress,
    callback_url: row.callback_url,
    usage: { total_tokens: row.total_tokens },
    error: failed && row.error_code ? { code: row.error_code, message: row.error_message ?? '' } : null,
    fail_reason: failed ? row.fail_reason : null,
    created_at: toUnixSeconds(row.created_ms),
    updated_at: toUnixSeconds(row.updated_ms),
    started_at: seconds(row.started_ms),
    completed_at: seconds(row.completed_ms),
    request_id: row.request_id,
    trace_id: row.trace_id,
  };
  const resultUrl =
    row.status === 'succeeded' && row.result_path ? fileUrl(origin, row.result_path) : undefined;
  return taskKind(row.kind)?.present(row, base, resultUrl) ?? { ...base };
}

/** The caller's task as its object; another key's task is not-found exactly like a missing one. */
export function findTask(ctx: AppContext, owner: string, taskId: string, origin: string): TaskObject {
  const row = getTaskForOwner(ctx.db, owner, taskId);
  if (!row || taskKind(row.kind)?.internal) {
    throw new ApiError(
      404,
      `Task ${quoted(taskId)} was not found. Check the task_id (it looks like task_…) and that you use the API key that created it.`,
      { code: 'task_not_found', param: 'task_id' },
    );
  }
  return toTaskObject(row, origin);
}
