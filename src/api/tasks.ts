import { queryOptions, type Query } from '@tanstack/react-query';
import { isVideoModel } from '@contract/models';
import { inferTaskKind } from '@contract/task-kind';
import {
  isActiveStatus,
  isTerminalStatus,
  LenientTaskSchema,
  normalizeTaskStatus,
  type LenientTask,
} from '@contract/task';
import { apiRequest, isApiRequestError } from '@/api/api-client';
import { getConnection } from '@/api/connection-store';
import { registerAssetByUrl } from '@/api/assets';
import { nextPollDelay, observe, updatePollMemory, type PollMemory } from '@/api/task-poll-policy';
import type { TaskRegistry } from '@/api/task-registry';
import { createdHere } from '@/api/task-registry-schema';
import { taskUsageFacts } from '@/api/task-usage';

export type Task = LenientTask & {
  kind?: string;
  progress?: number;
  prompt?: string;
  callback_url?: string | null;
  started_at?: number | null;
  completed_at?: number | null;
  usage?: Record<string, unknown>;
  /**
   * The ids of the poll that brought this answer (response headers), beside the task's own
   * `request_id`/`trace_id` (those of the creating request, where the server keeps them).
   */
  poll?: { request_id?: string; trace_id?: string };
};

export const taskKeys = {
  all: () => ['tasks'] as const,
  details: () => ['tasks', 'detail'] as const,
  detail: (id: string) => ['tasks', 'detail', id] as const,
  webhooks: (id: string) => ['tasks', 'webhooks', id] as const,
};

export function isTaskNotFound(error: unknown): boolean {
  return isApiRequestError(error) && error.status === 404;
}

/** A task finished while the monitor watched it (for toasts and notifications). */
export interface TaskFinishedEvent {
  task: Task;
  status: 'succeeded' | 'failed' | 'cancelled';
}
const finishedListeners = new Set<(e: TaskFinishedEvent) => void>();

/**
 * Ends seen while nothing listened: the watcher that announces them loads after the first page has
 * settled (decision 180), and a task created there (or open in its detail) may end before. The
 * first listener hears them; older than UNHEARD_MAX_AGE_MS they are no longer news.
 */
const unheard: { at: number; event: TaskFinishedEvent }[] = [];
const UNHEARD_MAX = 50;
const UNHEARD_MAX_AGE_MS = 60_000;

export function onTaskFinished(listener: (e: TaskFinishedEvent) => void): () => void {
  finishedListeners.add(listener);
  const since = Date.now() - UNHEARD_MAX_AGE_MS;
  for (const { at, event } of unheard.splice(0)) if (at >= since) listener(event);
  return () => finishedListeners.delete(listener);
}

function announce(event: TaskFinishedEvent) {
  if (finishedListeners.size === 0) {
    unheard.push({ at: Date.now(), event });
    if (unheard.length > UNHEARD_MAX) unheard.shift();
    return;
  }
  for (const l of finishedListeners) l(event);
}

/**
 * Records what was seen in the registry, and announces a task that went from waiting or running to
 * a terminal state. A task first seen already finished (pasted, imported) is not news; one the
 * composer or a task form just created is, even when it finished before its first poll.
 */
function noteSeen(registry: TaskRegistry, task: Task) {
  const tracked = registry.get(task.id);
  if (!tracked) return;
  const before = tracked.last?.status;
  const wasWatched =
    before === undefined ? createdHere(tracked.source) : !isTerminalStatus(normalizeTaskStatus(before));
  const terminal = isTerminalStatus(normalizeTaskStatus(task.status));
  const ended = task.completed_at ?? (terminal ? task.updated_at : undefined);
  registry.recordSnapshot(task.id, {
    status: task.status,
    progress: task.progress,
    endedAt: typeof ended === 'number' ? ended * 1000 : undefined,
    serverCreatedAt: typeof task.created_at === 'number' ? task.created_at * 1000 : undefined,
    // A finished task changes no more: what usage counts is kept so the page need not read it again.
    usage: terminal ? taskUsageFacts(tracked.request, task) : undefined,
  });
  const now = normalizeTaskStatus(task.status);
  if (wasWatched && (now === 'succeeded' || now === 'failed' || now === 'cancelled')) {
    announce({ task, status: now });
  }
}

