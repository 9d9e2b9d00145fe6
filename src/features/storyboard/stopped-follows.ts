import type { RunnerDeps, Watched } from './runner-deps';
import { BoardWaits } from './runner-reads';
import type { Storyboard } from './storyboard';
import { endOfStoppedTask, isStoppedTask, stoppedTaskEnded } from './stopped-takes';

/** What the follows ask of the runner that holds the boards. */
export interface FollowsHost {
  board(id: string): Storyboard | undefined;
  /** The board with a stopped task's end: held, written and shown. */
  change(board: Storyboard): void;
}

/**
 * Follows the stopped shots' tasks (stopped-takes.ts has the rules) to their ends, beside the
 * shots' own steps (a new run of the shot may go on meanwhile): a result joins the takes, a
 * failure just ends the following. Every tab that holds the board follows them, whether it runs
 * the board, waits while another does, or neither: following takes no run lock, and the take joins
 * once however many tabs write it, the takes being merged by task (board-merge.ts, decision 691).
 */
export class StoppedFollows {
  private readonly waits = new BoardWaits();
  /** The tasks followed now, per board: `${boardId}\n${taskId}`. */
  private readonly followed = new Set<string>();

  constructor(
    private readonly deps: Pick<RunnerDeps, 'watchTask'>,
    private readonly host: FollowsHost,
  ) {}

  /** Follows each stopped task of the board not followed yet. */
  followAll(board: Storyboard): void {
    for (const shot of board.shots)
      for (const task of shot.stoppedTasks ?? []) this.follow(board.id, shot.id, task.taskId);
  }

  /** Ends every follow of the board's (deleted, or Stop found nothing left to follow). */
  end(id: string): void {
    this.waits.end(id);
  }

  private follow(id: string, shotId: string, taskId: string): void {
    const key = `${id}\n${taskId}`;
    if (this.followed.has(key)) return;
    this.followed.add(key);
    // Its shot removed, or the task joined by another tab: no longer followed, at its next read.
    const decide = (w: Watched<unknown>) =>
      isStoppedTask(this.host.board(id), shotId, taskId) ? endOfStoppedTask(w) : {};
    void this.waits
      .until(id, (seen) => this.deps.watchTask(taskId, seen), decide)
      .then((end) => {
        this.followed.delete(key);
        const board = this.host.board(id);
        const next = end && board && stoppedTaskEnded(board, shotId, taskId, end.resultUrl);
        if (next && next !== board) this.host.change(next);
      });
  }
}
