import type { AppContext, Worker } from '../../context';
import { runAsMediaWork } from '../../media/ffmpeg-pool';
import { assetsAwaitingWork, type AssetRow, dueAssets, nextDeadline, updateAsset } from '../../store/assets';
import { clearAssetTemp } from './asset-files';
import { finalPatch, syncingPatch } from './asset-lifecycle';
import { prepareAsset } from './asset-preparation';

/** Real-time bounds of the polling loop: responsive at high EMULATOR_SPEED, idle-cheap at rest. */
const MIN_POLL_MS = 20;
const MAX_POLL_MS = 250;
/** Downloads and ffprobe runs at once; the machine is shared with ffmpeg renders. */
const MAX_CONCURRENT_WORK = 4;
/**
 * At most this many of them for one API key, so a slot is always free for another key's asset
 * (decision 062); with several busy keys, slots go to the key running the fewest jobs.
 */
export const MAX_WORK_PER_OWNER = MAX_CONCURRENT_WORK - 1;
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
  const inFlight = new Map<string, { owner: string; abort: AbortController; done: Promise<void> }>();
  /** Order in which owners last got a slot: the tiebreak that makes the sharing round-robin. */
  const lastServed = new Map<string, number>();
  let served = 0;
  let timer: NodeJS.Timeout | undefined;
  let running = false;

  const schedule = () => {
    if (!running) return;
    const deadline = nextDeadline(ctx.db);
    const wait = deadline === undefined ? MAX_POLL_MS : deadline - Date.now();
    timer = setTimeout(tick, Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, wait)));
  };

  function startWork(row: AssetRow): void {
    const abort = new AbortController();
    // Background work of the asset's key: its probes wait their turn in the ffmpeg pool without a
    // deadline (a timer set during a request would otherwise carry that request's context).
    const done = runAsMediaWork({ owner: row.owner }, () => prepareAsset(ctx, row, abort.signal))
      .then((patch) => {
        // After stop() the database may be closing; the row stays `pending` and is redone on restart.
        if (!abort.signal.aborted && running) updateAsset(ctx.db, row.id, patch, 'syncing');
      })
      .catch((err: unknown) => {
        if (!abort.signal.aborted)
          ctx.log.error('asset preparation crashed', { asset_id: row.id, error: String(err) });
      })
      .finally(() => {
        inFlight.delete(row.id);
        // A freed slot goes to the next asset now, not at the next poll.
        wakeAssetWorker(ctx);
      });
    inFlight.set(row.id, { owner: row.owner, abort, done });
    lastServed.set(row.owner, ++served);
  }

  const runningFor = (owner: string) => [...inFlight.values()].filter((w) => w.owner === owner).length;

  /**
   * Fills free slots fairly: each slot goes to the owner with the fewest jobs running (then the one
   * served longest ago) among those under MAX_WORK_PER_OWNER, taking that owner's oldest pending
   * asset. So a key that has filled its share waits, and another key's asset starts at once.
   */
  function fillSlots(): void {
    const queues = new Map<string, AssetRow[]>();
    for (const row of assetsAwaitingWork(ctx.db, MAX_CONCURRENT_WORK + MAX_WORK_PER_OWNER)) {
      if (inFlight.has(row.id)) continue;
      const queue = queues.get(row.owner) ?? [];
      queue.push(row);
      queues.set(row.owner, queue);
    }
    while (inFlight.size < MAX_CONCURRENT_WORK) {
      let best: { owner: string; running: number; last: number } | undefined;
      for (const [owner, queue] of queues) {
        const running = runningFor(owner);
        if (queue.length === 0 || running >= MAX_WORK_PER_OWNER) continue;
        const last = lastServed.get(owner) ?? 0;
        if (!best || running < best.running || (running === best.running && last < best.last))
          best = { owner, running, last };
      }
      if (!best) return;
      startWork(queues.get(best.owner)!.shift()!);
    }
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
      fillSlots();
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
