import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { getConnection } from '@/api/connection-store';
import { beginRateLimitWait } from '@/api/rate-limit';
import { createTracked, postTask, sendKeysTravel } from '@/api/task-create';
import type { TaskRegistry } from '@/api/task-registry';
import { taskQueryOptions } from '@/api/tasks';
import { markBatchRunning, runningBatchIds } from './batch-active';
import { errorMessage } from '@/lib/notify';
import { checkRow, taskKindOf, type BatchBody } from './batch-check';
import type { Batch } from './batch-model';
import { BatchRunner, type Watched } from './batch-runner';
import { claimRun, runIfFree } from '@/lib/run-lock';
import { editsTransport, onLeaving } from './batch-edits-channel';
import { idbPendingEdits } from './batch-pending-edits';
import { loadBatch, saveBatch } from './batch-storage';

let runner: BatchRunner | undefined;

/** What the monitor lists for a row's task, as its form records it: what the person wrote. */
function promptOf(body: BatchBody): string | undefined {
  if ('customMode' in body) return body.title || body.prompt;
  if ('text' in body) return body.text;
  if ('avatar_asset_id' in body) return body.name || undefined;
  return body.prompt;
}

function watchTask(client: QueryClient, registry: TaskRegistry, id: string, seen: (w: Watched) => void) {
  // The task's own poll policy asks the server, once for every page and watcher that shows it; a
  // run goes on in a hidden tab (at the policy's hidden pace).
  const observer = new QueryObserver(client, taskQueryOptions(id, registry, { inBackground: true }));
  const tell = (r: { data: unknown; error: Error | null }) =>
    seen({ data: r.data, ...(r.error ? { error: r.error } : {}) });
  const stop = observer.subscribe(tell);
  tell(observer.getCurrentResult());
  return stop;
}

/** The tab's one batch runner, made with the real API on first use (module state: runs outlive pages). */
export function batchRunner(registry: TaskRegistry, client: QueryClient): BatchRunner {
  runner ??= new BatchRunner({
    body: (batch, index) => {
      const check = checkRow(batch, batch.rows[index]!.cells, [getConnection().apiKey]);
      return check.ok ? check.body : undefined;
    },
    create: async (body, batch, index, sendKey) => ({
      // No 429 retry inside the request: the runner holds the whole batch on it.
      id: await createTracked(
        registry,
        (b, options) =>
          postTask(batch.kind === 'video' ? '/v1/videos' : '/v1/tasks', b, undefined, {
            rateLimitRetries: 0,
            ...options,
          }),
        body,
        {
          kind: taskKindOf(batch.kind, body),
          model: body.model,
          prompt: promptOf(body),
          source: 'batch',
          batchId: batch.id,
          table: { row: index + 1, ...(batch.name.trim() ? { name: batch.name.trim() } : {}) },
        },
        sendKey,
      ),
    }),
    sendKeys: sendKeysTravel,
    findCreated: (batch, index, since) =>
      registry
        .list()
        .find((t) => t.batchId === batch.id && t.table?.row === index + 1 && t.createdAt >= since - 1000)?.id,
    watchTask: (id, seen) => watchTask(client, registry, id, seen),
    save: saveBatch,
    claim: (id, on) => claimRun('batch', id, on),
    load: loadBatch,
    ifFree: (id, write) => runIfFree('batch', id, write),
    edits: editsTransport(),
    pendingEdits: idbPendingEdits,
    leaving: (flush) => onLeaving(flush),
    rateLimited: beginRateLimitWait,
    describe: errorMessage,
  });
  return runner;
}

/** The batch as the runner holds it, re-rendered on every change. */
export function useRunnerBatch(r: BatchRunner, id: string | undefined): Batch | undefined {
  return useSyncExternalStore(
    (listener) => r.subscribe(listener),
    () => (id ? r.get(id) : undefined),
  );
}

/**
 * Called by the shell at a tab's start when a batch was kept running: its tasks are followed and
 * its rows sent again, whatever page is open. The registry is read first, so a row cut off while
 * sending finds the task it made.
 */
export async function resumeBatches(registry: TaskRegistry, client: QueryClient): Promise<void> {
  await registry.ready;
  const r = batchRunner(registry, client);
  for (const id of runningBatchIds()) {
    if (r.get(id)) continue;
    const stored = await r.loadKept(id).catch(() => undefined);
    if (stored) r.follow(stored);
    // Deleted in another tab: no later start should load the runner for it.
    else markBatchRunning(id, false);
  }
}

/** A batch for the page: the one the runner holds, else the stored one, taken up once the registry is read. */
export async function openBatch(
  registry: TaskRegistry,
  client: QueryClient,
  id: string,
): Promise<Batch | undefined> {
  const r = batchRunner(registry, client);
  const held = r.get(id);
  if (held) return held;
  // With the edits kept for it by a tab that closed before any tab wrote them.
  const stored = await r.loadKept(id);
  if (!stored) return undefined;
  await registry.ready;
  r.open(stored);
  return r.get(id);
}
