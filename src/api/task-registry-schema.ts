import { isRecord } from '@contract/is-record';

/**
 * The shape of a tracked task, and the checks an imported file or a stored record passes before it
 * enters the registry. Hand-written (no zod): the composer imports the registry on its first paint.
 */
export const TRACKED_TASK_KINDS = [
  'video',
  'digital_human_video',
  'digital_human_audio',
  'music',
  'image',
  'resource',
  'unknown',
] as const;
export type TrackedTaskKind = (typeof TRACKED_TASK_KINDS)[number];

/** Where a task entered the registry: created by the composer or a task form, pasted, imported. */
export type TrackedTaskSource = 'composer' | 'task-form' | 'storyboard' | 'batch' | 'pasted' | 'imported';
const SOURCES: readonly string[] = [
  'composer',
  'task-form',
  'storyboard',
  'batch',
  'pasted',
  'imported',
] satisfies TrackedTaskSource[];

/** Created by this dashboard (it watched the task from its creation). */
export const createdHere = (source: TrackedTaskSource): boolean =>
  source === 'composer' || source === 'task-form' || source === 'storyboard' || source === 'batch';

/** What the monitor last saw of the task, so the list can show and filter states without fetching. */
export interface TrackedTaskSnapshot {
  /** The state exactly as the server sent it (normalised only for display). */
  status?: string;
  progress?: number;
  /** When the monitor last saw it (ms). */
  seenAt?: number;
  /** When it reached a terminal state, by the server's completed_at (ms). */
  endedAt?: number;
  /**
   * The server's created_at (ms): elapsed times in the list are measured from it, as in the detail,
   * so the two agree (createdAt is this browser's clock at submit).
   */
  serverCreatedAt?: number;
  /** The server answered 404 for it (another key's task, or an id that never existed). */
  notFound?: boolean;
  /** An image task the image service did not know at this prefix (decision 378): kept, not lost. */
  notFoundAt?: string;
  /**
   * What the usage page counts, kept once the task was seen in a terminal state (it changes no
   * more), so the page reads only the tasks without it (decision 225). Absent in older records.
   */
  usage?: TaskUsageFacts;
}

/** One task's usage facts; `tokens` absent when the answer carried no usage.total_tokens (unknown). */
export interface TaskUsageFacts {
  tokens?: number;
  /** The model the server reported. */
  model?: string;
  /** Billed by the with-video-input rule. */
  withVideo: boolean;
}

export interface TrackedTask {
  id: string;
  kind: TrackedTaskKind;
  model?: string;
  prompt?: string;
  /** ms */
  createdAt: number;
  source: TrackedTaskSource;
  /** The exact body POSTed, for "edit and re-run". */
  request?: Record<string, unknown>;
  /** The connection it was created on ('' = this origin). */
  baseUrl?: string;
  /** The task's callback_url as the server reported it (the webhook inbox view lists these). */
  callbackUrl?: string;
  /** Tasks created together as variations of one request share it (absent in older records). */
  batchId?: string;
  /** A storyboard's shot: its tasks share the run's batchId, and are shots, not variations. */
  storyboard?: TrackedStoryboardShot;
  /** A row of a batch from a table (issue 45): its tasks share the batch's batchId. */
  table?: TrackedTableRow;
  last?: TrackedTaskSnapshot;
}

export interface TrackedTableRow {
  /** The batch's name when the row was sent; absent if it had none. */
  name?: string;
  /** The row's place in the table, from 1. */
  row: number;
}

function parseTableRow(v: unknown): TrackedTableRow | undefined {
  if (!isRecord(v) || typeof v.row !== 'number' || !Number.isInteger(v.row) || v.row < 1) return undefined;
  const name = optString(v.name, 200);
  return { row: v.row, ...(name ? { name } : {}) };
}

export interface TrackedStoryboardShot {
  /** The storyboard's id (its page is /storyboard/<id>). */
  id: string;
  /** Its name when the shot was submitted; absent if it had none. */
  name?: string;
  /** The shot's place in the storyboard, from 1. */
  shot: number;
}

function parseStoryboardShot(v: unknown): TrackedStoryboardShot | undefined {
  if (!isRecord(v) || !isValidTaskId(v.id)) return undefined;
  if (typeof v.shot !== 'number' || !Number.isInteger(v.shot) || v.shot < 1 || v.shot > 9_999)
    return undefined;
  const name = optString(v.name, 200);
  return { id: v.id, shot: v.shot, ...(name ? { name } : {}) };
}

/** Task ids go into URL paths: printable, no slashes or blanks, bounded. */
const TASK_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/;

export function isValidTaskId(id: unknown): id is string {
  return typeof id === 'string' && TASK_ID_PATTERN.test(id);
}

