import { RESULT_URL_ORDER, resolveResultUrl } from '@contract/task';
import { isRecord } from '@contract/is-record';
import type { Directives, ResultPlace } from './directives';

/**
 * The specification's other answer forms (decision 290), applied to what this server would have
 * answered: upper-case states, `task_id` without `id`, the result URL at any of the six places,
 * `asset_type`/`asset_ref`, no `model` on assets. Pure: a JSON value in, a JSON value out.
 */

/** The upper-case spellings of the specification; `cancelled` has none, so it keeps its own. */
const UPPER: Record<string, string> = {
  pending: 'SUBMITTED',
  submitted: 'QUEUED',
  running: 'IN_PROGRESS',
  succeeded: 'SUCCESS',
  failed: 'FAILURE',
};
const LOWER: Record<string, string> = {
  SUBMITTED: 'pending',
  QUEUED: 'submitted',
  IN_PROGRESS: 'running',
  SUCCESS: 'succeeded',
  FAILURE: 'failed',
};

export function hasAnswerForms(d: Directives): boolean {
  return Boolean(d.states || d.taskIds || d.result || d.assetNames || d.assetModel);
}

function removeUrl(task: Record<string, unknown>, place: ResultPlace, url: string): void {
  const [head, tail] = place.split('.') as [string, string | undefined];
  if (!tail) {
    if (task[head] === url) delete task[head];
    return;
  }
  const holder = task[head];
  if (isRecord(holder) && holder[tail] === url) delete holder[tail];
}

function putUrl(task: Record<string, unknown>, place: ResultPlace, url: string): void {
  const [head, tail] = place.split('.') as [string, string | undefined];
  if (!tail) task[head] = url;
  else task[head] = { ...(isRecord(task[head]) ? task[head] : {}), [tail]: url };
}

function taskForm(input: Record<string, unknown>, d: Directives): Record<string, unknown> {
  // Nested holders are copied before they are changed: the input may be shared.
  const task: Record<string, unknown> = { ...input };
  for (const k of ['data', 'output', 'metadata']) if (isRecord(task[k])) task[k] = { ...task[k] };
  const status = task.status;
  if (typeof status === 'string') {
    if (d.states === 'upper') task.status = UPPER[status] ?? status;
    if (d.states === 'lower') task.status = LOWER[status] ?? status;
  }
  if (d.taskIds === 'task_id') {
    task.task_id ??= task.id;
    delete task.id;
  }
  const url = d.result ? resolveResultUrl(input) : undefined;
  if (url && d.result) {
    for (const place of RESULT_URL_ORDER) removeUrl(task, place, url);
    for (const place of d.result) putUrl(task, place, url);
  }
  return task;
}

function assetForm(input: Record<string, unknown>, d: Directives): Record<string, unknown> {
  const asset: Record<string, unknown> = { ...input };
  if (d.assetNames === 'alt') {
    if ('type' in asset) asset.asset_type = asset.type;
    if ('reference' in asset) asset.asset_ref = asset.reference;
    delete asset.type;
    delete asset.reference;
  }
  if (d.assetModel === 'omit') delete asset.model;
  return asset;
}

function isTask(v: Record<string, unknown>): boolean {
  return v.object === 'task' || (typeof v.task_id === 'string' && 'status' in v && v.object === undefined);
}

/** One answer in the forms the directives ask for; anything that is not a task or asset passes. */
export function applyAnswerForms(body: unknown, d: Directives): unknown {
  if (!isRecord(body)) return body;
  if (body.object === 'list' && Array.isArray(body.data)) {
    return { ...body, data: body.data.map((item) => applyAnswerForms(item, d)) };
  }
  if (isTask(body)) return taskForm(body, d);
  if (body.object === 'asset') return assetForm(body, d);
  return body;
}
