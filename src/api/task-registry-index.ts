import { isTerminalStatus, normalizeTaskStatus } from '@contract/task';
import type { TrackedTask } from '@/api/task-registry-schema';
import { noteOpenTask } from '@/api/open-task-signal';

function newestFirst(a: TrackedTask, b: TrackedTask): number {
  return b.createdAt - a.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Not known to have ended: the watcher polls it and the navigation may count it. */
function isOpenTask(task: TrackedTask): boolean {
  const last = task.last;
  if (last?.notFound || last?.notFoundAt) return false;
  return last?.status === undefined || !isTerminalStatus(normalizeTaskStatus(last.status));
}

/**
 * The registry's tasks in memory, and the two lists read from them: every task newest first, and
 * the open ones (usually a few among thousands). Both lists are the same array until something
 * they hold changes (useSyncExternalStore needs that), and neither is rebuilt per write: a progress
 * update of a known task is patched into its place when the list is next read, one copy for any
 * number of writes, instead of re-sorting or copying 10k rows per write.
 */
export class TaskIndex {
  private readonly byId = new Map<string, TrackedTask>();
  private sorted: readonly TrackedTask[] = [];
  /** Index of each id in `sorted`, valid while `listDirty` is false. */
  private positions = new Map<string, number>();
  private listDirty = false;
  /** Changes of known tasks not yet copied into `sorted`: applied once, when the list is read. */
  private readonly patches = new Map<string, TrackedTask>();
  private readonly openById = new Map<string, TrackedTask>();
  private openSorted: readonly TrackedTask[] = [];
  private openDirty = false;

  get(id: string): TrackedTask | undefined {
    return this.byId.get(id);
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** The list must be sorted again when next read (a task added or removed). */
  reorder(): void {
    this.listDirty = true;
  }

  /** Whether these tasks all replace known ones without moving (same creation time). */
  inPlace(tasks: readonly TrackedTask[]): boolean {
    return (
      !this.listDirty &&
      tasks.every((t) => this.positions.has(t.id) && this.byId.get(t.id)?.createdAt === t.createdAt)
    );
  }

  /** Sets a record, keeping the open list in step; true when the open list changed. `inPlace`: patch the list. */
  put(task: TrackedTask, inPlace = false): boolean {
    const wasOpen = this.openById.has(task.id);
    this.byId.set(task.id, task);
    if (inPlace) this.patches.set(task.id, task);
    if (isOpenTask(task)) {
      this.openById.set(task.id, task);
      noteOpenTask();
    } else if (wasOpen) this.openById.delete(task.id);
    else return false;
    this.openDirty = true;
    return true;
  }

  /** Removes a record; true when the open list changed. */
  drop(id: string): boolean {
    this.byId.delete(id);
    this.patches.delete(id);
    if (!this.openById.delete(id)) return false;
    this.openDirty = true;
    return true;
  }

  /** Newest first. */
  list(): readonly TrackedTask[] {
    if (this.listDirty) {
      this.sorted = [...this.byId.values()].sort(newestFirst);
      this.positions = new Map(this.sorted.map((t, i) => [t.id, i]));
      this.listDirty = false;
      this.patches.clear();
    } else if (this.patches.size > 0) {
      const next = [...this.sorted];
      for (const [id, t] of this.patches) next[this.positions.get(id)!] = t;
      this.sorted = next;
      this.patches.clear();
    }
    return this.sorted;
  }

  /** The open tasks, newest first. */
  open(): readonly TrackedTask[] {
    if (this.openDirty) {
      this.openSorted = [...this.openById.values()].sort(newestFirst);
      this.openDirty = false;
    }
    return this.openSorted;
  }
}
