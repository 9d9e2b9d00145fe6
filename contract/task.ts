import * as z from 'zod/mini';
import { isRecord } from './is-record';

/** The task states of the specification, lower case. */
export const TASK_STATUSES = ['pending', 'submitted', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Upper-case states some tasks report (music in the local server). */
export const UPPER_TASK_STATUSES = ['SUBMITTED', 'QUEUED', 'IN_PROGRESS', 'SUCCESS', 'FAILURE'] as const;

/** A normalised state; `unknown` keeps a state no one has seen visible instead of guessing. */
export type NormalizedTaskStatus = TaskStatus | 'unknown';

/**
 * Only the spellings the specification shows (Task states): its six lower-case states, the
 * upper-case `SUBMITTED`, `QUEUED` (waiting), `IN_PROGRESS` (processing), `SUCCESS`, `FAILURE`, and
 * `canceled`. Nothing is guessed: `completed`, `error`, `processing`… stay `unknown`, so a state no
 * one has seen is shown as it is instead of being read as success or failure.
 */
const STATUS_MAP: Record<string, TaskStatus> = {
  pending: 'pending',
  submitted: 'submitted',
  queued: 'submitted',
  running: 'running',
  in_progress: 'running',
  succeeded: 'succeeded',
  success: 'succeeded',
  failed: 'failed',
  failure: 'failed',
  cancelled: 'cancelled',
  canceled: 'cancelled',
};

/**
 * Maps the specification's spellings, in any letter case and with surrounding blanks (`SUCCESS`,
 * `IN_PROGRESS`, `canceled`…), to its states. Anything else, including non-strings, is `unknown`:
 * never throws.
 */
export function normalizeTaskStatus(raw: unknown): NormalizedTaskStatus {
  if (typeof raw !== 'string') return 'unknown';
  const key = raw.trim().toLowerCase();
  return Object.hasOwn(STATUS_MAP, key) ? STATUS_MAP[key]! : 'unknown';
}

export function isTerminalStatus(status: NormalizedTaskStatus): boolean {
  return status === 'succeeded' || status === 'failed' || status === 'cancelled';
}

/** States in which the specification says to keep polling the same task id (Task states rule 2). */
export function isActiveStatus(status: NormalizedTaskStatus): boolean {
  return status === 'pending' || status === 'submitted' || status === 'running';
}

function nonEmpty(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}

/** The order of the specification (Endpoints, video result). */
export const RESULT_URL_ORDER = [
  'data.video_url',
  'video_url',
  'url',
  'result_url',
  'output.url',
  'metadata.url',
] as const;

function readPath(task: Record<string, unknown>, path: string): unknown {
  let cur: unknown = task;
  for (const part of path.split('.')) {
    if (!isRecord(cur)) return undefined;
    cur = cur[part];
  }
  return cur;
}

/**
 * The final result URL: the first present of `data.video_url`, `video_url`, `url`, `result_url`,
 * `output.url`, `metadata.url`, read only when the task has succeeded (Task states rule 1).
 */
export function resolveResultUrl(task: unknown): string | undefined {
  if (!isRecord(task) || normalizeTaskStatus(task.status) !== 'succeeded') return undefined;
  for (const path of RESULT_URL_ORDER) {
    const url = nonEmpty(readPath(task, path));
    if (url) return url;
  }
  return undefined;
}

/** `id` or `task_id`, whichever the deployment sent. */
export function taskIdOf(task: unknown): string | undefined {
  if (!isRecord(task)) return undefined;
  const inner = isRecord(task.data) ? task.data : undefined;
  // A creation answer's shape is not shown: the id may also come wrapped in `data`.
  return nonEmpty(task.id) ?? nonEmpty(task.task_id) ?? nonEmpty(inner?.id) ?? nonEmpty(inner?.task_id);
}

/** Failure fields of a failed task (Task states rule 3), whichever are present. */
export function taskFailure(task: unknown): { code?: string; message?: string; failReason?: string } {
  if (!isRecord(task)) return {};
  const err = isRecord(task.error) ? task.error : undefined;
  return {
    code: nonEmpty(err?.code) ?? (typeof err?.code === 'number' ? String(err.code) : undefined),
    message: nonEmpty(err?.message) ?? nonEmpty(task.error),
    failReason: nonEmpty(task.fail_reason),
  };
}

const s = z.catch(z.optional(z.string()), undefined);

const InputReferenceSchema = z.looseObject({
  alias: s,
  binding_status: s,
  role: s,
  type: s,
  url: s,
});

const LenientTaskObject = z.looseObject({
  id: z.string(),
  task_id: s,
  object: s,
  model: s,
  status: s,
  progress: z.catch(z.optional(z.number()), undefined),
  url: s,
  video_url: s,
  result_url: s,
  output: z.catch(z.optional(z.looseObject({ url: s })), undefined),
  metadata: z.catch(z.optional(z.looseObject({ url: s })), undefined),
  data: z.catch(z.optional(z.looseObject({ video_url: s })), undefined),
  error: z.catch(
    z.optional(
      z.nullable(
        z.looseObject({
          code: z.catch(z.optional(z.union([z.string(), z.number()])), undefined),
          message: s,
        }),
      ),
    ),
    undefined,
  ),
  fail_reason: s,
  input_references: z.catch(z.optional(z.array(InputReferenceSchema)), undefined),
  has_video_input: z.catch(z.optional(z.boolean()), undefined),
  created_at: z.catch(z.optional(z.number()), undefined),
  updated_at: z.catch(z.optional(z.number()), undefined),
  request_id: s,
  trace_id: s,
});

/**
 * A task from any deployment: the specification shows only some fields, so everything is optional
 * and unknown fields pass through. `id` falls back to `task_id`. `zod/mini`: the browser imports it.
 */
export const LenientTaskSchema = z.pipe(
  z.transform((v: unknown) => {
    if (isRecord(v)) return { ...v, id: taskIdOf(v) };
    return v;
  }),
  LenientTaskObject,
);
export type LenientTask = z.infer<typeof LenientTaskSchema>;

/** The fields LenientTaskSchema knows by name; any other field passes through untouched. */
export const LENIENT_TASK_FIELDS = Object.keys(
  LenientTaskObject.shape,
) as (keyof typeof LenientTaskObject.shape)[];