const ofType = <T>(v: unknown, type: 'string' | 'number'): T | undefined =>
  typeof v === type && (type === 'string' || Number.isFinite(v)) ? (v as T) : undefined;

/**
 * A task as any deployment sends it, made safe to show: the fields only the local server adds
 * (`kind`, `prompt`, `usage`, timestamps…) are dropped when of an odd type instead of breaking the
 * page, and `kind` is inferred (model, then shape) where the deployment sends none. Everything
 * else passes through untouched for the raw JSON view.
 */
export function parseTask(data: unknown): Task {
  const task = LenientTaskSchema.parse(data) as Task;
  const usage = task.usage;
  return {
    ...task,
    kind: inferTaskKind(task),
    progress: ofType(task.progress, 'number'),
    prompt: ofType(task.prompt, 'string'),
    callback_url: ofType(task.callback_url, 'string'),
    started_at: ofType(task.started_at, 'number'),
    completed_at: ofType(task.completed_at, 'number'),
    usage: typeof usage === 'object' && usage !== null && !Array.isArray(usage) ? usage : undefined,
  };
}

/**
 * Where a task is read: an image task at the image service's query (the specification's
 * `/<image-service-prefix>/task/{id}/fetch`, the connection's prefix: decision 378), every other at
 * GET /v1/tasks/{id}.
 */
function taskPath(id: string, registry: TaskRegistry, imagePrefix: string): string {
  const enc = encodeURIComponent(id);
  return registry.get(id)?.kind === 'image' ? `${imagePrefix}/task/${enc}/fetch` : `/v1/tasks/${enc}`;
}

/**
 * The image service's 404: most often the wrong prefix in Settings rather than a task that is gone,
 * so it names the prefix asked and the task is kept (decision 378).
 */
export function imagePrefixNotFound(error: unknown): string | undefined {
  return isTaskNotFound(error) ? (error as { imagePrefix?: string }).imagePrefix : undefined;
}

/** Reads a task and records what was seen in `registry` (the one the monitor lists). */
export async function fetchTask(id: string, registry: TaskRegistry, signal?: AbortSignal): Promise<Task> {
  let task: Task;
  const { imagePrefix } = getConnection();
  try {
    let poll: Task['poll'];
    const onResponseIds = (ids: { requestId?: string; traceId?: string }) => {
      poll = { request_id: ids.requestId, trace_id: ids.traceId };
    };
    task = await apiRequest(taskPath(id, registry, imagePrefix), { signal, onResponseIds }, parseTask);
    if (poll?.request_id || poll?.trace_id) task = { ...task, poll };
  } catch (error) {
    const tracked = registry.get(id);
    if (isTaskNotFound(error) && tracked?.kind === 'image') {
      // Not lost: the list says where it was asked, and a corrected prefix finds it again.
      Object.assign(error as object, { imagePrefix });
      registry.recordSnapshot(id, { ...tracked.last, notFound: undefined, notFoundAt: imagePrefix });
    } else if (isTaskNotFound(error) && tracked) {
      // Remembered so the list stops polling it (and says so); opening it asks the server again.
      registry.recordSnapshot(id, { notFound: true });
    }
    throw error;
  }
  noteSeen(registry, task);
  return task;
}

interface PollState {
  memory: PollMemory;
  /** The answer `memory` last took in (-1 forces the next one in, after "check again"). */
  dataUpdatedAt: number;
}
const pollStates = new WeakMap<object, PollState>();

type TaskQuery = Pick<Query<Task, Error>, 'state'>;

