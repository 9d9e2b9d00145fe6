import { assetReference } from '@contract/asset';
import { predecessorOf, shotBody, type ShotRun, type Storyboard } from './storyboard';
import type { FrameName, RunnerDeps, Watched } from './runner-deps';
import { readFrameAsset, readTask } from './runner-reads';
import { takeSettings, withTake } from './storyboard-runs';
import { randomUuid } from '@/lib/random-uuid';

/** What the steps ask of the runner that holds the boards (storyboard-runner.ts). */
export interface StepsHost {
  board(id: string): Storyboard | undefined;
  /** The board with one shot's run changed, held and written (undefined: the board is gone). */
  update(id: string, shotId: string, change: Partial<ShotRun>): Storyboard | undefined;
  change(board: Storyboard): void;
  /** Waits on a watched query of the board's; undefined when the board was stopped meanwhile. */
  until<T, R>(
    id: string,
    watch: (seen: (w: Watched<T>) => void) => () => void,
    decide: (w: Watched<T>) => R | undefined,
  ): Promise<R | undefined>;
  /** Whether the board is still held once its writes are done (not deleted in another tab). */
  stillKept(id: string): Promise<boolean>;
}

/**
 * One shot's steps, each to its end: take the predecessor's frame, register it, wait until it is
 * ready, send the task, follow it to its take. The runner decides which step starts when
 * (nextSteps, its claim on the board); each step reads the board again after every wait, since
 * the person may edit, stop or delete it meanwhile.
 */
export class ShotSteps {
  constructor(
    private readonly deps: RunnerDeps,
    private readonly host: StepsHost,
  ) {}

  private runOf(id: string, shotId: string): ShotRun | undefined {
    return this.host.board(id)?.shots.find((s) => s.id === shotId)?.run;
  }

  private indexOf(id: string, shotId: string): number {
    return this.host.board(id)?.shots.findIndex((s) => s.id === shotId) ?? -1;
  }

  async frame(id: string, shotId: string): Promise<void> {
    const board = this.host.board(id)!;
    const index = this.indexOf(id, shotId);
    const from = predecessorOf(board, index)!;
    const source = board.shots[from]!.run.resultUrl!;
    const model = board.shots[index]!.draft.model;
    this.host.update(id, shotId, { state: 'framing', error: undefined, frameRefused: undefined });
    let frame: Blob;
    try {
      frame = await this.deps.lastFrame(source, board.shots[index]!.frameAt);
    } catch (error) {
      this.host.update(id, shotId, { state: 'failed', error: this.deps.describe(error), frameRefused: true });
      return;
    }
    await this.useFrame(id, shotId, frame, model, { board: board.name, shot: from + 1 });
  }

