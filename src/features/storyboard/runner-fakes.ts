import { claimRun } from '@/lib/run-lock';
import { READY_ASSET_FIELDS } from '@/test/asset-fixtures';
import type { FakeLocks } from '@/test/fake-locks';
import type { RunnerDeps, Watched } from './runner-deps';
import { newShot, type Storyboard } from './storyboard';
import { StoryboardRunner } from './storyboard-runner';

/**
 * For tests: a watch that reads `read(id)` again on every macrotask (as a query's poll would) and
 * tells each answer or error, until stopped. Counts the reads still going: a runner that never
 * stops watching fails the test that checks `active()`.
 */
export function fakeWatch<T>(read: (id: string) => T | Promise<T>) {
  let active = 0;
  const watch = (id: string, seen: (w: Watched<T>) => void): (() => void) => {
    let stopped = false;
    active += 1;
    void (async () => {
      while (!stopped) {
        try {
          const data = await read(id);
          if (!stopped) seen({ data });
        } catch (error) {
          if (!stopped) seen({ error });
        }
        await new Promise((r) => setTimeout(r, 0));
      }
    })();
    return () => {
      if (!stopped) active -= 1;
      stopped = true;
    };
  };
  return Object.assign(watch, { active: () => active });
}

const copy = <T>(v: T): T => structuredClone(v);

/**
 * For tests: the browser's one store of boards (IndexedDB), shared by the tabs given its `save`
 * and `load`: each save reads and writes in one step, as updateStoryboard's transaction does.
 * `saved` lists every write, in order.
 */
export function fakeBoardStore() {
  const kept = new Map<string, Storyboard>();
  const saved: Storyboard[] = [];
  const save: RunnerDeps['save'] = (id, next) => {
    const out = next(kept.has(id) ? copy(kept.get(id)) : undefined);
    if (out) {
      kept.set(id, copy(out));
      saved.push(copy(out));
    }
    return Promise.resolve(out && copy(out));
  };
  const load = (id: string) => Promise.resolve(kept.has(id) ? copy(kept.get(id)) : undefined);
  return { kept, saved, save, load };
}

/**
 * A fake API: tasks succeed on their second read; frame assets are ready on their second read.
 * `sendKeys`: the local server, which answers a create sent again with its send key with the
 * task that key made (decision 640). `ids`: what its task ids start with (another tab's tasks on
 * the same server have other ids).
 */
export function fakeDeps(
  opts: {
    frameSyncError?: string;
    failPrompt?: string;
    taskError?: unknown;
    sendKeys?: boolean;
    ids?: string;
  } = {},
) {
  const created: Array<{ id: string; body: Record<string, unknown>; meta?: { sendKey?: string } }> = [];
  const reads = new Map<string, number>();
  const store = fakeBoardStore();
  const deps: RunnerDeps = {
    createTask: (body, meta) => {
      const made = meta.sendKey && created.find((t) => t.meta?.sendKey === meta.sendKey);
      // As the local server: a key sent again with another body is refused (422), not answered.
      if (made && JSON.stringify(made.body) !== JSON.stringify(body))
        return Promise.reject(new Error('idempotency_key_reused'));
      if (made) return Promise.resolve({ id: made.id });
      const task = {
        id: `${opts.ids ?? 'task'}_${created.length + 1}`,
        body: body as Record<string, unknown>,
        meta,
      };
      created.push(task);
      return Promise.resolve({ id: task.id });
    },
    ...(opts.sendKeys ? { sendKeys: () => true } : {}),
    watchTask: fakeWatch((id): Promise<unknown> => {
      if (opts.taskError) throw opts.taskError;
      const n = (reads.get(id) ?? 0) + 1;
      reads.set(id, n);
      const body = created.find((t) => t.id === id)!.body;
      if (n < 2) return Promise.resolve({ id, status: 'running', progress: 50 });
      if (body.prompt === opts.failPrompt)
        return Promise.resolve({ id, status: 'failed', error: { message: 'refused by policy' } });
      return Promise.resolve({ id, status: 'succeeded', video_url: `https://r/${id}.mp4` });
    }),
    lastFrame: () => Promise.resolve(new Blob(['png'])),
    registerFrame: () => Promise.resolve({ id: `asset_${reads.size}` }),
    watchAsset: (assetId, _group, seen) =>
      fakeWatch((id): Promise<Record<string, unknown>> => {
        const n = (reads.get(id) ?? 0) + 1;
        reads.set(id, n);
        if (opts.frameSyncError)
          return Promise.resolve({
            id,
            status: 'failed',
            preparation_status: 'failed',
            sync_error: opts.frameSyncError,
          });
        return Promise.resolve(
          n < 2
            ? { id, status: 'syncing', preparation_status: 'syncing', generation_ready: false }
            : { id, ...READY_ASSET_FIELDS },
        );
      })(assetId, seen),
    save: store.save,
    describe: (e) => String((e as Error).message ?? e),
  };
  return { deps, created, saved: store.saved, reads, store };
}

/** For tests: three shots, the second and third continuing from the one before. */
export function threeShots(): Storyboard {
  return {
    id: 'sb',
    name: 'Scene',
    updatedAt: 0,
    cast: [],
    shots: [newShot({ prompt: 'one' }), newShot({ prompt: 'two' }, true), newShot({ prompt: 'three' }, true)],
    joins: ['cut', 'cut'],
  };
}

/** For tests: the board once no shot of it is under way. */
export async function settle(runner: StoryboardRunner, id: string) {
  for (let i = 0; i < 200; i++) {
    const b = runner.get(id)!;
    if (b.shots.every((s) => ['succeeded', 'failed', 'blocked', 'idle'].includes(s.run.state))) return b;
    await new Promise((r) => setTimeout(r, 0));
  }
  throw new Error(`did not settle: ${JSON.stringify(runner.get(id)!.shots.map((s) => s.run))}`);
}

/**
 * For tests: one tab of a browser on the fake API, whose tasks run until told how they end
 * (`ends`, shared when given: one server). The browser's record (`store`) and Web Locks (`locks`)
 * are shared when given. `watched()`: the task watches still open.
 */
export function fakeTab(
  opts: {
    store?: ReturnType<typeof fakeBoardStore>;
    locks?: FakeLocks;
    ends?: Map<string, 'succeeded' | 'failed'>;
    ids?: string;
  } = {},
) {
  const api = fakeDeps(opts.ids ? { ids: opts.ids } : {});
  const ends = opts.ends ?? new Map<string, 'succeeded' | 'failed'>();
  const watchTask = fakeWatch((id) => {
    const end = ends.get(id);
    if (end === 'succeeded') return { id, status: 'succeeded', video_url: `https://r/${id}.mp4` };
    if (end === 'failed') return { id, status: 'failed', error: { message: 'refused by policy' } };
    return { id, status: 'running', progress: 30 };
  });
  const store = opts.store ?? api.store;
  const deps: RunnerDeps = {
    ...api.deps,
    watchTask,
    save: store.save,
    load: store.load,
    ...(opts.locks
      ? { claim: (id, on) => claimRun('storyboard', id, on, opts.locks as unknown as LockManager) }
      : {}),
  };
  const runner = new StoryboardRunner(deps);
  return { ...api, store, ends, runner, deps, watched: () => watchTask.active() };
}
