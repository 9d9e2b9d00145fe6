import type { ShotActions } from './shot-card';
import { duplicateShot, shotChanged, type Shot, type Storyboard } from './storyboard';
import { pickTake, rerunShot } from './storyboard-runs';

export const newBatchId = () => `batch-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

type Edit = (change: (b: Storyboard) => Storyboard) => void;

const withShot = (b: Storyboard, id: string, change: (s: Shot) => Shot): Storyboard => ({
  ...b,
  shots: b.shots.map((s) => (s.id === id ? change(s) : s)),
});

/** What a shot's card can do to the board, as edits of it (the runner saves and resumes them). */
export function shotActions(
  shot: Shot,
  index: number,
  edit: Edit,
  extra: { move: (from: number, to: number) => void; useFrame: (file: File) => void },
): ShotActions {
  return {
    draftChanged: (change) =>
      edit((b) => withShot(b, shot.id, (s) => ({ ...s, draft: { ...s.draft, ...change } }))),
    continueChanged: (on) => edit((b) => withShot(b, shot.id, (s) => ({ ...s, continueFromPrevious: on }))),
    shotChanged: (change) => edit((b) => withShot(b, shot.id, (s) => ({ ...s, ...change }))),
    moved: (to) => extra.move(index, to),
    duplicated: () =>
      edit((b) => {
        const shots = [...b.shots];
        shots.splice(index + 1, 0, duplicateShot(shot));
        return { ...b, shots };
      }),
    removed: () => edit((b) => ({ ...b, shots: b.shots.filter((s) => s.id !== shot.id) })),
    rerun: () => edit((b) => ({ ...rerunShot(b, shot.id), batchId: b.batchId ?? newBatchId() })),
    pickTake: (taskId) => edit((b) => pickTake(b, shot.id, taskId)),
    useKept: () =>
      edit((b) => {
        const kept = b.shots.find((s) => s.id === shot.id)?.run.kept;
        if (!kept) return b;
        return shotChanged(b, shot.id, {
          state: 'succeeded',
          taskId: kept.taskId,
          resultUrl: kept.resultUrl,
          progress: 1,
          kept: undefined,
          error: undefined,
          frameRefused: undefined,
        });
      }),
    frameChosen: extra.useFrame,
  };
}
