import type { ServerConfig } from './config';
import type { AppContext, Worker } from './context';
import { createLogger } from './logger';
import { defaultFfmpegSlots, ffmpegPool } from './media/ffmpeg-pool';
import { createAssetWorker } from './services/assets/asset-worker';
import { prepareFileOwners } from './services/file-owner';
import { ASSEMBLY_KIND } from './services/storyboard/assembly-kind';
import { createTaskRunner } from './services/tasks/runner/runner';
import { createWebhookSender } from './services/webhooks/sender';
import type { GuardHooks } from './services/outbound/url-guard';
import { openDatabase } from './store/db';

/**
 * Background workers, started after migrations and stopped on shutdown.
 * ──── Services register here: push a factory, e.g. `(ctx) => createAssetWorker(ctx)`. ────
 * A factory only builds the worker; `startWorkers` starts them, so tests that never call it get a
 * context with no timers running. `stop()` is called on every built worker at close, started or
 * not, so it must be safe before `start()`.
 */
const workerFactories: Array<(ctx: AppContext) => Worker> = [];
workerFactories.push((ctx) => createAssetWorker(ctx));
workerFactories.push((ctx) => createTaskRunner(ctx));
workerFactories.push((ctx) => createWebhookSender(ctx));

/** Opens the database (applying migrations) and builds the shared context. No worker runs yet. */
export function createContext(
  config: ServerConfig,
  opts: { silent?: boolean; urlGuard?: GuardHooks } = {},
): AppContext {
  const log = createLogger({ silent: opts.silent });
  const db = openDatabase(config.dataDir);
  const ctx: AppContext = {
    config,
    db,
    log,
    workers: [],
    scaled: (ms: number) => ms / config.emulatorSpeed,
    urlGuard: opts.urlGuard ?? {},
  };
  prepareFileOwners(ctx);
  // One pool per process (the cores are the process's): the context built last sets its limits.
  ffmpegPool.configure({
    slots: config.ffmpeg.slots ?? defaultFfmpegSlots(),
    queuePerKey: config.ffmpeg.queuePerKey,
  });
  // In proxy mode the emulation would produce results nobody asked the real API for (decision 073);
  // the storyboard's own endpoints are this server's in both modes, so their jobs still run.
  const emulate = !config.upstreamBaseUrl || config.localFeatures.includes('workers');
  ctx.workers = emulate
    ? workerFactories.map((make) => make(ctx))
    : [createTaskRunner(ctx, { kinds: [ASSEMBLY_KIND] })];
  return ctx;
}

/** Starts every registered worker (resuming work a previous run left unfinished). */
export function startWorkers(ctx: AppContext): void {
  for (const worker of ctx.workers) {
    worker.start();
    ctx.log.info('worker started', { worker: worker.name });
  }
}

/**
 * Stops workers (each puts in-flight work back into a resumable state), then closes the database.
 * A worker failing to stop is logged, not thrown, so that the database is still closed cleanly.
 */
export async function closeContext(ctx: AppContext): Promise<void> {
  const results = await Promise.allSettled(ctx.workers.map((w) => w.stop()));
  results.forEach((r, i) => {
    if (r.status === 'rejected') {
      ctx.log.error('worker failed to stop', { worker: ctx.workers[i]?.name, error: String(r.reason) });
    }
  });
  if (ctx.db.open) ctx.db.close();
}
