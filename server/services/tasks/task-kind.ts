import type { AppContext } from '../../context';
import type { TaskRow } from '../../store/tasks';

/** A task's text field that may hold the markers, and how messages name it and its work. */
export interface MarkedText {
  text: string;
  /** The field, as messages name it: `prompt`, `name`, `text`. */
  field: string;
  /** The work, as messages name it: `Music generation`. */
  work: string;
  /** What removing `[fail]` gets: `a video` (default `a result`). */
  result?: string;
}

/**
 * A task's end decided by its request instead of by real work: the local double's directives
 * (`X-Local-Double: task-fail=…`, or `[fail]` and `[cancel]` in a prompt).
 */
export interface TaskDirective {
  status: 'failed' | 'cancelled';
  /** Share of the simulated running time after which the task ends (0..1). */
  atFraction: number;
  code: string;
  message: string;
  failReason: string;
}

/** What a kind's real work hands back to the runner. */
export type PerformOutcome =
  | { status: 'succeeded'; tempFile: string; fileName: string }
  | { status: 'failed'; code: string; message: string; failReason: string };

export interface PerformTools {
  /** Aborted when the runner stops (shutdown): the task is resumed later, from scratch. */
  signal: AbortSignal;
  /** Real progress of the work, 0..1; the runner combines it with the simulated timeline. */
  progress(fraction: number): void;
  /** A fresh temp path under DATA_DIR/tmp/tasks (removed at the next start if left behind). */
  tempFile(ext: string): string;
}

/** The fields every kind's task object shares (docs/shared interfaces: the task object). */
export interface BaseTaskObject {
  object: 'task';
  id: string;
  task_id: string;
  kind: string;
  model: string;
  status: string;
  progress: number;
  callback_url: string | null;
  usage: { total_tokens: number };
  error: { code: string; message: string } | null;
  fail_reason: string | null;
  created_at: number;
  updated_at: number;
  started_at: number | null;
  completed_at: number | null;
  request_id: string;
  trace_id: string;
}

/**
 * One kind of task the durable runner can run (video here; digital-human and music plug in the
 * same way: issue 7). The runner owns states, leases, timing, progress, storing the result and the
 * webhook; a kind only performs the work and presents its object.
 */
export interface TaskKind {
  kind: string;
  /**
   * A job of this server's own endpoints (a storyboard assembly), run by the runner for its lease,
   * restart recovery and fair share but not an API task: GET /v1/tasks/{id} does not find it.
   */
  internal?: boolean;
  /**
   * Records the terminal state beside the task (the kind's own table), inside the transaction that
   * writes it, so neither is ever seen without the other.
   */
  settled?(ctx: AppContext, row: TaskRow): void;
  /** The text whose `[fail]` and `[cancel]` markers end the task (the local double's; decision 400). */
  marked?(row: TaskRow): MarkedText;
  perform(ctx: AppContext, row: TaskRow, tools: PerformTools): Promise<PerformOutcome>;
  /** The object GET /v1/tasks/{id} returns, from the shared base; `resultUrl` is set on success. */
  present(row: TaskRow, base: BaseTaskObject, resultUrl: string | undefined): Record<string, unknown>;
}
