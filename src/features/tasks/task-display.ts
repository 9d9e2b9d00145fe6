import {
  isActiveStatus,
  isTerminalStatus,
  normalizeTaskStatus,
  resolveResultUrl,
  taskFailure,
  type NormalizedTaskStatus,
} from '@contract/task';
import type { BadgeProps } from '@/components/ui/badge';
import type { TrackedTask } from '@/api/task-registry';
import type { Task } from '@/api/tasks';

export type StateFilter = 'waiting' | 'processing' | 'succeeded' | 'failed' | 'cancelled' | 'unknown';
export const STATE_FILTERS: StateFilter[] = [
  'waiting',
  'processing',
  'succeeded',
  'failed',
  'cancelled',
  'unknown',
];

export interface StatusDisplay {
  status: NormalizedTaskStatus;
  /** The group the state filter uses. */
  group: StateFilter;
  variant: NonNullable<BadgeProps['variant']>;
  /** The server's spelling, shown beside the label when it differs (`IN_PROGRESS`, `canceled`…). */
  raw?: string;
  active: boolean;
  terminal: boolean;
}

const GROUP: Record<NormalizedTaskStatus, StateFilter> = {
  pending: 'waiting',
  submitted: 'waiting',
  running: 'processing',
  succeeded: 'succeeded',
  failed: 'failed',
  cancelled: 'cancelled',
  unknown: 'unknown',
};

const VARIANT: Record<NormalizedTaskStatus, StatusDisplay['variant']> = {
  pending: 'muted',
  submitted: 'secondary',
  running: 'warning',
  succeeded: 'success',
  failed: 'destructive',
  cancelled: 'outline',
  unknown: 'outline',
};

/** How a state is shown: normalised for the label and colour, the raw spelling kept when it differs. */
export function statusDisplay(raw: unknown): StatusDisplay {
  const status = normalizeTaskStatus(raw);
  const rawText =
    typeof raw === 'string' ? raw : raw === undefined || raw === null ? undefined : JSON.stringify(raw);
  return {
    status,
    group: GROUP[status],
    variant: VARIANT[status],
    raw: rawText !== undefined && rawText !== status ? rawText : undefined,
    active: isActiveStatus(status),
    terminal: isTerminalStatus(status),
  };
}

/**
 * A result URL the page may hand to <video>/<a href>: http(s) only. Anything else (javascript:,
 * data:, relative paths, garbage) is shown as text and never rendered as media or a link.
 */
export function safeMediaUrl(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

export type ResultView =
  | { kind: 'none' }
  | { kind: 'media'; media: 'video' | 'audio' | 'image'; url: string }
  | { kind: 'text'; text: string };

/** What the result area shows for a task: playable media, the raw value as text, or nothing. */
export function resultView(task: Task): ResultView {
  const url = resolveResultUrl(task);
  if (url === undefined) return { kind: 'none' };
  const safe = safeMediaUrl(url);
  if (!safe) return { kind: 'text', text: url };
  const path = new URL(safe).pathname;
  // Image and resource tasks make pictures; any other result that is named like one is one too.
  if (task.kind === 'image' || task.kind === 'resource' || /\.(png|jpe?g|webp|gif|avif)$/i.test(path)) {
    return { kind: 'media', media: 'image', url: safe };
  }
  const audio =
    task.kind === 'music' ||
    task.kind === 'digital_human_audio' ||
    /\.(mp3|wav|m4a|aac|ogg|oga|flac|opus)(\?|#|$)/i.test(path);
  return { kind: 'media', media: audio ? 'audio' : 'video', url: safe };
}

/** ms from creation to the end (terminal) or to now (still going). */
export function elapsedMs(
  task: Task | undefined,
  trackedCreatedAt: number | undefined,
  now: number,
): number | undefined {
  const created =
    typeof task?.created_at === 'number'
      ? task.created_at * 1000
      : trackedCreatedAt !== undefined
        ? trackedCreatedAt
        : undefined;
  if (created === undefined) return undefined;
  const terminal = task ? isTerminalStatus(normalizeTaskStatus(task.status)) : false;
  if (terminal) {
    const end = typeof task?.completed_at === 'number' ? task.completed_at : task?.updated_at;
    return typeof end === 'number' ? Math.max(0, end * 1000 - created) : undefined;
  }
  return Math.max(0, now - created);
}

/**
 * The list's elapsed time, from what the poller last saw: measured from the server's created_at
 * when known, as the detail measures it, so the two show the same figure.
 */
export function listElapsedMs(task: TrackedTask, waiting: boolean, now: number): number | undefined {
  const start = task.last?.serverCreatedAt ?? task.createdAt;
  if (waiting) return Math.max(0, now - start);
  return task.last?.endedAt ? Math.max(0, task.last.endedAt - start) : undefined;
}

/** 0:07, 1:05, 1:02:03 */
export function formatElapsed(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return '—';
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export interface FailureField {
  name:
    | 'error.code'
    | 'error.message'
    | 'fail_reason'
    | 'task_id'
    | 'request_id'
    | 'trace_id'
    | 'last_poll.request_id'
    | 'last_poll.trace_id';
  value: string | undefined;
}

/** Every field support needs about a failure (Task states rule 3), in one order, present or not. */
export function failureFields(task: Task): FailureField[] {
  const f = taskFailure(task);
  return [
    { name: 'error.code', value: f.code },
    { name: 'error.message', value: f.message },
    { name: 'fail_reason', value: f.failReason },
    { name: 'task_id', value: task.task_id ?? task.id },
    { name: 'request_id', value: task.request_id },
    { name: 'trace_id', value: task.trace_id },
    // The last poll's own ids, where they differ from the task's: support may need either.
    ...(task.poll?.request_id && task.poll.request_id !== task.request_id
      ? [{ name: 'last_poll.request_id' as const, value: task.poll.request_id }]
      : []),
    ...(task.poll?.trace_id && task.poll.trace_id !== task.trace_id
      ? [{ name: 'last_poll.trace_id' as const, value: task.poll.trace_id }]
      : []),
  ];
}

/** The text "copy all" puts on the clipboard: one `name: value` line per field. */
export function failureText(task: Task): string {
  return failureFields(task)
    .map((f) => `${f.name}: ${f.value ?? '—'}`)
    .join('\n');
}

/**
 * The file name a result downloads as: the task id and its title, so a folder of downloads says
 * which is which (not `video.mp4` ten times).
 */
export function downloadName(task: Task, title: string, url: string): string {
  const ext = /\.([a-z0-9]{1,5})$/i.exec(new URL(url).pathname)?.[1]?.toLowerCase();
  const slug =
    title === task.id
      ? ''
      : title
          .normalize('NFKC')
          .replace(/[^\p{L}\p{N}]+/gu, '-')
          .replace(/^-+|-+$/g, '')
          .slice(0, 60)
          .replace(/-+$/, '');
  return `${task.id}${slug ? `-${slug}` : ''}${ext ? `.${ext}` : ''}`;
}

/** A music task's title before its prompt (in custom mode the prompt is the lyrics), then the rest. */
export function taskHeading(task: Record<string, unknown> & { id: string }): string {
  for (const key of ['title', 'prompt', 'name', 'text']) {
    const value = task[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return task.id;
}

/** Failed and cancelled tasks are not charged: their usage is shown as such, not as a bill. */
export function isUncharged(task: Task): boolean {
  const status = normalizeTaskStatus(task.status);
  return status === 'failed' || status === 'cancelled';
}
