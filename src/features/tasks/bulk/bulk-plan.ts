import { isActiveStatus, normalizeTaskStatus } from '@contract/task';
import type { TrackedTask, TrackedTaskSource } from '@/api/task-registry-schema';
import type { TaskRequest } from '@/lib/form/submit-tasks';

/**
 * What the monitor's bulk actions do, apart from their screen: which rows a Shift-click selects,
 * and the requests a re-run sends (decision 440).
 */

/** The ids from `anchor` to `target` in the list's order, both included; only `target` if the anchor is gone. */
export function selectRange(order: readonly string[], anchor: string | undefined, target: string): string[] {
  const to = order.indexOf(target);
  const from = anchor === undefined ? -1 : order.indexOf(anchor);
  if (to === -1) return [];
  if (from === -1) return [target];
  return order.slice(Math.min(from, to), Math.max(from, to) + 1);
}

/** One change applied to every re-run request; an empty field changes nothing. */
export interface RerunEdit {
  duration?: number;
  model?: string;
  promptSuffix?: string;
}

export interface RerunPlan {
  requests: (TaskRequest & {
    source: TrackedTaskSource;
    path: string;
    storyboard?: TrackedTask['storyboard'];
  })[];
  /** Tasks that cannot be sent again: no recorded body (pasted, imported by id), or a kind no form makes. */
  skipped: TrackedTask[];
}

/** The kinds the dashboard creates, by where they are POSTed (image and resource tasks are API-only). */
const PATH_OF_KIND: Partial<Record<TrackedTask['kind'], string>> = {
  video: '/v1/videos',
  digital_human_video: '/v1/tasks',
  digital_human_audio: '/v1/tasks',
  music: '/v1/tasks',
};

/**
 * The exact bodies to POST again, each with the edit applied. Re-runs of several tasks are one new
 * batch (compared together); a storyboard shot stays a retake of its storyboard run.
 */
export function planRerun(
  tasks: readonly TrackedTask[],
  edit: RerunEdit,
  newBatchId: () => string,
): RerunPlan {
  const plan: RerunPlan = { requests: [], skipped: [] };
  const batchId = tasks.length > 1 ? newBatchId() : undefined;
  for (const task of tasks) {
    const path = PATH_OF_KIND[task.kind];
    if (!task.request || !path) {
      plan.skipped.push(task);
      continue;
    }
    const body: Record<string, unknown> = { ...task.request };
    if (edit.model) body.model = edit.model;
    if (edit.duration !== undefined && task.kind === 'video') body.duration = edit.duration;
    const suffix = edit.promptSuffix?.trim();
    if (suffix && typeof body.prompt === 'string') body.prompt = `${body.prompt} ${suffix}`;
    const prompt = typeof body.prompt === 'string' ? body.prompt : task.prompt;
    const source: TrackedTaskSource =
      task.source === 'storyboard' || task.source === 'task-form' || task.source === 'composer'
        ? task.source
        : task.kind === 'video'
          ? 'composer'
          : 'task-form';
    plan.requests.push({
      body,
      kind: task.kind,
      model: typeof body.model === 'string' ? body.model : task.model,
      prompt,
      path,
      source,
      ...(task.storyboard
        ? { storyboard: task.storyboard, ...(task.batchId ? { batchId: task.batchId } : {}) }
        : batchId
          ? { batchId }
          : {}),
    });
  }
  return plan;
}

export function isFailed(task: TrackedTask): boolean {
  return normalizeTaskStatus(task.last?.status) === 'failed';
}

/** Still running as far as the monitor knows (the API has no way to stop it). */
export function isActive(task: TrackedTask): boolean {
  if (task.last?.notFound) return false;
  return task.last?.status === undefined || isActiveStatus(normalizeTaskStatus(task.last.status));
}
