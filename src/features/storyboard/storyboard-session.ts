import { useSyncExternalStore } from 'react';
import { fetchTask } from '@/api/tasks';
import { getConnection } from '@/api/connection-store';
import { uploadAssetFile } from '@/api/assets';
import { fetchAssetDetail, fetchLastFrame, hasLocalServer } from '@/api/storyboard';
import type { TaskRegistry } from '@/api/task-registry';
import { createVideo } from '@/api/videos';
import { isStoryboardListed, publishStoryboardProgress } from '@/lib/storyboard/storyboard-progress';
import { loadStoryboard, runningStoryboardIds, saveStoryboard } from '@/lib/storyboard/storyboard-storage';
import { errorMessage } from '@/lib/notify';
import { captureLastFrame } from './canvas-frame';
import { isRunning, overallProgress, runSummary, type Storyboard } from './storyboard';
import { parseStoryboard } from './storyboard-file';
import { StoryboardRunner } from './storyboard-runner';

let runner: StoryboardRunner | undefined;

/**
 * The tab's one runner, made with the real API on first use. Module state on purpose: a run goes
 * on while the person is on another page (its tasks show in the task watcher meanwhile).
 */
export function storyboardRunner(registry: TaskRegistry): StoryboardRunner {
  runner ??= new StoryboardRunner({
    createTask: async (body, meta) => {
      const task = await createVideo(body);
      registry.track({
        id: task.id,
        kind: 'video',
        model: body.model,
        prompt: meta.prompt,
        createdAt: Date.now(),
        source: 'storyboard',
        request: { ...body },
        baseUrl: getConnection().baseUrl,
        ...(meta.batchId ? { batchId: meta.batchId } : {}),
        storyboard: meta.storyboard,
      });
      return { id: task.id };
    },
    fetchTask: (id) => fetchTask(id, registry),
    lastFrame: (url) => (hasLocalServer() ? fetchLastFrame(url) : captureLastFrame(url)),
    registerFrame: async (frame, model, name) => {
      const file = new File([frame], 'last-frame.png', { type: 'image/png' });
      const asset = await uploadAssetFile(file, { type: 'image', model, name });
      return { id: asset.id };
    },
    fetchAsset: async (id) => (await fetchAssetDetail(id)) as unknown as Record<string, unknown>,
    save: (board) => {
      const running = isRunning(board);
      // The shell's strip on every page; a run's end is shown only for a run it listed.
      if (running || isStoryboardListed(board.id))
        publishStoryboardProgress({
          id: board.id,
          name: board.name,
          ...runSummary(board),
          fraction: overallProgress(board),
          active: running,
        });
      // `running` lets the shell resume the run at the next start, on whatever page opens first.
      void saveStoryboard({ ...board, running }).catch(() => undefined);
    },
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    describe: errorMessage,
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
export async function resumeStoryboards(registry: TaskRegistry): Promise<void> {
  const r = storyboardRunner(registry);
  for (const id of await runningStoryboardIds()) {
    if (r.get(id)) continue;
    try {
      r.follow(parseStoryboard(await loadStoryboard(id), { fresh: false }));
    } catch {
      // A record that no longer reads as a storyboard is left for its page to report.
    }
  }
}