  /** Registers `frame` (the predecessor's last frame, or an image the person chose instead) and waits for it. */
  async useFrame(id: string, shotId: string, frame: Blob, model: string, name: FrameName): Promise<void> {
    const board = this.host.board(id);
    if (!board) return;
    const cutOff = board.shots[this.indexOf(id, shotId)]?.run.registeringSince;
    this.host.update(id, shotId, {
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
      if (!landed && (!(await this.host.stillKept(id)) || this.runOf(id, shotId)?.state !== 'registering'))
        return;
      const asset = landed ?? (await this.deps.registerFrame(frame, model, name, board));
      if (!this.host.board(id)) return;
      if (asset.groupId && this.host.board(id)!.frameGroupId !== asset.groupId)
        this.host.change({ ...this.host.board(id)!, frameGroupId: asset.groupId });
      this.host.update(id, shotId, {
        state: 'preparing',
        frameAssetId: asset.id,
        registeringSince: undefined,
      });
    } catch (error) {
      this.host.update(id, shotId, { state: 'failed', error: this.deps.describe(error), frameRefused: true });
      return;
    }
    await this.prepare(id, shotId);
  }

  /** Follows the same frame asset until it is ready (asset rule 3), then sends the shot. */
  async prepare(id: string, shotId: string): Promise<void> {
    const assetId = this.host.board(id)?.shots[this.indexOf(id, shotId)]?.run.frameAssetId;
    if (!assetId) return;
    if (this.host.board(id)?.shots[this.indexOf(id, shotId)]?.run.state !== 'preparing')
      this.host.update(id, shotId, { state: 'preparing' });
    const outcome = await this.host.until(
      id,
      (seen: (w: Watched<Record<string, unknown>>) => void) =>
        this.deps.watchAsset(assetId, this.host.board(id)?.frameGroupId, seen),
      readFrameAsset,
    );
    if (!outcome || !this.host.board(id)) return;
    if ('error' in outcome) {
      this.host.update(id, shotId, {
        state: 'failed',
        error: outcome.error,
        ...(outcome.refused ? { frameRefused: true } : {}),
      });
      return;
    }
    await this.submit(id, shotId, assetReference(assetId));
  }

  async submit(id: string, shotId: string, frameUrl?: string): Promise<void> {
    const board = this.host.board(id);
    const index = this.indexOf(id, shotId);
    if (!board || index < 0) return;
    // A send a reload cut off goes again with its key and its body (resumed()): the server answers
    // with the task it made then. Else a fresh key, kept (written with 'submitting') before the
    // POST leaves.
    const { sendKey: cutOffKey, sentBody, sent: sentBefore } = board.shots[index]!.run;
    const resent = cutOffKey && sentBody ? sentBody : undefined;
    const body = resent ?? shotBody(board, index, frameUrl);
    const sendKey = cutOffKey ?? (this.deps.sendKeys?.() ? randomUuid() : undefined);
    // What this take is made with, kept with it: the draft may change before it ends.
    this.host.update(id, shotId, {
      state: 'submitting',
      error: undefined,
      // A body sent again keeps what it was made from: the draft may have been edited since.
      sent: (resent && sentBefore) || takeSettings(board, index, body),
      sendKey,
      sentBody: sendKey ? body : undefined,
    });
    // A task costs money: none is sent for a board deleted in another tab, or stopped, meanwhile.
    if (!(await this.host.stillKept(id)) || this.runOf(id, shotId)?.state !== 'submitting') return;
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
        ...(sendKey ? { sendKey } : {}),
      }));
    } catch (error) {
      // Run sends it again as a new request, under a new key.
      this.host.update(id, shotId, {
        state: 'failed',
        error: this.deps.describe(error),
        sendKey: undefined,
        sentBody: undefined,
      });
      return;
    }
    this.host.update(id, shotId, {
      state: 'running',
      taskId,
      progress: 0,
      sendKey: undefined,
      sentBody: undefined,
    });
    await this.watch(id, shotId);
  }

  /** Follows the shot's task to its end; a refused key or a task gone ends the wait with words. */
  async watch(id: string, shotId: string): Promise<void> {
    const taskId = this.host.board(id)?.shots[this.indexOf(id, shotId)]?.run.taskId;
    if (!taskId) return;
    const outcome = await this.host.until<unknown, Partial<ShotRun>>(
      id,
      (seen) => this.deps.watchTask(taskId, seen),
      (w) => {
        const read = readTask(w);
        if (!read) return undefined;
        const before = this.host.board(id)?.shots[this.indexOf(id, shotId)]?.run;
        if (read.kind === 'failed') return { state: 'failed', error: read.error };
        if (read.kind === 'active') {
          const progress = read.progress ?? before?.progress;
          if (before && progress !== before.progress) this.host.update(id, shotId, { progress });
          return undefined;
        }
        return { state: 'succeeded', progress: 1, resultUrl: read.resultUrl, stale: false, kept: undefined };
      },
    );
    const run = this.host.board(id)?.shots[this.indexOf(id, shotId)]?.run;
    // Stopped, or the shot was sent again meanwhile: this answer is not its own any more.
    if (!outcome || run?.taskId !== taskId || run.state !== 'running') return;
    const { resultUrl } = outcome;
    const settings = run.sent;
    this.host.update(id, shotId, {
      ...outcome,
      // Every good take is kept: the person may pick an earlier one again. Read from the run as it
      // is now: a stopped task's take may have joined while this answer waited (stopped-takes.ts).
      ...(resultUrl
        ? { takes: withTake(run.takes, { taskId, resultUrl, ...(settings ? { settings } : {}) }) }
        : {}),
    });
  }
}
