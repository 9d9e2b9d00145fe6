import { describe, expect, it } from 'vitest';
import { newShot, shotChanged, type Storyboard } from './storyboard';
import { MAX_TAKES, pendingShots, pickTake, rerunShot, runAll, runShots, withTake } from './storyboard-runs';

/** Shot 1 alone; shots 2 and 3 continue from the one before. */
function board(): Storyboard {
  return {
    id: 'sb-1',
    name: 'Pier chase',
    updatedAt: 0,
    cast: [],
    shots: [newShot({ prompt: 'one' }), newShot({ prompt: 'two' }, true), newShot({ prompt: 'three' }, true)],
    joins: ['cut', 'cut'],
  };
}

const id = (b: Storyboard, i: number) => b.shots[i]!.id;
const done = (b: Storyboard, i: number, take = `t${i + 1}`) =>
  shotChanged(b, id(b, i), { state: 'succeeded', taskId: take, resultUrl: `https://x/${take}.mp4` });

function allDone(): Storyboard {
  let b = runAll(board(), 'batch-1');
  for (let i = 0; i < 3; i++) b = done(b, i);
  return b;
}

describe('what Run runs', () => {
  it('a new storyboard: every shot', () => {
    expect(pendingShots(board())).toEqual([0, 1, 2]);
  });

  it('only the stale shot when the others are good, not all three', () => {
    let b = allDone();
    b = shotChanged(b, id(b, 2), { stale: true });
    expect(pendingShots(b)).toEqual([2]);
    const run = runShots(b, pendingShots(b), 'batch-2');
    expect(run.shots.map((s) => s.run.state)).toEqual(['succeeded', 'succeeded', 'queued']);
    expect(run.shots[0]!.run.taskId).toBe('t1');
  });

  it('a failed shot and the shots that continue from it', () => {
    let b = allDone();
    b = shotChanged(b, id(b, 1), { state: 'failed', error: 'policy' });
    expect(pendingShots(b)).toEqual([1, 2]);
  });

  it('nothing once every shot is good and current', () => {
    expect(pendingShots(allDone())).toEqual([]);
  });

  it('keeps the assembled file on the page across a new run', () => {
    const b = {
      ...allDone(),
      assembly: { id: 'asm', status: 'succeeded' as const, url: '/files/a.mp4', taskIds: ['t1', 't2', 't3'] },
    };
    expect(runAll(b, 'batch-2').assembly?.url).toBe('/files/a.mp4');
    expect(runShots(b, [2], 'batch-2').assembly?.url).toBe('/files/a.mp4');
  });
});

describe('a good take is never taken off the page by a later run', () => {
  it('a re-run keeps the good take on show, and a failure after it leaves it there', () => {
    const good = allDone();
    let b = rerunShot(good, id(good, 1));
    expect(b.shots[1]!.run).toMatchObject({
      state: 'queued',
      kept: { taskId: 't2', resultUrl: 'https://x/t2.mp4' },
    });
    b = shotChanged(b, id(b, 1), { state: 'failed', error: 'policy' });
    expect(b.shots[1]!.run.kept).toEqual({ taskId: 't2', resultUrl: 'https://x/t2.mp4' });
    // A second failed run still keeps the first good take.
    b = runShots(b, [1], 'batch-3');
    expect(b.shots[1]!.run.kept?.taskId).toBe('t2');
  });

  it("every shot run again keeps each one's good take", () => {
    const b = runAll(allDone(), 'batch-2');
    expect(b.shots.map((s) => s.run.kept?.taskId)).toEqual(['t1', 't2', 't3']);
  });
});

describe('takes', () => {
  it('the person picks an earlier take: it becomes the shot’s result, and the shots after it go stale', () => {
    let b = allDone();
    const take = (t: string) => ({ taskId: t, resultUrl: `https://x/${t}.mp4` });
    b = shotChanged(b, id(b, 1), {
      takes: [take('t2'), take('t2b')],
      taskId: 't2b',
      resultUrl: 'https://x/t2b.mp4',
    });
    const picked = pickTake(b, id(b, 1), 't2');
    expect(picked.shots[1]!.run).toMatchObject({
      state: 'succeeded',
      taskId: 't2',
      resultUrl: 'https://x/t2.mp4',
    });
    expect(picked.shots[1]!.run.takes).toHaveLength(2);
    expect(picked.shots[2]!.run.stale).toBe(true);
    expect(picked.shots[0]!.run.taskId).toBe('t1');
    // Run then offers the stale shot only, not the one whose take was picked.
    expect(pendingShots(picked)).toEqual([2]);
  });

  it('keeps the newest MAX_TAKES takes, each once', () => {
    let takes = withTake(undefined, { taskId: 'a', resultUrl: 'u' });
    takes = withTake(takes, { taskId: 'a', resultUrl: 'u' });
    expect(takes).toHaveLength(1);
    for (let i = 0; i < MAX_TAKES + 3; i++) takes = withTake(takes, { taskId: `t${i}`, resultUrl: 'u' });
    expect(takes).toHaveLength(MAX_TAKES);
    expect(takes.at(-1)!.taskId).toBe(`t${MAX_TAKES + 2}`);
  });
});
