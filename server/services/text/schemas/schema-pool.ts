import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ApiError, badRequest } from '../../../errors';
import type { SchemaTask, TaskOutcome } from './schema-tasks';

/*
 * Where a caller's JSON Schema is compiled, validated and turned into an example (decision 350):
 * a small pool of worker threads, never the event loop. Ajv runs a schema's `pattern` with the
 * backtracking RegExp engine and recurses as deep as the schema's references go, so one schema can
 * cost minutes or a stack overflow; in a worker that is a thread stopped at its deadline and
 * replaced, and the caller a 400 naming the field, while every other request is served.
 */

/** What one request's schema work may take on a worker: past it the worker is stopped, the field refused. */
export const SCHEMA_WORK_MS = 750;
/** How long a request waits for a free worker before it is told to retry (503). */
export const SCHEMA_QUEUE_MS = 2_000;
/** The wait actually applied: SCHEMA_QUEUE_MS, shortened by tests that fill the pool on purpose. */
export const queueLimit = { ms: SCHEMA_QUEUE_MS };
/** A worker that has not loaded within this long is given up (a broken install, not a schema). */
const BOOT_MS = 30_000;
const POOL_SIZE = Math.max(1, Math.min(2, os.availableParallelism()));
/** Ajv, the example builder and their compile caches stay far below this; a schema that needs more is refused. */
const HEAP_MB = 256;

// Run from the bundle (`npm start`, the test suites' server processes: decision 383), the worker is
// the bundle's sibling schema-worker.mjs, plain JavaScript. Run from the sources (Vitest, `npm run
// dev`), it is TypeScript like the rest of the server and loads tsx's loader itself, resolved from
// here, so it works under `tsx`, `node --import tsx` or Vitest alike.
const BUNDLED_WORKER = new URL('./schema-worker.mjs', import.meta.url);
const WORKER = fs.existsSync(fileURLToPath(BUNDLED_WORKER))
  ? { url: BUNDLED_WORKER, execArgv: [] }
  : {
      url: new URL('./schema-worker.ts', import.meta.url),
      execArgv: ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href],
    };

interface Job {
  id: number;
  tasks: SchemaTask[];
  resolve(results: unknown[]): void;
  reject(error: unknown): void;
  timer?: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  progress: Int32Array;
  ready: boolean;
  job?: Job;
  timer?: NodeJS.Timeout;
  /** Settles when the worker has loaded, or failed to. */
  loaded: Promise<void>;
}

const slots: Slot[] = [];
const queue: Job[] = [];
let nextId = 1;

function tooCostly(param: string): ApiError {
  return badRequest(
    `${param} takes longer than the ${SCHEMA_WORK_MS} ms the local server spends checking one request's ` +
      'schemas (compiling, validating, building an example): usually a "pattern" that backtracks, such as ' +
      '"^(a+)+$" against a long value, or very many properties. Simplify the pattern, or send fewer properties.',
    param,
    'schema_too_costly',
  );
}

const busy = () =>
  new ApiError(503, "The local server is busy checking other requests' JSON Schemas; retry in a second.", {
    code: 'schema_checker_busy',
    headers: { 'retry-after': '1' },
  });

const brokenWorker = (why: string) =>
  new ApiError(500, `The local server's JSON Schema worker could not start (${why}); see the server log.`, {
    code: 'schema_worker_failed',
  });

function remove(slot: Slot): boolean {
  const at = slots.indexOf(slot);
  if (at < 0) return false;
  slots.splice(at, 1);
  clearTimeout(slot.timer);
  return true;
}

/** Stops `slot`'s worker; its job (if any) gets `error`; queued jobs get a fresh worker. */
function retire(slot: Slot, error: ApiError): void {
  if (!remove(slot)) return;
  const { job, ready } = slot;
  slot.job = undefined;
  void slot.worker.terminate();
  if (job) job.reject(error);
  // A worker stopped on a caller's schema is replaced at once, loading while nobody waits for it.
  if (ready) spawn();
  else if (!slots.some((s) => s.ready)) {
    // A worker that cannot even start would fail every retry the same way: refuse what waits.
    for (const waiting of queue.splice(0)) {
      clearTimeout(waiting.timer);
      waiting.reject(error);
    }
  }
  dispatch();
}