/** The memory of one query's polls, fed each new successful answer once. */
function pollMemoryOf(query: TaskQuery, now: number, trackedSince?: number): PollMemory | undefined {
  const { data, dataUpdatedAt } = query.state;
  if (!data) return undefined;
  let state = pollStates.get(query);
  if (!state || state.dataUpdatedAt !== dataUpdatedAt) {
    const memory = updatePollMemory(state?.memory, data, dataUpdatedAt || now, trackedSince);
    state = { memory, dataUpdatedAt };
    pollStates.set(query, state);
  }
  return state.memory;
}

/** Makes an unknown state polled again for a full window ("check again"). */
export function resetUnknownPatience(query: TaskQuery) {
  const state = pollStates.get(query);
  if (state) state.memory = { ...state.memory, unknownSince: undefined };
  pollStates.set(query, { memory: state?.memory ?? { createdAt: Date.now() }, dataUpdatedAt: -1 });
}

/** Whether the policy still polls this task (false: terminal, not found, or unknown too long). */
export function isStillPolled(query: TaskQuery, now = Date.now()): boolean {
  return taskRefetchInterval(query, now, () => 0.5) !== false;
}

/**
 * React Query's refetchInterval for a task: the policy of task-poll-policy.ts, fed from query state.
 * `trackedSince`: the registry's createdAt, the age to go by when the server sends no timestamps.
 */
export function taskRefetchInterval(
  query: TaskQuery,
  now = Date.now(),
  random = Math.random,
  trackedSince?: number,
): number | false {
  const { data, error, fetchFailureCount } = query.state;
  if (isTaskNotFound(error)) return false;
  const retryAfterMs = isApiRequestError(error) ? error.retryAfterMs : undefined;
  const hidden = typeof document !== 'undefined' && document.visibilityState === 'hidden';
  const memory = pollMemoryOf(query, now, trackedSince);
  if (!data || !memory) {
    // Never answered yet (the retries of the first fetch failed): keep trying, with backoff.
    return error
      ? nextPollDelay(
          { status: 'pending', createdAt: now },
          { now, random, retryAfterMs, hidden, consecutiveErrors: fetchFailureCount },
        )
      : false;
  }
  const consecutiveErrors = error ? fetchFailureCount : 0;
  return nextPollDelay(observe(data, memory), { now, random, retryAfterMs, hidden, consecutiveErrors });
}

const scheduled = new WeakMap<object, { stamp: string; delay: number | false }>();

/**
 * The policy's delay, computed once per answer (or failure) of the query. React Query restarts an
 * observer's timer whenever refetchInterval returns a different number, and it asks again at every
 * re-render of the observer's component (options set anew): with the jitter and a moving `now`, each
 * re-render pushed the next poll back, and a poller re-rendering on every progress update of 200
 * tasks starved them all. The same answer now always gets the same delay.
 */
export function stableRefetchInterval(
  query: TaskQuery & object,
  compute: (query: TaskQuery) => number | false = (q) => taskRefetchInterval(q),
): number | false {
  const { dataUpdatedAt, errorUpdatedAt, fetchFailureCount } = query.state;
  const hidden = typeof document !== 'undefined' && document.visibilityState === 'hidden';
  const stamp = `${dataUpdatedAt}:${errorUpdatedAt}:${fetchFailureCount}:${hidden}`;
  const known = scheduled.get(query);
  if (known?.stamp === stamp) return known.delay;
  const delay = compute(query);
  scheduled.set(query, { stamp, delay });
  return delay;
}

/**
 * Every task is read by GET /v1/tasks/{id}; the local server answers the same for videos.
 * `inBackground`: keep polling a hidden tab (only when browser notifications are on; the policy
 * then waits at least HIDDEN_MIN_DELAY_MS between polls).
 */
