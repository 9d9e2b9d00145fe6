import { describe, expect, it } from 'vitest';
import { newShot, shotBody, shotChanged, type Storyboard } from './storyboard';
import { editedSinceTake, pendingShots, pickTake, runAll, takeSettings, withTake } from './storyboard-runs';

/** Shot 1 alone; shot 2 continues from it. Each has one take made from its draft as it stands. */
function ran(): Storyboard {
  let b: Storyboard = runAll(
    {
      id: 'sb-1',
      name: 'Pier chase',
      updatedAt: 0,
      cast: [],
      shots: [newShot({ prompt: 'a boat leaves the pier' }), newShot({ prompt: 'the boat turns' }, true)],
      joins: ['cut'],
    },
    'batch-1',
  );
  for (const i of [0, 1]) b = made(b, i, `t${i + 1}`);
  return b;
}

/** Shot `i` succeeds with `taskId`, made from the shot as it stands now (as the runner records it). */
function made(b: Storyboard, i: number, taskId: string): Storyboard {
  const settings = takeSettings(b, i, shotBody(b, i));
  const take = { taskId, resultUrl: `https://x/${taskId}.mp4`, settings };
  return shotChanged(b, b.shots[i]!.id, {
    state: 'succeeded',
    taskId,
    resultUrl: take.resultUrl,
    sent: settings,
    takes: withTake(b.shots[i]!.run.takes, take),
  });
}

const edit = (
  b: Storyboard,
  i: number,
  change: (s: Storyboard['shots'][number]) => Storyboard['shots'][number],
) => ({
  ...b,
  shots: b.shots.map((s, j) => (j === i ? change(s) : s)),
});
const prompt = (text: string) => (s: Storyboard['shots'][number]) => ({
  ...s,
  draft: { ...s.draft, prompt: text },
});

describe('a shot edited since its take', () => {
  it('is not edited while its draft is what its take was made with', () => {
    const b = ran();
    expect([0, 1].map((i) => editedSinceTake(b, i))).toEqual([false, false]);
    expect(pendingShots(b)).toEqual([]);
  });

  it('an edited prompt: Run runs the shot and the one continuing from it', () => {
    const b = edit(ran(), 0, prompt('a boat leaves the pier at dawn'));
    expect(editedSinceTake(b, 0)).toBe(true);
    expect(editedSinceTake(b, 1)).toBe(false);
    expect(pendingShots(b)).toEqual([0, 1]);
  });

  it('counts every part of the request: duration, a reference, the camera, the frame continued from', () => {
    const duration = edit(ran(), 1, (s) => ({ ...s, draft: { ...s.draft, duration: '9' } }));
    expect(pendingShots(duration)).toEqual([1]);
    const camera = edit(ran(), 1, (s) => ({ ...s, camera: 'dolly-in' as const }));
    expect(editedSinceTake(camera, 1)).toBe(true);
    const frame = edit(ran(), 1, (s) => ({ ...s, frameAt: 2.5 }));
    expect(editedSinceTake(frame, 1)).toBe(true);
    const cast: Storyboard = {
      ...ran(),
      cast: [
        { key: 'c1', role: 'reference_image', mediaType: 'image', alias: 'hero', url: 'Asset://asset_1' },
      ],
    };
    expect(pendingShots(cast)).toEqual([0, 1]);
  });

  it('an edit put back is no edit', () => {
    const b = edit(edit(ran(), 0, prompt('changed')), 0, prompt('a boat leaves the pier'));
    expect(editedSinceTake(b, 0)).toBe(false);
  });

  it('an older take picked is compared with the newest, not with the draft that made the older one', () => {
    let b = edit(ran(), 0, prompt('at dawn'));
    b = made(b, 0, 't3');
    expect(editedSinceTake(b, 0)).toBe(false);
    b = pickTake(b, b.shots[0]!.id, 't1');
    expect(b.shots[0]!.run.taskId).toBe('t1');
    expect(editedSinceTake(b, 0)).toBe(false);
  });

  it('a take kept before takes carried a request print is compared by its settings', () => {
    let b = ran();
    const { request: _request, ...legacy } = b.shots[0]!.run.takes![0]!.settings!;
    b = shotChanged(b, b.shots[0]!.id, {
      sent: legacy,
      takes: [{ ...b.shots[0]!.run.takes![0]!, settings: legacy }],
    });
    expect(editedSinceTake(b, 0)).toBe(false);
    expect(editedSinceTake(edit(b, 0, prompt('other')), 0)).toBe(true);
  });

  it('a shot not succeeded is never "edited": it is pending on its own account', () => {
    const b = edit(ran(), 0, prompt('changed'));
    const failed = shotChanged(b, b.shots[0]!.id, { state: 'failed', error: 'policy' });
    expect(editedSinceTake(failed, 0)).toBe(false);
  });
});
