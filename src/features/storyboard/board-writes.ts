import { mergeBoard, sameValue } from './board-merge';
import type { RunnerDeps } from './runner-deps';
import type { Storyboard } from './storyboard';

/** What the writes ask of the runner that holds the boards. */
export interface WritesHost {
  get(id: string): Storyboard | undefined;
  /** The board as merged with what another tab wrote: held, shown, and its next steps started. */
  adopt(board: Storyboard): void;
  /** The board was deleted (in another tab): let go, and never written back. */
  gone(id: string): void;
}

/**
 * A runner's writes of its boards (decision 550): one at a time per board, each this tab's changes
 * since its base merged over the record kept now, so what another tab wrote meanwhile (its run's
 * task ids and takes, or the person's edit) stays; the runner then holds that merge.
 */
export class BoardWrites {
  /**
   * Per board, the record as this tab last read or wrote it: a write merges what changed since
   * with the record kept now (board-merge.ts). None: the board is new here (put), written whole.
   */
  private readonly bases = new Map<string, Storyboard>();
  /** Per board, its writes one after another, and whether one is waiting to start. */
  private readonly chains = new Map<string, Promise<void>>();
  private readonly due = new Set<string>();
  /** Per board, whether a change of the write due is more than a stopped task's join. */
  private readonly loud = new Set<string>();

  /** Per board, whether a read of the kept record (refresh) is waiting to start. */
  private readonly rereads = new Set<string>();

  constructor(
    private readonly deps: Pick<RunnerDeps, 'save' | 'load' | 'news'>,
    private readonly host: WritesHost,
  ) {}

  /** What this tab knows to be kept; undefined: the board is written whole (a new one). */
  setBase(id: string, board: Storyboard | undefined): void {
    if (board) this.bases.set(id, board);
    else this.bases.delete(id);
  }

  /**
   * Writes the board after the writes before it; several changes meanwhile make one write, quiet
   * only when each of them was (RunnerDeps.save).
   */
  write(id: string, { quiet = false }: { quiet?: boolean } = {}): void {
    if (!quiet) this.loud.add(id);
    if (this.due.has(id)) return;
    this.due.add(id);
    this.then(id, () => this.sync(id));
  }

  /**
   * Another tab wrote or deleted the board: the record is read again, after this tab's own writes,
   * and held merged with what this tab changed since (nothing is written: that tab's run shows here
   * live); a record gone is let go, as a write finding it gone does.
   */
  refresh(id: string): void {
    if (!this.deps.load || this.rereads.has(id)) return;
    this.rereads.add(id);
    this.then(id, () => this.reread(id));
  }

  private then(id: string, work: () => Promise<void>): void {
    const next = (this.chains.get(id) ?? Promise.resolve()).then(work);
    this.chains.set(id, next);
    void next.finally(() => {
      if (this.chains.get(id) === next) this.chains.delete(id);
    });
  }

  /** The board's writes under way or due, settled once the last has landed; undefined when none. */
  settled(id: string): Promise<void> | undefined {
    return this.chains.get(id);
  }

  /** Whether the board is still held once its writes are done (not deleted in another tab). */
  async stillKept(id: string): Promise<boolean> {
    await this.chains.get(id);
    return this.host.get(id) !== undefined;
  }

  private async sync(id: string): Promise<void> {
    this.due.delete(id);
    const quiet = !this.loud.delete(id);
    const ours = this.host.get(id);
    if (!ours) return;
    const base = this.bases.get(id);
    const kept = await this.deps
      .save(
        id,
        (theirs) => (!theirs ? (base ? undefined : ours) : base ? mergeBoard(base, ours, theirs) : ours),
        { quiet },
      )
      // Storage refused the write (quota, private mode): the board goes on here, the next change writes.
      .catch(() => null);
    const now = this.host.get(id);
    if (kept === null || !now) return;
    // A record deleted meanwhile is not written back: its run here stops.
    if (!kept) return this.host.gone(id);
    this.deps.news?.changed(id);
    this.bases.set(id, kept);
    // Changed here while it was written: those changes go over the merge too (the next write has them).
    const merged = now === ours ? kept : mergeBoard(ours, now, kept);
    if (!sameValue(merged, now)) this.host.adopt(merged);
  }

  private async reread(id: string): Promise<void> {
    this.rereads.delete(id);
    // No base: a new board here, not written yet; its write brings the record.
    if (!this.bases.has(id) || !this.host.get(id)) return;
    // Unreadable (null): left to this tab's next write.
    const kept = await this.deps.load!(id).catch(() => null);
    const now = this.host.get(id);
    const base = this.bases.get(id);
    if (kept === null || !now || !base) return;
    // It was kept (this tab read or wrote it): none now is a delete.
    if (!kept) return this.host.gone(id);
    this.bases.set(id, kept);
    // What this tab changed since its base stays over the record (its write is due after this).
    const merged = mergeBoard(base, now, kept);
    if (!sameValue(merged, now)) this.host.adopt(merged);
  }
}
