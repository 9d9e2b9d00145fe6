import type { CreateVideo } from '@contract/video';
import { shortHash } from '@/lib/short-hash';
import {
  dependentsOf,
  isActive,
  predecessorOf,
  shotBody,
  type ShotRun,
  type Storyboard,
  type Take,
  type TakeSettings,
} from './storyboard';

/**
 * What a run covers and what it keeps: Run's shots (new, stale or failed), a retake, every shot
 * again, and the takes of each shot. Pure rules, as storyboard.ts; the runner performs them.
 */

/** Takes kept per shot: older ones stay in Tasks. */
export const MAX_TAKES = 8;

/** The shot's takes with `take` added last (once). */
export function withTake(takes: readonly Take[] | undefined, take: Take): Take[] {
  return [...(takes ?? []).filter((t) => t.taskId !== take.taskId), take].slice(-MAX_TAKES);
}

/**
 * The print of the request the shot's draft gives now: equal prints, the same request. The first
 * frame is the placeholder shotBody puts there (each run takes a new one); the point of the
 * previous take it is taken at is not in the body, so it is printed beside it.
 */
export function requestPrint(board: Storyboard, index: number): string {
  const continuing = predecessorOf(board, index) !== undefined;
  const frameAt = continuing ? (board.shots[index]!.frameAt ?? null) : null;
  return shortHash(JSON.stringify([shotBody(board, index), frameAt]));
}

/** What a take is made with: the request's settings, the camera move and the frame it continues from. */
export function takeSettings(board: Storyboard, index: number, body: CreateVideo): TakeSettings {
  const shot = board.shots[index]!;
  const continuing = predecessorOf(board, index) !== undefined;
  return {
    request: requestPrint(board, index),
    model: body.model,
    prompt: body.prompt ?? '',
    ...(typeof body.duration === 'number' ? { duration: body.duration } : {}),
    ...(body.resolution ? { resolution: body.resolution } : {}),
    ...(body.ratio ? { ratio: body.ratio } : {}),
    ...(shot.camera && shot.camera !== 'none' ? { camera: shot.camera } : {}),
    ...(continuing && shot.frameAt !== undefined ? { frameAt: shot.frameAt } : {}),
  };
}

/** The take a new run of a shot keeps on show: its own good result, or the one it kept before. */
function keptTake(run: ShotRun): ShotRun['kept'] {
  if (run.state === 'succeeded' && run.taskId && run.resultUrl)
    return { taskId: run.taskId, resultUrl: run.resultUrl };
  return run.kept;
}

const queuedRun = (run: ShotRun): ShotRun => {
  const kept = keptTake(run);
  return { state: 'queued', ...(kept ? { kept } : {}), ...(run.takes?.length ? { takes: run.takes } : {}) };
};

/**
 * Makes one of a shot's takes the one assembly and the next shot's continuity use. The shots that
 * continue from it and have run are marked stale: their first frame came from another take.
 */
export function pickTake(board: Storyboard, shotId: string, taskId: string): Storyboard {
  const index = board.shots.findIndex((s) => s.id === shotId);
  const shot = board.shots[index];
  const take = shot?.run.takes?.find((t) => t.taskId === taskId);
  if (!shot || !take || isActive(shot.run) || shot.run.taskId === taskId) return board;
  const dependents = new Set(dependentsOf(board, index));
  return {
    ...board,
    shots: board.shots.map((s, i) => {
      if (i === index)
        return {
          ...s,
          run: {
            state: 'succeeded',
            taskId: take.taskId,
            resultUrl: take.resultUrl,
            progress: 1,
            takes: s.run.takes,
            ...(take.settings ? { sent: take.settings } : {}),
          },
        };
      if (dependents.has(i) && s.run.state !== 'idle' && s.run.state !== 'queued')
        return { ...s, run: { ...s.run, stale: true } };
      return s;
    }),
  };
}

/** The settings compared when a take has no request print (kept before takes carried one). */
const SETTING_KEYS = ['model', 'prompt', 'duration', 'resolution', 'ratio', 'camera', 'frameAt'] as const;

/**
 * Whether a succeeded shot's draft was edited since its newest take was sent: its result no longer
 * shows what the draft asks for. The newest take, not the one on show: a person who picks an older
 * take chose its result, and the draft they went on from is the one the newest was made with.
 */
export function editedSinceTake(board: Storyboard, index: number): boolean {
  const run = board.shots[index]!.run;
  if (run.state !== 'succeeded') return false;
  const made = run.takes?.at(-1)?.settings ?? run.sent;
  if (!made) return false;
  if (made.request !== undefined) return made.request !== requestPrint(board, index);
  const now = takeSettings(board, index, shotBody(board, index));
  return SETTING_KEYS.some((key) => now[key] !== made[key]);
}

/**
 * What Run starts: every shot that is new (never run), failed, blocked, stale or edited since its
 * take, and every shot that continues from one of them (its first frame will change). A shot that
 * succeeded and is current is left alone: Run never spends tokens on it again.
 */
export function pendingShots(board: Storyboard): number[] {
  const out = new Set<number>();
  board.shots.forEach((s, i) => {
    const { state, stale } = s.run;
    if (state === 'idle' || state === 'failed' || state === 'blocked' || stale || editedSinceTake(board, i)) {
      out.add(i);
      for (const d of dependentsOf(board, i)) out.add(d);
    }
  });
  return [...out].sort((a, b) => a - b);
}

/**
 * A run of the given shots: they are queued (each keeping its last good take on show), the others
 * keep their results, the assembled file stays on the page (it says when it is outdated), and the
 * monitor groups the run's tasks as one batch.
 */
export function runShots(board: Storyboard, indices: readonly number[], batchId: string): Storyboard {
  const chosen = new Set(indices);
  return {
    ...board,
    batchId,
    shots: board.shots.map((s, i) => (chosen.has(i) ? { ...s, run: queuedRun(s.run) } : s)),
  };
}

/** "Run every shot again": all queued; their good takes stay on show until replaced. */
export function runAll(board: Storyboard, batchId: string): Storyboard {
  return runShots(
    board,
    board.shots.map((_, i) => i),
    batchId,
  );
}

/**
 * Re-runs one shot. Each shot that continues from it (transitively) and has run is marked stale:
 * its first frame came from the result being replaced; the page offers to re-run it.
 */
export function rerunShot(board: Storyboard, shotId: string): Storyboard {
  const index = board.shots.findIndex((s) => s.id === shotId);
  if (index < 0) return board;
  const dependents = new Set(dependentsOf(board, index));
  return {
    ...board,
    shots: board.shots.map((s, i) => {
      if (i === index) return { ...s, run: queuedRun(s.run) };
      if (dependents.has(i) && s.run.state !== 'idle' && s.run.state !== 'queued')
        return { ...s, run: { ...s.run, stale: true } };
      return s;
    }),
  };
}
