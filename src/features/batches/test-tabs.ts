import { expect, vi } from 'vitest';
import { fromWire, toWire, type BatchEditMessage, type EditsTransport } from './batch-edits-channel';
import { inOrder, type PendingEdit, type PendingEditsStore } from './batch-pending-edits';
import { emptyBatch, type Batch } from './batch-model';
import { BatchRunner, type BatchRunnerDeps, type Watched } from './batch-runner';
import { claimRun, runIfFree } from '@/lib/run-lock';
import { FakeLocks } from '@/test/fake-locks';
import { toRows } from './batch-table';

/**
 * What tabs tell one another (a BroadcastChannel in the browser): every other tab hears it, as the
 * channel carries it (the versioned envelope, checked where it is heard).
 */
export class Bus {
  private readonly tabs = new Set<(data: unknown) => void>();
  /** Every message posted, in order: what a test says was told. */
  readonly said: BatchEditMessage[] = [];

  transport(): EditsTransport & { close(): void } {
    let heard: ((data: unknown) => void) | undefined;
    const self = (data: unknown) => heard?.(data);
    this.tabs.add(self);
    return {
      post: (m) => {
        if (!this.tabs.has(self)) return;
        this.said.push(m);
        this.send(toWire(m), self);
      },
      listen: (hear, other) => {
        heard = (data) => fromWire(data, hear, other);
        return () => (heard = undefined);
      },
      close: () => this.tabs.delete(self),
    };
  }

  /** What a tab of another build posts, as it is on the channel. */
  send(data: unknown, from?: (data: unknown) => void): void {
    queueMicrotask(() => {
      for (const other of this.tabs) if (other !== from) other(structuredClone(data));
    });
  }
}

/** IndexedDB's store of kept edits, as the tabs of one browser share it. */
export class FakePendingEdits implements PendingEditsStore {
  readonly kept = new Map<string, PendingEdit>();
  async put(edit: PendingEdit) {
    this.kept.set(edit.key, structuredClone(edit));
  }
  async remove(keys: readonly string[]) {
    for (const key of keys) this.kept.delete(key);
  }
  async list(id: string) {
    return inOrder([...this.kept.values()].filter((e) => e.id === id).map((e) => structuredClone(e)));
  }
}

/**
 * One tab: its own runner, the browser's shared storage and locks, and what the tabs tell one
 * another (null: nothing, a browser that cannot).
 */
export function tab(
  kept: Map<string, Batch>,
  locks: FakeLocks,
  edits: EditsTransport | null = new Bus().transport(),
  pendingEdits?: PendingEditsStore,
) {
  const watchers = new Map<string, (w: Watched) => void>();
  const leaving = new Set<() => void>();
  const keptChecks = new Set<() => Promise<void>>();
  let next = 0;
  const name = Math.random().toString(36).slice(2, 6);
  const deps = {
    body: () => ({ model: 'video-2.0-cl', prompt: 'x' }),
    create: vi.fn(async () => ({ id: `task_${name}_${++next}` })),
    findCreated: () => undefined,
    watchTask: (id: string, seen: (w: Watched) => void) => {
      watchers.set(id, seen);
      return () => watchers.delete(id);
    },
    save: async (b: Batch) => {
      kept.set(b.id, structuredClone(b));
    },
    load: async (id: string) => structuredClone(kept.get(id)),
    claim: (id, on) => claimRun('batch', id, on, locks as unknown as LockManager),
    ifFree: (id, write) => runIfFree('batch', id, write, locks as unknown as LockManager),
    edits: edits ?? undefined,
    // An edit told to a tab that gives no word is passed on again soon (1 s in the browser).
    editRetryMs: 30,
    describe: String,
    pendingEdits,
    leaving: (flush: () => void) => {
      leaving.add(flush);
      return () => leaving.delete(flush);
    },
    // The 10 s look into the kept edits while this tab runs a batch: a test says when (checkKept).
    everyKeptCheck: (check: () => Promise<void>) => {
      keptChecks.add(check);
      return () => keptChecks.delete(check);
    },
  } satisfies BatchRunnerDeps;
  /** The runner's next look into the kept edits comes now, if it looks (it runs a batch). */
  const checkKept = async () => {
    for (const check of [...keptChecks]) await check();
  };
  /** The page is hidden or closing: pagehide, or visibilitychange to hidden. */
  const leave = () => {
    for (const flush of leaving) flush();
  };
  /**
   * The tab closes: its page hears pagehide, then nothing more of it is heard, told or written (what
   * it had under way never ends). Its locks are the running tab's to let go (runner.forget).
   */
  const close = () => {
    leave();
    crash();
  };
  /** The tab crashes: as close, but its page hears nothing (no pagehide), so it tells nothing more. */
  const crash = () => {
    (edits as { close?: () => void } | null)?.close?.();
    const never = () => new Promise<never>(() => undefined);
    deps.save = never;
    deps.ifFree = never;
  };
  return { runner: new BatchRunner(deps), deps, watchers, leave, close, crash, checkKept };
}

/**
 * Two tabs of one browser (shared storage and locks) and a batch of one cell a row. Each tab has
 * an edits channel of its own unless `shareEdits`: then each hears what the other tells.
 */
export function twoTabs(
  cells: string[],
  concurrency: number,
  { shareEdits = false, keepEdits = false } = {},
) {
  const kept = new Map<string, Batch>();
  const locks = new FakeLocks();
  const bus = shareEdits ? new Bus() : undefined;
  const pending = keepEdits ? new FakePendingEdits() : undefined;
  const batch: Batch = { ...emptyBatch(), concurrency, rows: toRows(cells.map((c) => [c])) };
  return {
    kept,
    first: tab(kept, locks, bus?.transport(), pending),
    second: tab(kept, locks, bus?.transport(), pending),
    batch,
    bus,
    pending,
    locks,
  };
}

/** The tab's writes wait until the returned `land` is called: a slow storage. */
export function slowSaves(t: ReturnType<typeof tab>): () => void {
  let land!: () => void;
  const landed = new Promise<void>((resolve) => (land = resolve));
  const save = t.deps.save;
  t.deps.save = async (b) => {
    await landed;
    await save(b);
  };
  return land;
}

/**
 * Two tabs sharing edits (told and kept): the first runs the batch (its first tasks sent), the
 * second shows it as it was before the run.
 */
export async function runningTabs(cells: string[], concurrency: number) {
  const tabs = twoTabs(cells, concurrency, { shareEdits: true, keepEdits: true });
  const { first, second, batch } = tabs;
  second.runner.open(structuredClone(batch));
  first.runner.start(batch);
  await vi.waitFor(() => expect(first.watchers.size).toBe(concurrency));
  return tabs;
}

/**
 * The running tab pauses and its tasks end, so it lets the run go; but its last write is slow, so
 * it still holds the run meanwhile (and hears no edit). Returns the write's landing.
 */
export async function lettingGo(t: ReturnType<typeof tab>, id: string): Promise<() => void> {
  t.runner.pause(id);
  await new Promise((resolve) => setTimeout(resolve, 20));
  const land = slowSaves(t);
  for (const [task, seen] of [...t.watchers]) seen({ data: { id: task, status: 'succeeded' } });
  return land;
}
