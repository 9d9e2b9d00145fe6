import { assetPhase, assetReference } from '@contract/asset';
import { isTerminalStatus, normalizeTaskStatus, resolveResultUrl, taskFailure } from '@contract/task';
import type { TrackedStoryboardShot } from '@/api/task-registry';
import type { CreateVideoBody } from '@/api/videos';
import {
  fitJoins,
  isActive,
  nextSteps,
  predecessorOf,
  resumed,
  shotBody,
  shotChanged,
  type ShotRun,
  type Storyboard,
} from './storyboard';

/** What the runner asks of the outside world; the page gives the real ones, tests give fakes. */
export interface RunnerDeps {
  /** Creates the task and records it in the task registry (so the watcher follows it everywhere). */
  createTask(
    body: CreateVideoBody,
    meta: { batchId?: string; prompt?: string; storyboard: TrackedStoryboardShot },
  ): Promise<{ id: string }>;
  fetchTask(id: string): Promise<unknown>;
  /** The last frame of a result, as a PNG (the local server's ffmpeg, or a canvas in direct mode). */
  lastFrame(resultUrl: string): Promise<Blob>;
  /** Registers a frame as an image asset for `model` through the API; returns its asset id. */
  registerFrame(frame: Blob, model: string, name: string): Promise<{ id: string }>;
  fetchAsset(id: string): Promise<Record<string, unknown>>;
  /** Where the board is kept (IndexedDB); called after every change. */
  save(board: Storyboard): void;
  sleep(ms: number): Promise<void>;
  /** Words for a failure the runner reports. */
  describe(error: unknown): string;
}

/** Task and asset polling: a short first wait, then longer ones, as the monitor's policy does. */
const POLL_MS = [500, 1000, 1500, 2000, 3000];
const pollDelay = (n: number) => POLL_MS[Math.min(n, POLL_MS.length - 1)]!;

/**
 * Runs storyboards: starts each step nextSteps() names, follows tasks to their end, takes and
 * registers last frames, and writes the board after every change. Lives outside React, so a run
 * goes on while the person visits other pages; after a reload `follow()` resumes from what was kept.
 */
export class StoryboardRunner {
  private readonly boards = new Map<string, Storyboard>();
  private readonly listeners = new Map<string, Set<() => void>>();
  /** Shots whose current step is in flight in this tab. */
  private readonly busy = new Set<string>();

  constructor(private readonly deps: RunnerDeps) {}

  get(id: string): Storyboard | undefined {
    return this.boards.get(id);
  }

