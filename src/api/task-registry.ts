import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  importEntries,
  parseTrackedTask,
  type RegistryExport,
  type TrackedTask,
  type TrackedTaskSnapshot,
} from '@/api/task-registry-schema';
import type { AssetModelMemory } from '@/api/asset-models';
import type { RegistryBackend } from '@/api/task-registry-storage';
import { RegistryBroadcast, type RegistryMessage } from '@/api/task-registry-broadcast';
import { TaskIndex } from '@/api/task-registry-index';

export type {
  TrackedStoryboardShot,
  TrackedTableRow,
  TrackedTask,
  TrackedTaskKind,
  TrackedTaskSnapshot,
} from '@/api/task-registry-schema';
export {
  isValidTaskId,
  RegistryImportError,
  TRACKED_TASK_KINDS,
  taskKindOf,
} from '@/api/task-registry-schema';

/**
 * The tasks this dashboard knows about: the API has no task list, so the dashboard keeps its own.
 * Reads are synchronous from memory; each change is written to the backend (IndexedDB, one record
 * per task) in a batch scheduled at once, and announced to other tabs of the same origin (within a
 * frame, task-registry-broadcast.ts).
 */
export interface ImportResult {
  added: number;
  alreadyTracked: number;
  invalid: number;
  /** Assets whose model the file told this browser for the first time. */
  assetModels: number;
}

export interface RegistryStatus {
  hydrated: boolean;
  persistence: RegistryBackend['kind'];
  /** The last write failed (quota, private mode): changes last only as long as this tab. */
  writeFailed: boolean;
}

const CHANNEL_NAME = 'media-studio.tasks';

function sameSnapshot(a: TrackedTaskSnapshot | undefined, b: TrackedTaskSnapshot): boolean {
  return (
    a?.status === b.status &&
    a?.progress === b.progress &&
    a?.notFound === b.notFound &&
    a?.notFoundAt === b.notFoundAt &&
    // Usage is stored once, the first time the task is seen terminal (older records lack it).
    (b.usage === undefined || a?.usage !== undefined) &&
    (b.serverCreatedAt === undefined || a?.serverCreatedAt === b.serverCreatedAt)
  );
}

export class TaskRegistry {
  private readonly tasks = new TaskIndex();
  private readonly listeners = new Set<() => void>();
  private readonly openListeners = new Set<() => void>();
  private readonly taskListeners = new Map<string, Set<() => void>>();
  private readonly pending = new Map<string, TrackedTask | null>();
  /** Ids forgotten in this tab: a view that merely shows one must not bring it back. */
  private readonly forgotten = new Set<string>();
  private flushScheduled = false;
  private flushing: Promise<void> = Promise.resolve();
  private status: RegistryStatus;
  private readonly channel: RegistryBroadcast | undefined;
  /** Exported and imported with the tasks: which model each asset was registered for. */
  private readonly assetModels: AssetModelMemory | undefined;
  readonly ready: Promise<void>;

  constructor(
    private readonly backend: RegistryBackend,
    options: { broadcast?: boolean; assetModels?: AssetModelMemory } = {},
  ) {
    this.assetModels = options.assetModels;
    this.status = { hydrated: false, persistence: backend.kind, writeFailed: false };
    this.channel =
      options.broadcast && typeof BroadcastChannel !== 'undefined'
        ? new RegistryBroadcast(CHANNEL_NAME, (m) => this.applyRemote(m))
        : undefined;
    this.ready = this.hydrate();
  }

  private async hydrate(): Promise<void> {
    let stored: unknown[] = [];
    try {
      stored = await this.backend.loadAll();
    } catch {
      this.status = { ...this.status, writeFailed: true };
    }
    const ids: string[] = [];
    for (const raw of stored) {
      const task = parseTrackedTask(raw, 'imported');
      // Whatever happened in this tab before the stored list arrived is newer than the stored list.
      if (task && !this.tasks.has(task.id) && !this.pending.has(task.id)) {
        this.tasks.put(task);
        ids.push(task.id);
      }
    }
    this.status = { ...this.status, hydrated: true };
    this.changed(true, ids, true);
  }

