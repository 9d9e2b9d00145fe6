import { isActive, type ShotRun, type Storyboard } from './storyboard';
import type { Watched } from './runner-deps';
import { readTask } from './runner-reads';
import { withTake } from './storyboard-runs';

/**
 * What Stop leaves of a run, and what becomes of the tasks it could not call back. A task already
 * sent goes on on the server and is billed: it is kept on its shot (`stoppedTasks`) and followed
 * quietly by each tab that holds the board, and its result joins the shot's takes. Pure rules, as
 * storyboard.ts; stopped-follows.ts performs them (decisions 650, 691).
 */

/** A stopped shot's task as the cache shows it, once it has ended: its result, if it succeeded with one. */
export function endOfStoppedTask(w: Watched<unknown>): { resultUrl?: string } | undefined {
  const read = readTask(w);
  if (!read || read.kind === 'active') return undefined;
  return read.kind === 'succeeded' ? { resultUrl: read.resultUrl } : {};
}

/** Whether the shot still lists the task to follow (not removed, nor ended in another tab). */
export const isStoppedTask = (board: Storyboard | undefined, shotId: string, taskId: string) =>
  !!board?.shots.some((s) => s.id === shotId && s.stoppedTasks?.some((t) => t.taskId === taskId));

export const hasStoppedTasks = (board: Storyboard) => board.shots.some((s) => s.stoppedTasks?.length);

/**
 * The board as Stop leaves it: every shot queued or under way says it was stopped (Run starts it
 * again); one whose task was sent keeps that task to follow, off its run, so that a new run of the
 * shot, or picking the take once it has joined, is free to use the run.
 */
export function stoppedBoard(board: Storyboard): Storyboard {
  return {
    ...board,
    shots: board.shots.map((s) => {
      if (s.run.state !== 'queued' && !isActive(s.run)) return s;
      const { taskId, ...rest } = s.run;
      const run: ShotRun = { ...rest, state: 'failed', error: 'stopped', progress: undefined };
      if (s.run.state !== 'running' || !taskId) return { ...s, run };
      const sent = { taskId, ...(s.run.sent ? { settings: s.run.sent } : {}) };
      return {
        ...s,
        run,
        stoppedTasks: [...(s.stoppedTasks ?? []).filter((t) => t.taskId !== taskId), sent],
      };
    }),
  };
}

/**
 * A task sent for a shot that is stopped now: kept to follow, as Stop keeps the ones it finds
 * running (the answer to a send cut off by Stop arrives after it). The run is left as Stop left it.
 */
export function withStoppedTask(board: Storyboard, shotId: string, taskId: string): Storyboard {
  return {
    ...board,
    shots: board.shots.map((s) =>
      s.id !== shotId || s.stoppedTasks?.some((t) => t.taskId === taskId)
        ? s
        : {
            ...s,
            stoppedTasks: [
              ...(s.stoppedTasks ?? []),
              { taskId, ...(s.run.sent ? { settings: s.run.sent } : {}) },
            ],
          },
    ),
  };
}

/**
 * A stopped shot's task has ended: it is no longer followed and, when it succeeded with a result,
 * joins the shot's takes with its settings. Nothing else of the shot changes: its state, the take
 * on show and the run under way (a new Run meanwhile) stay as they are; the person picks it.
 */
export function stoppedTaskEnded(
  board: Storyboard,
  shotId: string,
  taskId: string,
  resultUrl: string | undefined,
): Storyboard {
  if (!isStoppedTask(board, shotId, taskId)) return board;
  return {
    ...board,
    shots: board.shots.map((s) => {
      const task = s.id === shotId ? s.stoppedTasks?.find((t) => t.taskId === taskId) : undefined;
      if (!task) return s;
      const left = s.stoppedTasks!.filter((t) => t.taskId !== taskId);
      const { stoppedTasks: _, ...shot } = s;
      return {
        ...shot,
        ...(left.length ? { stoppedTasks: left } : {}),
        run: resultUrl
          ? {
              ...s.run,
              takes: withTake(s.run.takes, {
                taskId,
                resultUrl,
                ...(task.settings ? { settings: task.settings } : {}),
              }),
            }
          : s.run,
      };
    }),
  };
}