function optString(v: unknown, max: number): string | undefined {
  return typeof v === 'string' && v !== '' ? v.slice(0, max) : undefined;
}

export function taskKindOf(v: unknown): TrackedTaskKind {
  return (TRACKED_TASK_KINDS as readonly unknown[]).includes(v) ? (v as TrackedTaskKind) : 'unknown';
}

function parseUsage(v: unknown): TaskUsageFacts | undefined {
  if (!isRecord(v) || typeof v.withVideo !== 'boolean') return undefined;
  const usage: TaskUsageFacts = { withVideo: v.withVideo };
  if (typeof v.tokens === 'number' && Number.isFinite(v.tokens) && v.tokens >= 0) usage.tokens = v.tokens;
  const model = optString(v.model, 200);
  if (model) usage.model = model;
  return usage;
}

function parseSnapshot(v: unknown): TrackedTaskSnapshot | undefined {
  if (!isRecord(v)) return undefined;
  const snap: TrackedTaskSnapshot = {};
  const status = optString(v.status, 64);
  if (status) snap.status = status;
  if (typeof v.progress === 'number' && Number.isFinite(v.progress)) snap.progress = v.progress;
  if (typeof v.seenAt === 'number' && Number.isFinite(v.seenAt)) snap.seenAt = v.seenAt;
  if (typeof v.endedAt === 'number' && Number.isFinite(v.endedAt)) snap.endedAt = v.endedAt;
  if (typeof v.serverCreatedAt === 'number' && Number.isFinite(v.serverCreatedAt)) {
    snap.serverCreatedAt = v.serverCreatedAt;
  }
  if (v.notFound === true) snap.notFound = true;
  if (typeof v.notFoundAt === 'string') snap.notFoundAt = v.notFoundAt;
  const usage = parseUsage(v.usage);
  if (usage) snap.usage = usage;
  return Object.keys(snap).length > 0 ? snap : undefined;
}

/**
 * A tracked task from untrusted JSON (an imported file, a record written by an older version), or
 * undefined when it has no usable id. Unknown fields are dropped; a bad optional field is dropped
 * rather than failing the whole entry.
 */
export function parseTrackedTask(v: unknown, fallbackSource: TrackedTaskSource): TrackedTask | undefined {
  if (!isRecord(v) || !isValidTaskId(v.id)) return undefined;
  const createdAt =
    typeof v.createdAt === 'number' && Number.isFinite(v.createdAt) && v.createdAt > 0
      ? v.createdAt
      : Date.now();
  const source: TrackedTaskSource = SOURCES.includes(v.source as string)
    ? (v.source as TrackedTaskSource)
    : fallbackSource;
  const task: TrackedTask = { id: v.id, kind: taskKindOf(v.kind), createdAt, source };
  const model = optString(v.model, 200);
  if (model) task.model = model;
  const prompt = optString(v.prompt, 20_000);
  if (prompt) task.prompt = prompt;
  if (isRecord(v.request)) task.request = v.request;
  if (typeof v.baseUrl === 'string') task.baseUrl = v.baseUrl;
  const callbackUrl = optString(v.callbackUrl, 2_000);
  if (callbackUrl) task.callbackUrl = callbackUrl;
  if (isValidTaskId(v.batchId)) task.batchId = v.batchId;
  const storyboard = parseStoryboardShot(v.storyboard);
  if (storyboard) task.storyboard = storyboard;
  const table = parseTableRow(v.table);
  if (table) task.table = table;
  const last = parseSnapshot(v.last);
  if (last) task.last = last;
  return task;
}

export const EXPORT_FORMAT = 'media-studio.tasks';
export const EXPORT_VERSION = 1;

export interface RegistryExport {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  tasks: TrackedTask[];
  /** Which model this browser registered each asset for (asset-models.ts); absent in older files. */
  assetModels?: Record<string, string>;
}

export class RegistryImportError extends Error {
  constructor(readonly reason: 'not-json' | 'wrong-shape') {
    super(reason === 'not-json' ? 'The file is not JSON.' : 'The file is not a list of tasks.');
    this.name = 'RegistryImportError';
  }
}

/**
 * The entries of an export file (and the asset models it carries): our own format, or a bare array of tasks (hand-written lists of
 * ids are welcome: `[{"id":"task_…"}]`). Throws RegistryImportError when it is neither.
 */
export function importEntries(text: string): { tasks: unknown[]; assetModels?: unknown } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new RegistryImportError('not-json');
  }
  if (Array.isArray(data)) return { tasks: data };
  if (isRecord(data) && Array.isArray(data.tasks))
    return { tasks: data.tasks, assetModels: data.assetModels };
  throw new RegistryImportError('wrong-shape');
}
