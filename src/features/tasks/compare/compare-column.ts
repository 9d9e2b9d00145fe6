import type { TrackedTask } from '@/api/task-registry';
import type { Task } from '@/api/tasks';

export const COMPARE_MODES = ['side', 'wipe', 'difference', 'sweep'] as const;
export type CompareMode = (typeof COMPARE_MODES)[number];

export interface CompareColumn {
  task: TrackedTask;
  data: Task | undefined;
  /** "Variant 2 · Duration 10 s", or "Result 2" outside a batch. */
  heading: string;
  /** The varied value alone ("10 s"), for the sweep grid's axis. */
  value?: string;
  /** The varied value as a number, where it is one: the sweep grid is laid out by it. */
  order?: number;
}