  /** Every change (the whole list's readers: the Tasks page, the gallery). */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Changes of open tasks only (`open()`): a write to one of 10,000 finished tasks is not one. */
  subscribeOpen = (listener: () => void): (() => void) => {
    this.openListeners.add(listener);
    return () => this.openListeners.delete(listener);
  };

  /** Changes of one task only. */
  subscribeTask = (id: string, listener: () => void): (() => void) => {
    const set = this.taskListeners.get(id) ?? new Set();
    set.add(listener);
    this.taskListeners.set(id, set);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.taskListeners.get(id) === set) this.taskListeners.delete(id);
    };
  };

  private changed(reorder: boolean, ids: Iterable<string>, openChanged: boolean) {
    if (reorder) this.tasks.reorder();
    for (const id of ids) for (const l of this.taskListeners.get(id) ?? []) l();
    if (openChanged) for (const l of this.openListeners) l();
    for (const l of this.listeners) l();
  }

  /** Newest first; the same array until something changes (useSyncExternalStore needs that). */
  list = (): readonly TrackedTask[] => this.tasks.list();

  /** The open tasks, newest first; the same array until one of them changes, starts or ends. */
  open = (): readonly TrackedTask[] => this.tasks.open();

  get = (id: string): TrackedTask | undefined => this.tasks.get(id);

  getStatus = (): RegistryStatus => this.status;

  private schedule(id: string, task: TrackedTask | null) {
    this.pending.set(id, task);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    queueMicrotask(() => {
      this.flushScheduled = false;
      void this.flushNow();
    });
  }

  /**
   * Hands the pending changes to the backend now, in the task that made them, not after the last
   * write has finished: a write that waited its turn in JavaScript was lost to a reload made just
   * after a change (a forgotten task came back). IndexedDB itself runs read-write transactions on
   * one store in the order they were created, so the writes still land in order.
   */
  private flushNow(): Promise<void> {
    if (this.pending.size === 0) return this.flushing;
    const batch = [...this.pending];
    this.pending.clear();
    const upserts = batch.flatMap(([, t]) => (t ? [t] : []));
    const deletes = batch.flatMap(([id, t]) => (t ? [] : [id]));
    const written = this.backend.write(upserts, deletes).catch(() => {
      this.status = { ...this.status, writeFailed: true };
      for (const l of this.listeners) l();
    });
    this.flushing = Promise.all([this.flushing, written]).then(() => undefined);
    return this.flushing;
  }

  /** Resolves once every change made so far is in the backend. */
  async flush(): Promise<void> {
    await Promise.resolve();
    await this.flushNow();
  }

  private store(tasks: TrackedTask[], broadcast: boolean) {
    // A progress update of a known task keeps its place (TaskIndex patches it in).
    const inPlace = this.tasks.inPlace(tasks);
    let openChanged = false;
    for (const t of tasks) {
      if (this.tasks.put(t, inPlace)) openChanged = true;
      this.schedule(t.id, t);
    }
    if (broadcast) for (const t of tasks) this.channel?.tell(t.id, t);
    this.changed(
      !inPlace,
      tasks.map((t) => t.id),
      openChanged,
    );
  }

  /**
   * Adds or replaces a task; fields the new record leaves out are kept from the known one, and a
   * task created here stays created here (its request is what "edit and re-run" needs).
   */
  track = (task: TrackedTask): void => {
    const known = this.tasks.get(task.id);
    const merged: TrackedTask = known ? { ...known, ...stripUndefined(task) } : task;
    if (known?.source === 'composer') merged.source = 'composer';
    this.forgotten.delete(task.id);
    this.store([merged], true);
  };

  /**
   * Tracks a task a view came across (an opened id), unless it is already tracked or was forgotten
   * in this tab: opening a task adds it, showing one the person just forgot does not.
   */
  adopt = (task: TrackedTask): boolean => {
    if (this.tasks.has(task.id) || this.forgotten.has(task.id)) return false;
    this.store([task], true);
    return true;
  };

  /** Puts forgotten tasks back exactly as they were (Undo). */
  restore = (tasks: readonly TrackedTask[]): void => {
    const fresh = tasks.filter((t) => !this.tasks.has(t.id));
    for (const t of fresh) this.forgotten.delete(t.id);
    if (fresh.length > 0) this.store(fresh, true);
  };

  /**
   * Remembers what the monitor last saw; writes only when the state or progress moved. A usage
   * kept from a terminal state stays (decision 225): a later snapshot without one (the key lost
   * access, a 404) must not turn a counted task into an unknown one on /usage.
   */
  recordSnapshot = (id: string, snapshot: TrackedTaskSnapshot): void => {
    const known = this.tasks.get(id);
    if (!known || sameSnapshot(known.last, snapshot)) return;
    const usage = snapshot.usage ?? known.last?.usage;
    this.store(
      [
        {
          ...known,
          last: { ...stripUndefined({ ...snapshot, usage }), seenAt: snapshot.seenAt ?? Date.now() },
        },
      ],
      true,
    );
  };

  /** Forgets tasks; returns the records removed, for an Undo. */
  untrack = (ids: string | string[]): TrackedTask[] => {
    const removed = (Array.isArray(ids) ? ids : [ids]).flatMap((id) => this.tasks.get(id) ?? []);
    if (removed.length === 0) return removed;
    let openChanged = false;
    for (const { id } of removed) {
      if (this.tasks.drop(id)) openChanged = true;
      this.forgotten.add(id);
      this.schedule(id, null);
    }
    const gone = removed.map((t) => t.id);
    for (const id of gone) this.channel?.tell(id, null);
    this.changed(true, gone, openChanged);
    return removed;
  };

  exportJson = (ids?: readonly string[]): string => {
    const tasks = ids ? ids.flatMap((id) => this.tasks.get(id) ?? []) : [...this.list()];
    const data: RegistryExport = {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exportedAt: new Date().toISOString(),
      tasks,
      ...(this.assetModels ? { assetModels: { ...this.assetModels.snapshot() } } : {}),
    };
    return JSON.stringify(data, null, 2);
  };

  /** Merges an export file: new ids are added; a task already tracked keeps what this tab knows. */
  importJson = (text: string): ImportResult => {
    const result: ImportResult = { added: 0, alreadyTracked: 0, invalid: 0, assetModels: 0 };
    const fresh = new Map<string, TrackedTask>();
    const { tasks, assetModels } = importEntries(text);
    if (this.assetModels && assetModels !== undefined)
      result.assetModels = this.assetModels.merge(assetModels);
    for (const entry of tasks) {
      const task = parseTrackedTask(entry, 'imported');
      if (!task) result.invalid += 1;
      else if (this.tasks.has(task.id) || fresh.has(task.id)) result.alreadyTracked += 1;
      else fresh.set(task.id, task);
    }
    result.added = fresh.size;
    if (fresh.size > 0) this.store([...fresh.values()], true);
    return result;
  };

  private applyRemote(message: RegistryMessage) {
    const ids: string[] = [];
    let openChanged = false;
    if ('upsert' in message) {
      for (const raw of message.upsert) {
        const task = parseTrackedTask(raw, 'imported');
        if (!task) continue;
        if (this.tasks.put(task)) openChanged = true;
        ids.push(task.id);
      }
    } else {
      for (const id of message.remove) {
        if (this.tasks.drop(id)) openChanged = true;
        ids.push(id);
      }
    }
    this.changed(true, ids, openChanged);
  }

  dispose() {
    this.channel?.close();
    this.listeners.clear();
    this.openListeners.clear();
    this.taskListeners.clear();
  }
}

function stripUndefined<T extends object>(v: T): T {
  return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as T;
}
