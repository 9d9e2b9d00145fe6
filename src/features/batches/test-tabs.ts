import { vi } from 'vitest';
import type { BatchEditMessage, EditsTransport } from './batch-edits-channel';
import { emptyBatch, type Batch } from './batch-model';
import { BatchRunner, type BatchRunnerDeps, type Watched } from './batch-runner';
import { claimRun, runIfFree } from '@/lib/run-lock';
import { FakeLocks } from '@/test/fake-locks';
import { toRows } from './batch-table';

/** What tabs tell one another (a BroadcastChannel in the browser): every other tab hears it. */
export class Bus {
  private readonly tabs = new Set<(m: BatchEditMessage) => void>();
  /** Every message posted, in order: what a test says was told. */
  readonly said: BatchEditMessage[] = [];

  transport(): EditsTransport {
    let heard: ((m: BatchEditMessage) => void) | undefined;
    const self = (m: BatchEditMessage) => heard?.(m);
    this.tabs.add(self);
    return {
      post: (m) => {
        this.said.push(m);
        queueMicrotask(() => {
          for (const other of this.tabs) if (other !== self) other(structuredClone(m));
        });
      },
      listen: (hear) => {
        heard = hear;
        return () => (heard = undefined);
      },
    };
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
) {
  const watchers = new Map<string, (w: Watched) => void>();
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
  } satisfies BatchRunnerDeps;
  return { runner: new BatchRunner(deps), deps, watchers };
}

/**
 * Two tabs of one browser (shared storage and locks) and a batch of one cell a row. Each tab has
 * an edits channel of its own unless `shareEdits`: then each hears what the other tells.
 */
export function twoTabs(cells: string[], concurrency: number, { shareEdits = false } = {}) {
  const kept = new Map<string, Batch>();
  const locks = new FakeLocks();
  const bus = shareEdits ? new Bus() : undefined;
  const batch: Batch = { ...emptyBatch(), concurrency, rows: toRows(cells.map((c) => [c])) };
  return {
    kept,
    first: tab(kept, locks, bus?.transport()),
    second: tab(kept, locks, bus?.transport()),
    batch,
    bus,
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