function spawn(): void {
  let loaded!: () => void;
  const progress = new SharedArrayBuffer(4);
  const worker = new Worker(WORKER.url, {
    execArgv: WORKER.execArgv,
    workerData: { progress },
    resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
  });
  const slot: Slot = {
    worker,
    progress: new Int32Array(progress),
    ready: false,
    loaded: new Promise((resolve) => (loaded = resolve)),
  };
  slot.timer = setTimeout(() => retire(slot, brokenWorker(`not ready after ${BOOT_MS} ms`)), BOOT_MS);
  slot.timer.unref();
  worker.on('message', (m: { ready?: true; id?: number; outcome?: TaskOutcome }) => {
    if (m.ready) {
      clearTimeout(slot.timer);
      slot.ready = true;
      // An idle pool must not keep a process (a test run, a server shutting down) alive. Only now:
      // a `message` listener added after unref() refs the worker again, and until it has loaded,
      // whoever awaits warmSchemaWorkers() needs the process to stay.
      worker.unref();
      loaded();
      dispatch();
      return;
    }
    const job = slot.job;
    if (!job || job.id !== m.id || !m.outcome) return;
    clearTimeout(slot.timer);
    slot.job = undefined;
    if (m.outcome.ok) job.resolve(m.outcome.results);
    else {
      const { status, message, code, param } = m.outcome.refusal;
      job.reject(new ApiError(status, message, { code, param }));
    }
    dispatch();
  });
  const died = (why: string) => {
    const job = slot.job;
    // Dying on a job (out of memory, say) is that schema's doing; dying idle or loading is ours.
    const param = job?.tasks[Atomics.load(slot.progress, 0)]?.param;
    retire(slot, param === undefined ? brokenWorker(why) : tooCostly(param));
    loaded();
  };
  worker.on('error', (e) => died(e.message));
  worker.on('exit', (code) => died(`exited with code ${code}`));
  slots.push(slot);
}

function start(slot: Slot, job: Job): void {
  clearTimeout(job.timer);
  slot.job = job;
  Atomics.store(slot.progress, 0, 0);
  slot.timer = setTimeout(() => {
    const param = job.tasks[Atomics.load(slot.progress, 0)]?.param ?? job.tasks[0]!.param;
    retire(slot, tooCostly(param));
  }, SCHEMA_WORK_MS);
  slot.worker.postMessage({ id: job.id, tasks: job.tasks });
}

function dispatch(): void {
  while (queue.length > 0) {
    const free = slots.find((s) => s.ready && !s.job);
    if (!free) break;
    start(free, queue.shift()!);
  }
  if (queue.length > slots.filter((s) => !s.ready).length && slots.length < POOL_SIZE) spawn();
}

function waitInQueue(job: Job): void {
  job.timer = setTimeout(() => {
    if (!queue.includes(job)) return;
    // Time spent loading a worker is not a queue: a cold start waits for it (BOOT_MS bounds that).
    if (slots.some((s) => !s.ready)) return waitInQueue(job);
    queue.splice(queue.indexOf(job), 1);
    job.reject(busy());
  }, queueLimit.ms);
}

/**
 * Runs `tasks` (in order, stopping at the first refusal) on a schema worker: their results, or the
 * refusal as an ApiError. Work past SCHEMA_WORK_MS is a 400 naming the field it was on.
 */
export function inSchemaWorker(tasks: SchemaTask[]): Promise<unknown[]> {
  if (tasks.length === 0) return Promise.resolve([]);
  return new Promise((resolve, reject) => {
    const job: Job = { id: nextId++, tasks, resolve, reject };
    queue.push(job);
    waitInQueue(job);
    dispatch();
  });
}

/** Starts the workers ahead of the first request, so that it does not wait for them to load. */
export async function warmSchemaWorkers(): Promise<void> {
  while (slots.length < POOL_SIZE) spawn();
  await Promise.all(slots.map((s) => s.loaded));
}

/** How many schema workers exist, loaded or loading: what tests observe of the pool's start. */
export function schemaWorkerCount(): number {
  return slots.length;
}
