import type { AppContext, Worker } from '../context';
import { assetsAwaitingWork, type AssetRow, dueAssets, nextDeadline, updateAsset } from '../store/assets';
import { clearAssetTemp } from './asset-files';
import { finalPatch, syncingPatch } from './asset-lifecycle';
import { prepareAsset } from './asset-preparation';

/** Real-time bounds of the polling loop: responsive at high EMULATOR_SPEED, idle-cheap at rest. */
const MIN_POLL_MS = 20;
const MAX_POLL_MS = 250;
/** Downloads and ffprobe runs at once; the machine is shared with ffmpeg renders. */
const MAX_CONCURRENT_WORK = 3;
const BATCH = 200;

/** Running workers by context, so that a new asset wakes its worker instead of waiting a poll. */
const wakers = new WeakMap<AppContext, () => void>();

/** Called after an asset is created: its first deadline may be sooner than the next poll. */
export function wakeAssetWorker(ctx: AppContext): void {
  wakers.get(ctx)?.();
}

/**
 * The durable asset-preparation worker. Every state it needs is in SQLite (`stage`,
 * `next_transition_at`, `work_state`), so a restart loses nothing: due transitions are applied at
 * the first tick and unfinished work (a download, a probe) starts again from scratch.
 */
export function createAssetWorker(ctx: AppContext): Worker {
  const inFlight = new Map<string, { abort: AbortController; done: Promise<void> }>();
  let timer: NodeJS.Timeout | undefined;
  let running = false;

  const schedule = () => {
    if (!running) return;
    const deadline = nextDeadline(ctx.db);
    const wait = deadline === undefined ? MAX_POLL_MS : deadline - Date.now();
    timer = setTimeout(tick, Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, wait)));
  };

  function startWork(row: AssetRow): void {
    if (inFlight.has(row.id) || inFlight.size >= MAX_CONCURRENT_WORK) return;
    const abort = new AbortController();
    const done = prepareAsset(ctx, row, abort.signal)
      .then((patch) => {
        // After stop() the database may be closing; the row stays `pending` and is redone on restart.
        if (!abort.signal.aborted && running) updateAsset(ctx.db, row.id, patch, 'syncing');
      })
      .catch((err: unknown) => {
        if (!abort.signal.aborted)
          ctx.log.error('asset preparation crashed', { asset_id: row.id, error: String(err) });
      })
      .finally(() => inFlight.delete(row.id));
    inFlight.set(row.id, { abort, done });
  }

  function advance(row: AssetRow): void {
    if (row.stage === 'created') {
      updateAsset(ctx.db, row.id, syncingPatch(row, ctx.scaled), 'created');
    } else if (row.stage === 'syncing') {
      // The deadline has passed but downloading or probing is not finished: ready waits for it.
      if (row.work_state === 'pending') return;
      updateAsset(ctx.db, row.id, finalPatch(row), 'syncing');
    } else {
      updateAsset(ctx.db, row.id, { next_transition_at: null });
    }
  }

  function tick(): void {
    timer = undefined;
    if (!running) return;
    try {
      for (const row of dueAssets(ctx.db, Date.now(), BATCH)) advance(row);
      for (const row of assetsAwaitingWork(ctx.db, MAX_CONCURRENT_WORK * 4)) startWork(row);
    } catch (err) {
      // A failing tick (disk full, a bad row) must not stop preparation of everything else.
      ctx.log.error('asset worker tick failed', { error: String(err) });
    }
    schedule();
  }

  return {
    name: 'asset-preparation',
    start() {
      if (running) return;
      running = true;
      clearAssetTemp(ctx);
      wakers.set(ctx, () => {
        if (!running) return;
        if (timer) clearTimeout(timer);
        schedule();
      });
      tick();
    },
    async stop() {
      running = false;
      wakers.delete(ctx);
      if (timer) clearTimeout(timer);
      timer = undefined;
      const pending = [...inFlight.values()];
      for (const work of pending) work.abort.abort();
      await Promise.allSettled(pending.map((w) => w.done));
    },
  };
}
