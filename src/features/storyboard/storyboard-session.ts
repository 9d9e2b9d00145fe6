import {
  QueryObserver,
  type QueryClient,
  type QueryKey,
  type QueryObserverOptions,
} from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { assetQueries } from '@/api/assets';
import { taskQueryOptions } from '@/api/tasks';
import { fetchLastFrame, hasLocalServer } from '@/api/storyboard';
import type { TaskRegistry } from '@/api/task-registry';
import { createTracked, sendKeysTravel } from '@/api/task-create';
import { createVideo } from '@/api/videos';
import { loadStoryboard, runningStoryboardIds } from '@/lib/storyboard/storyboard-storage';
import { errorMessage } from '@/lib/notify';
import { claimRun } from '@/lib/run-lock';
import { captureLastFrame } from './canvas-frame';
import type { Storyboard } from './storyboard';
import { boardNews, loadBoard, saveBoard } from './board-store';
import { findFrame, uploadFrame } from './storyboard-frames';
import { parseStoryboard } from './storyboard-file';
import { StoryboardRunner, type Watched } from './storyboard-runner';

let runner: StoryboardRunner | undefined;

/**
 * Watches one query of the cache: `seen` gets what it holds now and every change. The query's own
 * refetchInterval (the task or asset poll policy) decides when the server is asked, once for every
 * page and watcher that shows it.
 */
function watchQuery<T, K extends QueryKey>(
  client: QueryClient,
  options: QueryObserverOptions<T, Error, T, T, K>,
  seen: (w: Watched<T>) => void,
): () => void {
  const observer = new QueryObserver(client, options);
  const tell = (r: { data: T | undefined; error: Error | null }) =>
    seen({ data: r.data, ...(r.error ? { error: r.error } : {}) });
  const stop = observer.subscribe(tell);
  tell(observer.getCurrentResult());
  return stop;
}

/**
 * The tab's one runner, made with the real API on first use. Module state on purpose: a run goes
 * on while the person is on another page (its tasks show in the task watcher meanwhile).
 */
export function storyboardRunner(registry: TaskRegistry, client: QueryClient): StoryboardRunner {
  runner ??= new StoryboardRunner({
    createTask: async (body, meta) => ({
      id: await createTracked(
        registry,
        (b, options) => createVideo(b, undefined, options),
        body,
        {
          kind: 'video',
          model: body.model,
          prompt: meta.prompt,
          source: 'storyboard',
          ...(meta.batchId ? { batchId: meta.batchId } : {}),
          storyboard: meta.storyboard,
        },
        meta.sendKey,
      ),
    }),
    sendKeys: sendKeysTravel,
    // A run goes on in a hidden tab (at the policy's hidden pace): the next shot waits on this one.
    watchTask: (id, seen) => watchQuery(client, taskQueryOptions(id, registry, { inBackground: true }), seen),
    lastFrame: (url, at) => (hasLocalServer() ? fetchLastFrame(url, at) : captureLastFrame(url, at)),
    registerFrame: (frame, model, name, board) => uploadFrame(client, frame, model, name, board),
    findFrame: (name, board, since) => findFrame(client, name, board, since),
    watchAsset: (id, groupId, seen) =>
      watchQuery(
        client,
        { ...assetQueries.detail(id, groupId ?? ''), refetchIntervalInBackground: true },
        seen as (w: Watched<unknown>) => void,
      ),
    // A tab that waits while another runs the board writes the person's edits only, and any tab
    // the takes of stopped tasks (quiet): the running tab tells every tab's strip of the run.
    save: (id, next, opts) => saveBoard(id, next, opts?.quiet || (runner?.runningElsewhere(id) ?? false)),
    describe: errorMessage,
    claim: (id, on) => claimRun('storyboard', id, on),
    load: loadBoard,
    news: boardNews(),
  });
  return runner;
}

/** The board as the runner holds it, re-rendered on every change. */
export function useRunnerBoard(r: StoryboardRunner, id: string | undefined): Storyboard | undefined {
  return useSyncExternalStore(
    (listener) => (id ? r.subscribe(id, listener) : () => undefined),
    () => (id ? r.get(id) : undefined),
  );
}

/**
 * Called by the shell once per tab start: every storyboard kept mid-run is taken up again (its
 * tasks followed, frames taken and registered, next shots sent), whatever page is open.
 */
export async function resumeStoryboards(registry: TaskRegistry, client: QueryClient): Promise<void> {
  const r = storyboardRunner(registry, client);
  for (const id of await runningStoryboardIds()) {
    if (r.get(id)) continue;
    try {
      r.follow(parseStoryboard(await loadStoryboard(id), { fresh: false }));
    } catch {
      // A record that no longer reads as a storyboard is left for its page to report.
    }
  }
}

/** Whether another tab of this browser runs the board now (run-lock.ts), re-rendered when that changes. */
export function useRunElsewhere(r: StoryboardRunner, id: string | undefined): boolean {
  return useSyncExternalStore(
    (listener) => (id ? r.subscribe(id, listener) : () => undefined),
    () => (id ? r.runningElsewhere(id) : false),
  );
}
