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

  constructor(
    private readonly save: RunnerDeps['save'],
    private readonly host: WritesHost,
  ) {}

  /** What this tab knows to be kept; undefined: the board is written whole (a new one). */
  setBase(id: string, board: Storyboard | undefined): void {
    if (board) this.bases.set(id, board);
    else this.bases.delete(id);
  }

  /** Writes the board after the writes before it; several changes meanwhile make one write. */
  write(id: string): void {
    if (this.due.has(id)) return;
    this.due.add(id);
    const next = (this.chains.get(id) ?? Promise.resolve()).then(() => this.sync(id));
    this.chains.set(id, next);
    void next.finally(() => {
      if (this.chains.get(id) === next) this.chains.delete(id);
    });
  }

  /** Whether the board is still held once its writes are done (not deleted in another tab). */
  async stillKept(id: string): Promise<boolean> {
    await this.chains.get(id);
    return this.host.get(id) !== undefined;
  }

  private async sync(id: string): Promise<void> {
    this.due.delete(id);
    const ours = this.host.get(id);
    if (!ours) return;
    const base = this.bases.get(id);
    const kept = await this.save(id, (theirs) =>
      !theirs ? (base ? undefined : ours) : base ? mergeBoard(base, ours, theirs) : ours,
    )
      // Storage refused the write (quota, private mode): the board goes on here, the next change writes.
      .catch(() => null);
    const now = this.host.get(id);
    if (kept === null || !now) return;
    // A record deleted meanwhile is not written back: its run here stops.
    if (!kept) return this.host.gone(id);
    this.bases.set(id, kept);
    // Changed here while it was written: those changes go over the merge too (the next write has them).
    const merged = now === ours ? kept : mergeBoard(ours, now, kept);
    if (!sameValue(merged, now)) this.host.adopt(merged);
  }
}
