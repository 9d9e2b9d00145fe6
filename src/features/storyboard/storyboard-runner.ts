import { assetReference } from '@contract/asset';
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
import type { FrameName, RunnerDeps, Watched } from './runner-deps';
import { readFrameAsset, readTask, waitOn } from './runner-reads';
import { RunClaims } from '@/lib/run-lock';
import { BoardWrites } from './board-writes';
import { takeSettings, withTake } from './storyboard-runs';

export type { FrameName, RunnerDeps, Watched } from './runner-deps';

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
  /** Per board, the ends of what it waits on (watched tasks and assets): stop() calls them. */
  private readonly waits = new Map<string, Set<() => void>>();
  /** Per board with work to do, this tab's claim on its run (one tab runs a board: run-lock.ts). */
  private readonly claims: RunClaims;

  /** Boards found deleted (in another tab) while this tab held them: let go, and not written back. */
  private readonly gone = new Set<string>();
  private readonly writes: BoardWrites;

  constructor(private readonly deps: RunnerDeps) {
    this.claims = new RunClaims(deps.claim, {
      changed: (id) => this.notify(id),
      granted: (id, _live, sync) => {
        this.claims.take(id);
        // Granted later: the tab that ran it may have moved it on; take it up from its record.
        if (!sync) void this.takeUp(id);
      },
    });
    this.writes = new BoardWrites(deps, {
      get: (id) => this.boards.get(id),
      adopt: (board) => {
        this.boards.set(board.id, board);
        this.notify(board.id);
        this.pump(board.id);
      },
      gone: (id) => {
        this.gone.add(id);
        this.stop(id, { forget: true });
        this.notify(id);
      },
    });
    // Another tab wrote a board this one holds: shown as it is now (the waiting tab follows the run live).
    deps.news?.listen((id) => {
      if (this.boards.has(id)) this.writes.refresh(id);
    });
  }

  get(id: string): Storyboard | undefined {
    return this.boards.get(id);
  }

  subscribe(id: string, listener: () => void): () => void {
    let set = this.listeners.get(id);
    if (!set) this.listeners.set(id, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Another tab runs this board now: this one starts and follows nothing of it until that ends. */
  runningElsewhere(id: string): boolean {
    return this.claims.runsElsewhere(id);
  }

  private notify(id: string): void {
    for (const l of this.listeners.get(id) ?? []) l();
  }

  /** Whether the board was deleted in another tab while this one held it. */
  deleted(id: string): boolean {
    return this.gone.has(id);
  }

  /** Replaces the board whole (a new one) and starts whatever it allows. */
  put(board: Storyboard): void {
    this.writes.setBase(board.id, undefined);
    this.change(board);
  }

  /** Holds the changed board, writes it (merged with what is kept) and starts whatever it now allows. */
  private change(board: Storyboard): void {
    this.boards.set(board.id, board);
    this.writes.write(board.id);
    this.notify(board.id);
    this.pump(board.id);
  }

  /** An edit of the person's: joins follow the shots, the change time is kept for the list. */
  edit(id: string, change: (board: Storyboard) => Storyboard): void {
    const board = this.boards.get(id);
    if (!board) return;
    const next = change(board);
    this.change({ ...next, joins: fitJoins(next.joins, next.shots.length), updatedAt: Date.now() });
  }

  private update(id: string, shotId: string, change: Partial<ShotRun>): Storyboard | undefined {
    const board = this.boards.get(id);
    if (!board) return undefined;
    const next = { ...shotChanged(board, shotId, change), updatedAt: Date.now() };
    this.change(next);
    return next;
  }

  /**
   * Stops a board's run in this tab: nothing more is watched or started. Its shots not finished
   * say they were stopped (a task already sent goes on on the server, and shows in Tasks); Run
   * starts them again. `forget`: the board is let go too (deleted), so no late answer brings it back.
   */
  stop(id: string, { forget = false }: { forget?: boolean } = {}): void {
    for (const end of this.waits.get(id) ?? []) end();
    this.waits.delete(id);
    this.claims.release(id);
    const board = this.boards.get(id);
    if (!board) return;
    if (forget) {
      this.boards.delete(id);
      this.writes.setBase(id, undefined);
      return;
    }
    this.change({
      ...board,
      updatedAt: Date.now(),
      shots: board.shots.map((s) =>
        s.run.state === 'queued' || isActive(s.run)
          ? { ...s, run: { ...s.run, state: 'failed', error: 'stopped', progress: undefined } }
          : s,
      ),
    });
  }

  /** Waits on a watched query of the board's (runner-reads' waitOn); undefined when the board was stopped. */
  private until<T, R>(
    id: string,
    watch: (seen: (w: Watched<T>) => void) => () => void,
    decide: (w: Watched<T>) => R | undefined,
  ): Promise<R | undefined> {
    let ends = this.waits.get(id);
    if (!ends) this.waits.set(id, (ends = new Set()));
    return waitOn(ends, watch, decide);
  }

  /**
   * Takes up a board read back from storage: tasks are followed again, cut-off steps redone. Not
   * written back: another tab may be running it, and what this tab read is older than its record.
   */
  follow(board: Storyboard): void {
    if (this.boards.has(board.id)) return;
    const shown = resumed(board);
    this.boards.set(board.id, shown);
    // What resumed() changed is not this tab's to write while another tab runs the board...
    this.writes.setBase(board.id, shown);
    this.notify(board.id);
    this.pump(board.id);
    // ...but is when this tab runs it: its steps go on from there.
    if (this.claims.holds(board.id)) this.writes.setBase(board.id, board);
  }

  /**
   * Whether this tab may start and follow the board's steps now: it holds the board's run, claimed
   * when there is work and let go when there is none. Without a claim (one runner) it always may.
   */
  private mayRun(board: Storyboard): boolean {
    if (!this.claims.guarded) return true;
    const inFlight = board.shots.some((s) => this.busy.has(s.id));
    if (!inFlight && nextSteps(board).length === 0 && !board.shots.some((s) => isActive(s.run))) {
      this.claims.release(board.id);
      return false;
    }
    return this.claims.request(board.id);
  }

  private async takeUp(id: string): Promise<void> {
    if (!this.deps.load) return this.pump(id);
    const kept = await this.deps.load(id).then(
      (b) => b ?? ('deleted' as const),
      () => undefined,
    );
    if (!this.boards.has(id)) return;
    if (kept === 'deleted') {
      // Deleted by the tab that ran it: this one must not run it again, nor write it back.
      this.gone.add(id);
      this.stop(id, { forget: true });
      return this.notify(id);
    }
    if (kept) {
      this.boards.set(id, resumed(kept));
      this.writes.setBase(id, kept);
    }
    this.notify(id);
    this.pump(id);
  }

  private pump(id: string): void {
    const board = this.boards.get(id);
    if (!board || !this.mayRun(board)) return;
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

  private runOf(id: string, shotId: string): ShotRun | undefined {
    return this.boards.get(id)?.shots.find((s) => s.id === shotId)?.run;
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
      frame = await this.deps.lastFrame(source, board.shots[index]!.frameAt);
    } catch (error) {
      this.update(id, shotId, { state: 'failed', error: this.deps.describe(error), frameRefused: true });
      return;
    }
    await this.useFrame(id, shotId, frame, model, { board: board.name, shot: from + 1 });
  }

  /** Registers `frame` (the predecessor's last frame, or an image the person chose instead) and waits for it. */
  async useFrame(id: string, shotId: string, frame: Blob, model: string, name: FrameName): Promise<void> {
    const board = this.boards.get(id);
    if (!board) return;
    const cutOff = board.shots[this.indexOf(id, shotId)]?.run.registeringSince;
    this.update(id, shotId, {
      state: 'registering',
      error: undefined,
      frameRefused: undefined,
      registeringSince: cutOff ?? Math.floor(Date.now() / 1000),
    });
    try {
      // An upload a reload cut off may have landed: that asset, not a second one.
      const landed =
        cutOff !== undefined && 'board' in name
          ? await this.deps.findFrame?.(name, board, cutOff).catch(() => undefined)
          : undefined;
      if (!landed && (!(await this.writes.stillKept(id)) || this.runOf(id, shotId)?.state !== 'registering'))
        return;
      const asset = landed ?? (await this.deps.registerFrame(frame, model, name, board));
      if (!this.boards.has(id)) return;
      if (asset.groupId && this.boards.get(id)!.frameGroupId !== asset.groupId)
        this.change({ ...this.boards.get(id)!, frameGroupId: asset.groupId });
      this.update(id, shotId, { state: 'preparing', frameAssetId: asset.id, registeringSince: undefined });
    } catch (error) {
      this.update(id, shotId, { state: 'failed', error: this.deps.describe(error), frameRefused: true });
      return;
    }
    await this.prepare(id, shotId);
  }

  /** Follows the same frame asset until it is ready (asset rule 3), then sends the shot. */
  private async prepare(id: string, shotId: string): Promise<void> {
    const assetId = this.boards.get(id)?.shots[this.indexOf(id, shotId)]?.run.frameAssetId;
    if (!assetId) return;
    if (this.boards.get(id)?.shots[this.indexOf(id, shotId)]?.run.state !== 'preparing')
      this.update(id, shotId, { state: 'preparing' });
    const outcome = await this.until(
      id,
      (seen: (w: Watched<Record<string, unknown>>) => void) =>
        this.deps.watchAsset(assetId, this.boards.get(id)?.frameGroupId, seen),
      readFrameAsset,
    );
    if (!outcome || !this.boards.has(id)) return;
    if ('error' in outcome) {
      this.update(id, shotId, {
        state: 'failed',
        error: outcome.error,
        ...(outcome.refused ? { frameRefused: true } : {}),
      });
      return;
    }
    await this.submit(id, shotId, assetReference(assetId));
  }

  private async submit(id: string, shotId: string, frameUrl?: string): Promise<void> {
    const board = this.boards.get(id);
    const index = this.indexOf(id, shotId);
    if (!board || index < 0) return;
    const body = shotBody(board, index, frameUrl);
    // What this take is made with, kept with it: the draft may change before it ends.
    this.update(id, shotId, {
      state: 'submitting',
      error: undefined,
      sent: takeSettings(board, index, body),
    });
    // A task costs money: none is sent for a board deleted in another tab, or stopped, meanwhile.
    if (!(await this.writes.stillKept(id)) || this.runOf(id, shotId)?.state !== 'submitting') return;
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

  /** Follows the shot's task to its end; a refused key or a task gone ends the wait with words. */
  private async watch(id: string, shotId: string): Promise<void> {
    const taskId = this.boards.get(id)?.shots[this.indexOf(id, shotId)]?.run.taskId;
    if (!taskId) return;
    const outcome = await this.until<unknown, Partial<ShotRun>>(
      id,
      (seen) => this.deps.watchTask(taskId, seen),
      (w) => {
        const read = readTask(w);
        if (!read) return undefined;
        const before = this.boards.get(id)?.shots[this.indexOf(id, shotId)]?.run;
        if (read.kind === 'failed') return { state: 'failed', error: read.error };
        if (read.kind === 'active') {
          const progress = read.progress ?? before?.progress;
          if (before && progress !== before.progress) this.update(id, shotId, { progress });
          return undefined;
        }
        const { resultUrl } = read;
        const settings = before?.sent;
        return {
          state: 'succeeded',
          progress: 1,
          resultUrl,
          stale: false,
          kept: undefined,
          // Every good take is kept: the person may pick an earlier one again.
          ...(resultUrl
            ? { takes: withTake(before?.takes, { taskId, resultUrl, ...(settings ? { settings } : {}) }) }
            : {}),
        };
      },
    );
    const run = this.boards.get(id)?.shots[this.indexOf(id, shotId)]?.run;
    // Stopped, or the shot was sent again meanwhile: this answer is not its own any more.
    if (!outcome || run?.taskId !== taskId || run.state !== 'running') return;
    this.update(id, shotId, outcome);
  }
}