  subscribe(id: string, listener: () => void): () => void {
    let set = this.listeners.get(id);
    if (!set) this.listeners.set(id, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Replaces the board (an edit, a new run) and starts whatever it now allows. */
  put(board: Storyboard): void {
    this.boards.set(board.id, board);
    this.deps.save(board);
    for (const l of this.listeners.get(board.id) ?? []) l();
    this.pump(board.id);
  }

  /** An edit of the person's: joins follow the shots, the change time is kept for the list. */
  edit(id: string, change: (board: Storyboard) => Storyboard): void {
    const board = this.boards.get(id);
    if (!board) return;
    const next = change(board);
    this.put({ ...next, joins: fitJoins(next.joins, next.shots.length), updatedAt: Date.now() });
  }

  private update(id: string, shotId: string, change: Partial<ShotRun>): Storyboard | undefined {
    const board = this.boards.get(id);
    if (!board) return undefined;
    const next = { ...shotChanged(board, shotId, change), updatedAt: Date.now() };
    this.put(next);
    return next;
  }

  /** Takes up a board read back from storage: tasks are followed again, cut-off steps redone. */
  follow(board: Storyboard): void {
    if (this.boards.has(board.id)) return;
    this.put(resumed(board));
  }

  private pump(id: string): void {
    const board = this.boards.get(id);
    if (!board) return;
    for (const step of nextSteps(board)) {
      const shot = board.shots[step.index]!;
      if (this.busy.has(shot.id)) continue;
      if (step.kind === 'block') {
        const reason = step.reason === 'failed' ? 'predecessorFailed' : 'predecessorNoResult';
        this.update(id, shot.id, { state: 'blocked', error: reason });
      } else if (step.kind === 'submit') {
        this.track(shot.id, () => this.submit(id, shot.id));
      } else if (shot.run.frameAssetId) {
        this.track(shot.id, () => this.prepare(id, shot.id));
      } else {
        this.track(shot.id, () => this.frame(id, shot.id));
      }
    }
    for (const shot of board.shots) {
      if (this.busy.has(shot.id) || !isActive(shot.run)) continue;
      if (shot.run.state === 'running' && shot.run.taskId) this.track(shot.id, () => this.watch(id, shot.id));
      else if (shot.run.state === 'preparing' && shot.run.frameAssetId)
        this.track(shot.id, () => this.prepare(id, shot.id));
    }
  }

  private track(shotId: string, work: () => Promise<void>): void {
    this.busy.add(shotId);
    // The board is read again after the step: its next step may start at once.
    void work().finally(() => {
      this.busy.delete(shotId);
      for (const [id, board] of this.boards) if (board.shots.some((s) => s.id === shotId)) this.pump(id);
    });
  }

  private indexOf(id: string, shotId: string): number {
    return this.boards.get(id)?.shots.findIndex((s) => s.id === shotId) ?? -1;
  }

  private async frame(id: string, shotId: string): Promise<void> {
    const board = this.boards.get(id)!;
    const index = this.indexOf(id, shotId);
    const from = predecessorOf(board, index)!;
    const source = board.shots[from]!.run.resultUrl!;
    const model = board.shots[index]!.draft.model;
    this.update(id, shotId, { state: 'framing', error: undefined, frameRefused: undefined });
    let frame: Blob;
    try {
      frame = await this.deps.lastFrame(source);
    } catch (error) {
      this.update(id, shotId, { state: 'failed', error: this.deps.describe(error), frameRefused: true });
      return;
    }
    await this.useFrame(id, shotId, frame, model, `Last frame of shot ${from + 1}`);
  }

  /** Registers `frame` (the predecessor's last frame, or an image the person chose instead) and waits for it. */
  async useFrame(id: string, shotId: string, frame: Blob, model: string, name: string): Promise<void> {
    this.update(id, shotId, { state: 'registering', error: undefined, frameRefused: undefined });
    try {
      const asset = await this.deps.registerFrame(frame, model, name);
      this.update(id, shotId, { state: 'preparing', frameAssetId: asset.id });
    } catch (error) {
      this.update(id, shotId, { state: 'failed', error: this.deps.describe(error), frameRefused: true });
      return;
    }
    await this.prepare(id, shotId);
  }

  /** Re-queries the same frame asset until it is ready (asset rule 3), then sends the shot. */
  private async prepare(id: string, shotId: string): Promise<void> {
    const assetId = this.boards.get(id)?.shots[this.indexOf(id, shotId)]?.run.frameAssetId;
    if (!assetId) return;
    if (this.boards.get(id)?.shots[this.indexOf(id, shotId)]?.run.state !== 'preparing')
      this.update(id, shotId, { state: 'preparing' });
    for (let n = 0; ; n++) {
      let asset: Record<string, unknown>;
      try {
        asset = await this.deps.fetchAsset(assetId);
      } catch (error) {
        this.update(id, shotId, { state: 'failed', error: this.deps.describe(error) });
        return;
      }
      const phase = assetPhase(asset);
      if (phase === 'ready') break;
      if (phase === 'failed' || phase === 'disabled') {
        const reason = typeof asset.sync_error === 'string' && asset.sync_error ? asset.sync_error : phase;
        this.update(id, shotId, { state: 'failed', error: reason, frameRefused: true });
        return;
      }
      if (!this.boards.has(id)) return;
      await this.deps.sleep(pollDelay(n));
    }
    await this.submit(id, shotId, assetReference(assetId));
  }

  private async submit(id: string, shotId: string, frameUrl?: string): Promise<void> {
    const board = this.boards.get(id);
    const index = this.indexOf(id, shotId);
    if (!board || index < 0) return;
    const body = shotBody(board, index, frameUrl);
    this.update(id, shotId, { state: 'submitting', error: undefined });
    let taskId: string;
    try {
      ({ id: taskId } = await this.deps.createTask(body, {
        batchId: board.batchId,
        prompt: body.prompt,
        storyboard: {
          id: board.id,
          shot: index + 1,
          ...(board.name.trim() ? { name: board.name.trim() } : {}),
        },
      }));
    } catch (error) {
      this.update(id, shotId, { state: 'failed', error: this.deps.describe(error) });
      return;
    }
    this.update(id, shotId, { state: 'running', taskId, progress: 0 });
    await this.watch(id, shotId);
  }

  private async watch(id: string, shotId: string): Promise<void> {
    for (let n = 0; ; n++) {
      const run = this.boards.get(id)?.shots[this.indexOf(id, shotId)]?.run;
      if (!run?.taskId || run.state !== 'running') return;
      let task: unknown;
      try {
        task = await this.deps.fetchTask(run.taskId);
      } catch {
        // A lost answer is asked again; the task goes on on the server meanwhile.
        await this.deps.sleep(pollDelay(n));
        continue;
      }
      const record = (task ?? {}) as Record<string, unknown>;
      const status = normalizeTaskStatus(record.status);
      if (isTerminalStatus(status)) {
        if (status === 'succeeded') {
          this.update(id, shotId, {
            state: 'succeeded',
            progress: 1,
            resultUrl: resolveResultUrl(task),
            stale: false,
          });
        } else {
          const f = taskFailure(task);
          this.update(id, shotId, {
            state: 'failed',
            error: f.message ?? f.failReason ?? f.code ?? status,
          });
        }
        return;
      }
      const progress = typeof record.progress === 'number' ? record.progress / 100 : run.progress;
      if (progress !== run.progress) this.update(id, shotId, { progress });
      await this.deps.sleep(pollDelay(n));
    }
  }
}
