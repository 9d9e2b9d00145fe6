import { isTerminalStatus, normalizeTaskStatus } from '@contract/task';
import type { TrackedTask } from '@/api/task-registry';

export interface TaskBatch {
  id: string;
  /** In the order they were created (variant 1 first); a storyboard's by shot, retakes after. */
  tasks: TrackedTask[];
  createdAt: number;
  done: number;
  /** The request field the variants differ in, with each task's value; absent if none recorded. */
  varied?: { field: string; values: string[] };
  /**
   * A storyboard run's shots, not variations: every task of the batch records the same storyboard.
   * `shots` counts its distinct shots (a shot run again adds a task, not a shot).
   */
  storyboard?: { id: string; name?: string; shots: number };
  /** A batch from a table (issue 45): one task per row, by row; `rows` counts distinct rows. */
  table?: { name?: string; rows: number };
}

const VARIED_FIELDS = ['model', 'duration', 'resolution', 'ratio', 'prompt'] as const;

function variedField(tasks: readonly TrackedTask[]): TaskBatch['varied'] {
  for (const field of VARIED_FIELDS) {
    const values = tasks.map((task) => {
      const v = task.request?.[field];
      return typeof v === 'string' || typeof v === 'number' ? String(v) : '';
    });
    if (new Set(values).size > 1) return { field, values };
  }
  return undefined;
}

/** The batches among the tracked tasks, newest first: tasks created together as variations. */
export function groupBatches(tasks: readonly TrackedTask[]): TaskBatch[] {
  const byId = new Map<string, TrackedTask[]>();
  for (const task of tasks) {
    if (!task.batchId) continue;
    const list = byId.get(task.batchId) ?? [];
    list.push(task);
    byId.set(task.batchId, list);
  }
  return [...byId.entries()]
    .map(([id, list]): TaskBatch => {
      const byCreation = [...list].sort((a, b) => a.createdAt - b.createdAt);
      const board = storyboardOf(byCreation);
      const table = board ? undefined : tableOf(byCreation);
      const ordered = board
        ? [...byCreation].sort((a, b) => a.storyboard!.shot - b.storyboard!.shot)
        : table
          ? [...byCreation].sort((a, b) => a.table!.row - b.table!.row)
          : byCreation;
      const batch: TaskBatch = {
        id,
        tasks: ordered,
        createdAt: byCreation[0]!.createdAt,
        done: ordered.filter((t) => isTerminalStatus(normalizeTaskStatus(t.last?.status))).length,
      };
      if (board) batch.storyboard = board;
      else if (table) batch.table = table;
      else {
        const varied = variedField(ordered);
        if (varied) batch.varied = varied;
      }
      return batch;
    })
    .sort((a, b) => b.createdAt - a.createdAt);
}

/** The storyboard every task of a batch records (the latest name given), if they all record one. */
function storyboardOf(tasks: readonly TrackedTask[]): TaskBatch['storyboard'] {
  const first = tasks[0]?.storyboard;
  if (!first || !tasks.every((t) => t.storyboard?.id === first.id)) return undefined;
  const name = tasks.findLast((t) => t.storyboard!.name)?.storyboard!.name;
  const shots = new Set(tasks.map((t) => t.storyboard!.shot)).size;
  return { id: first.id, shots, ...(name ? { name } : {}) };
}

/** The table batch every task records (its latest name), if they all are rows of one. */
function tableOf(tasks: readonly TrackedTask[]): TaskBatch['table'] {
  if (!tasks.every((t) => t.table)) return undefined;
  const name = tasks.findLast((t) => t.table!.name)?.table!.name;
  return { rows: new Set(tasks.map((t) => t.table!.row)).size, ...(name ? { name } : {}) };
}

export function compareHref(batch: TaskBatch): string {
  return `/gallery/compare?ids=${batch.tasks.map((t) => encodeURIComponent(t.id)).join(',')}`;
}

/** A task's place in its batch: its variant number and the value its batch varies. */
export interface VariantInfo {
  n: number;
  count: number;
  field?: string;
  value?: string;
}

/** Each batched task's variant, by task id (the gallery's tiles and Compare's columns read it). */
export function variantsByTask(tasks: readonly TrackedTask[]): Map<string, VariantInfo> {
  const out = new Map<string, VariantInfo>();
  for (const batch of groupBatches(tasks)) {
    // A storyboard's shots are not variants of one another.
    if (batch.storyboard) continue;
    batch.tasks.forEach((task, i) => {
      out.set(task.id, {
        // A table's task is told apart by its row (a row sent again keeps its number).
        n: task.table?.row ?? i + 1,
        count: batch.table?.rows ?? batch.tasks.length,
        field: batch.varied?.field,
        value: batch.varied?.values[i] || undefined,
      });
    });
  }
  return out;
}