export function taskQueryOptions(
  id: string,
  registry: TaskRegistry,
  { inBackground = false }: { inBackground?: boolean } = {},
) {
  return queryOptions({
    queryKey: taskKeys.detail(id),
    queryFn: ({ signal }) => fetchTask(id, registry, signal),
    refetchInterval: (query) =>
      stableRefetchInterval(query, (q) =>
        taskRefetchInterval(q, Date.now(), Math.random, registry.get(id)?.createdAt),
      ),
    // A hidden tab does not poll (unless asked); coming back catches up at once (refetchOnWindowFocus + staleTime 0).
    refetchIntervalInBackground: inBackground,
    refetchOnWindowFocus: true,
    staleTime: (query) => (isActiveOrUnknown(query.state.data) ? 0 : Infinity),
  });
}

function isActiveOrUnknown(task: Task | undefined): boolean {
  if (!task) return true;
  const status = normalizeTaskStatus(task.status);
  return isActiveStatus(status) || status === 'unknown';
}

/** One webhook delivery of a task and its attempts (GET /v1/tasks/{id}/webhooks; times in ms). */
export interface WebhookDelivery {
  id: string;
  type?: string;
  url?: string;
  /** pending | delivered | failed */
  status?: string;
  attempt_count?: number;
  max_attempts?: number;
  next_attempt_at?: number | null;
  last_status_code?: number | null;
  last_error?: string | null;
  created_at?: number;
  completed_at?: number | null;
  attempts?: WebhookAttempt[];
}

export interface WebhookAttempt {
  number?: number;
  started_at?: number;
  duration_ms?: number;
  outcome?: string;
  status_code?: number | null;
  error?: string | null;
  next_retry_at?: number | null;
}

/** The delivery log of a task's webhook, or null where the server keeps none (deployments). */
export async function fetchTaskWebhooks(id: string, signal?: AbortSignal): Promise<WebhookDelivery[] | null> {
  try {
    const data = await apiRequest<unknown>(`/v1/tasks/${encodeURIComponent(id)}/webhooks`, { signal });
    if (typeof data === 'object' && data !== null && Array.isArray((data as { data?: unknown }).data)) {
      return (data as { data: unknown[] }).data.filter(
        (d): d is WebhookDelivery =>
          typeof d === 'object' && d !== null && typeof (d as WebhookDelivery).id === 'string',
      );
    }
    return null;
  } catch (error) {
    // Absent on deployments (and servers) that do not offer it: not an error to show.
    if (isApiRequestError(error) && (error.status === 404 || error.status === 405)) return null;
    throw error;
  }
}

/**
 * Re-read every 5 s while a delivery is still pending (retries run on the server). The delivery is
 * written when the task ends, so the task's end (`ended`) is part of the key: a log first read
 * while the task ran is read again once it has ended.
 */
export function taskWebhooksQueryOptions(id: string, enabled: boolean, ended = false) {
  return queryOptions({
    queryKey: [...taskKeys.webhooks(id), { ended }] as const,
    queryFn: ({ signal }) => fetchTaskWebhooks(id, signal),
    enabled,
    retry: false,
    refetchInterval: (query) => (query.state.data?.some((d) => d.status === 'pending') ? 5_000 : false),
    refetchIntervalInBackground: false,
  });
}

/** The asset type of a result, from the task kind and, failing that, the file extension. */
export function resultMediaType(task: Pick<Task, 'kind'>, url: string): 'video' | 'audio' | 'image' {
  if (task.kind === 'image' || task.kind === 'resource') return 'image';
  if (task.kind === 'digital_human_audio' || task.kind === 'music') return 'audio';
  if (task.kind === 'video' || task.kind === 'digital_human_video') return 'video';
  return /\.(mp3|wav|m4a|aac|ogg|flac|opus)(\?|#|$)/i.test(url) ? 'audio' : 'video';
}

/**
 * Registers a result URL as an asset with `mode: both`, so that the service keeps a stored copy
 * (result URLs may expire). The model is passed only when it is a video model an asset can be
 * prepared for.
 */
export function saveResultAsAsset(task: Task, url: string, name: string) {
  return registerAssetByUrl({
    url,
    mode: 'both',
    type: resultMediaType(task, url),
    model: isVideoModel(task.model) ? task.model : undefined,
    name,
  });
}
