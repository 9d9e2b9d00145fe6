import {
  fitJoins,
  isActive,
  nextSteps,
  resumed,
  shotChanged,
  type ShotRun,
  type Storyboard,
} from './storyboard';
import type { FrameName, RunnerDeps } from './runner-deps';
import { BoardWaits } from './runner-reads';
import { RunClaims } from '@/lib/run-lock';
import { BoardWrites } from './board-writes';
import { ShotSteps } from './runner-steps';
import { StoppedFollows } from './stopped-follows';
import { hasStoppedTasks, stoppedBoard, withStoppedTask } from './stopped-takes';

export type { FrameName, RunnerDeps, Watched } from './runner-deps';

/**
 * Runs storyboards: starts each step nextSteps() names (the steps themselves: runner-steps.ts),
 * holds the boards and writes them after every change (board-writes.ts), one tab per board's run
 * (run-lock.ts), and follows the tasks a Stop left running (stopped-follows.ts). Lives outside
 * React, so a run goes on while the person visits other pages; after a reload `follow()` resumes
 * from what was kept.
 */
export class StoryboardRunner {
  private readonly boards = new Map<string, Storyboard>();
  private readonly listeners = new Map<string, Set<() => void>>();
  /** Shots whose current step is in flight in this tab. */
  private readonly busy = new Set<string>();
  /** What the boards' runs wait on (watched tasks and assets): stop() ends them. */
  private readonly waits = new BoardWaits();
  private readonly stopped: StoppedFollows;
  /** Per board with work to do, this tab's claim on its run (one tab runs a board: run-lock.ts). */
  private readonly claims: RunClaims;

  /** Boards found deleted (in another tab) while this tab held them: let go, and not written back. */
  private readonly gone = new Set<string>();
  private readonly writes: BoardWrites;
  private readonly steps: ShotSteps;

  constructor(private readonly deps: RunnerDeps) {
    this.claims = new RunClaims(deps.claim, {
      changed: (id) => this.notify(id),
      granted: (id, _live, sync) => {
        this.claims.take(id);
        // Granted later: the tab that ran it may have moved it on; take it up from its record.
        if (!sync) void this.takeUp(id);
      },
      // The next tab reads the record as this one left it: after Stop, stopped (not still running).
      lastWrite: (id) => this.writes.settled(id),
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
    this.steps = new ShotSteps(deps, {
      board: (id) => this.boards.get(id),
      update: (id, shotId, change) => this.update(id, shotId, change),
      change: (board) => this.change(board),
      until: (id, watch, decide) => this.waits.until(id, watch, decide),
      stillKept: (id) => this.writes.stillKept(id),
    });
    this.stopped = new StoppedFollows(deps, {
      board: (id) => this.boards.get(id),
      // A join in a tab that does not run the board: its strip must not take that run for its own.
      change: (board) => this.change(board, { quiet: true }),
    });
    // Another tab wrote or deleted a board this one holds: shown as it is now (the waiting tab
    // follows the run live), or let go.
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
  private change(board: Storyboard, write?: { quiet: boolean }): void {
    this.boards.set(board.id, board);
    this.writes.write(board.id, write);
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
    const run = board.shots.find((s) => s.id === shotId)?.run;
    // The task of a send Stop cut off: paid for, so followed as Stop's others, and the shot stays stopped.
    if (change.state === 'running' && change.taskId && run?.state === 'failed' && run.error === 'stopped') {
      this.change(withStoppedTask(board, shotId, change.taskId));
      return this.boards.get(id);
    }
    const next = { ...shotChanged(board, shotId, change), updatedAt: Date.now() };
    this.change(next);
    return next;
  }

  /**
   * Stops a board's run in this tab: nothing more is started, and its shots not finished say they
   * were stopped (Run starts them again), and the run is let go: another tab may run the board. A
   * task already sent goes on on the server and is billed: it is still followed, quietly, and joins
   * its shot's takes (stopped-follows.ts), which needs no claim (decision 691). `forget`: the board
   * is let go too (deleted), so no late answer brings it back.
   */
  stop(id: string, { forget = false }: { forget?: boolean } = {}): void {
    this.waits.end(id);
    const board = this.boards.get(id);
    const next = board && !forget ? stoppedBoard(board) : undefined;
    if (!next || !hasStoppedTasks(next)) this.stopped.end(id);
    if (board && forget) {
      this.boards.delete(id);
      this.writes.setBase(id, undefined);
    } else if (next) this.change({ ...next, updatedAt: Date.now() });
    // After the stopped board's write is due: the claim goes once it has landed (lastWrite).
    this.claims.release(id);
  }

  /**
   * Takes up a board read back from storage: tasks are followed again, cut-off steps redone. Not
   * written back: another tab may be running it, and what this tab read is older than its record.
   */
  follow(board: Storyboard): void {
    if (this.boards.has(board.id)) return;
    const shown = resumed(board, { sendKeys: this.deps.sendKeys?.() ?? false });
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
    const idle = nextSteps(board).length === 0 && !board.shots.some((s) => isActive(s.run));
    // A stopped task followed is no work of the run's: it holds no claim (decision 691).
    if (!inFlight && idle) {
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
      this.boards.set(id, resumed(kept, { sendKeys: this.deps.sendKeys?.() ?? false }));
      this.writes.setBase(id, kept);
    }
    this.notify(id);
    this.pump(id);
  }

  private pump(id: string): void {
    const board = this.boards.get(id);
    if (!board) return;
    // Whoever runs the board: a stopped task's take joins once, whichever tabs write it.
    this.stopped.followAll(board);
    if (!this.mayRun(board)) return;
    for (const step of nextSteps(board)) {
      const shot = board.shots[step.index]!;
      if (this.busy.has(shot.id)) continue;
      if (step.kind === 'block') {
        const reason = step.reason === 'failed' ? 'predecessorFailed' : 'predecessorNoResult';
        this.update(id, shot.id, { state: 'blocked', error: reason });
      } else if (step.kind === 'submit') {
        this.track(shot.id, () => this.steps.submit(id, shot.id));
      } else if (shot.run.frameAssetId) {
        this.track(shot.id, () => this.steps.prepare(id, shot.id));
      } else {
        this.track(shot.id, () => this.steps.frame(id, shot.id));
      }
    }
    for (const shot of board.shots) {
      if (this.busy.has(shot.id) || !isActive(shot.run)) continue;
      if (shot.run.state === 'running' && shot.run.taskId)
        this.track(shot.id, () => this.steps.watch(id, shot.id));
      else if (shot.run.state === 'preparing' && shot.run.frameAssetId)
        this.track(shot.id, () => this.steps.prepare(id, shot.id));
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

  /**
   * Deletes the board (the header's Delete): its run here stops and it is let go, `remove` deletes
   * the record, then the other tabs are told, so that one running or showing it lets it go at once.
   */
  async remove(id: string, remove: (id: string) => Promise<void>): Promise<void> {
    this.stop(id, { forget: true });
    await remove(id);
    this.deps.news?.changed(id);
  }

  /** Registers `frame` (the predecessor's last frame, or an image the person chose instead) and waits for it. */
  useFrame(id: string, shotId: string, frame: Blob, model: string, name: FrameName): Promise<void> {
    return this.steps.useFrame(id, shotId, frame, model, name);
  }
}
