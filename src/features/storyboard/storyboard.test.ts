import { describe, expect, it } from 'vitest';
import {
  assemblable,
  moveShot,
  newShot,
  nextSteps,
  resumed,
  sentDraft,
  shotChanged,
  totalEstimate,
  type Storyboard,
} from './storyboard';
import { rerunShot, runAll } from './storyboard-runs';
import { exportStoryboard, importStoryboard, parseStoryboard } from './storyboard-file';

/** Shot 1 alone; shots 2 and 3 continue; shot 4 starts on its own. */
function board(): Storyboard {
  return {
    id: 'sb-1',
    name: 'Scene',
    updatedAt: 0,
    cast: [
      {
        key: 'c1',
        role: 'reference_image',
        mediaType: 'image',
        alias: 'hero',
        url: 'https://example.com/hero.png',
      },
    ],
    shots: [
      newShot({ prompt: 'one @hero' }),
      newShot({ prompt: 'two' }, true),
      newShot({ prompt: 'three' }, true),
      newShot({ prompt: 'four' }),
    ],
    joins: ['cut', 'cut', 'cut'],
  };
}

const id = (b: Storyboard, i: number) => b.shots[i]!.id;

describe('dependency order', () => {
  it('independent shots start at once; continuing ones wait for their predecessor', () => {
    let b = runAll(board(), 'batch');
    expect(nextSteps(b)).toEqual([
      { kind: 'submit', index: 0 },
      { kind: 'submit', index: 3 },
    ]);
    b = shotChanged(b, id(b, 0), { state: 'running', taskId: 't1' });
    expect(nextSteps(b).map((s) => s.index)).toEqual([3]);
    b = shotChanged(b, id(b, 0), { state: 'succeeded', resultUrl: 'https://x/1.mp4' });
    expect(nextSteps(b)).toContainEqual({ kind: 'frame', index: 1, from: 0 });
    // Shot 3 still waits: shot 2 has not even started.
    expect(nextSteps(b).some((s) => s.index === 2)).toBe(false);
  });

  it('a failed shot blocks its dependents, and they block theirs in turn', () => {
    let b = runAll(board(), 'batch');
    b = shotChanged(b, id(b, 0), { state: 'failed', error: 'policy' });
    expect(nextSteps(b)).toContainEqual({ kind: 'block', index: 1, from: 0, reason: 'failed' });
    b = shotChanged(b, id(b, 1), { state: 'blocked', error: 'predecessorFailed' });
    expect(nextSteps(b)).toContainEqual({ kind: 'block', index: 2, from: 1, reason: 'failed' });
  });

  it('a predecessor that succeeded without a result URL, or never ran, cannot be continued', () => {
    let b = runAll(board(), 'batch');
    b = shotChanged(b, id(b, 0), { state: 'succeeded' });
    expect(nextSteps(b)).toContainEqual({ kind: 'block', index: 1, from: 0, reason: 'noResult' });
    const single = shotChanged(board(), id(board(), 1), { state: 'queued' });
    expect(
      nextSteps({
        ...single,
        shots: single.shots.map((s, i) => (i === 1 ? { ...s, run: { state: 'queued' } } : s)),
      }),
    ).toContainEqual({
      kind: 'block',
      index: 1,
      from: 0,
      reason: 'noResult',
    });
  });

  it('a continuing shot sends the frame first, then the cast, then its own references', () => {
    const b = board();
    const d = sentDraft(b, 1, 'Asset://asset_frame');
    expect(d.references.map((r) => [r.role, r.url])).toEqual([
      ['first_frame', 'Asset://asset_frame'],
      ['reference_image', 'https://example.com/hero.png'],
    ]);
    expect(sentDraft(b, 0).references.map((r) => r.role)).toEqual(['reference_image']);
  });

  it('one estimate covers every shot', () => {
    const b = board();
    const one = totalEstimate({ ...b, shots: [b.shots[0]!] })!;
    expect(one).toBeGreaterThan(0);
    expect(totalEstimate(b)).toBe(one * 4);
  });

  it('moving a shot keeps the others in order', () => {
    const b = board();
    const moved = moveShot(b, 3, 0);
    expect(moved.shots.map((s) => s.draft.prompt)).toEqual(['four', 'one @hero', 'two', 'three']);
    expect(moveShot(b, 0, -1)).toBe(b);
  });
});

describe('stale marking', () => {
  it('re-running a shot marks the shots continuing from it stale, not the others', () => {
    let b = runAll(board(), 'batch');
    for (const [i, url] of [
      [0, 'u1'],
      [1, 'u2'],
      [2, 'u3'],
      [3, 'u4'],
    ] as const)
      b = shotChanged(b, id(b, i), { state: 'succeeded', resultUrl: url, taskId: `t${i}` });
    expect(assemblable(b)).toBe(true);
    const again = rerunShot(b, id(b, 0));
    expect(again.shots.map((s) => [s.run.state, Boolean(s.run.stale)])).toEqual([
      ['queued', false],
      ['succeeded', true],
      ['succeeded', true],
      ['succeeded', false],
    ]);
    expect(assemblable(again)).toBe(false);
    // Re-running the middle one leaves the first alone.
    const middle = rerunShot(b, id(b, 1));
    expect(middle.shots.map((s) => Boolean(s.run.stale))).toEqual([false, false, true, false]);
  });
});

describe('resuming after a reload', () => {
  it('follows created tasks, re-queries a registered frame, and redoes a cut-off step', () => {
    let b = runAll(board(), 'batch');
    b = shotChanged(b, id(b, 0), { state: 'submitting', taskId: 't1' });
    b = shotChanged(b, id(b, 1), { state: 'registering', frameAssetId: 'asset_f' });
    b = shotChanged(b, id(b, 2), { state: 'framing' });
    b = shotChanged(b, id(b, 3), { state: 'submitting', sendKey: 'key-4' });
    const stored = JSON.parse(JSON.stringify(b)) as unknown;
    const back = resumed(parseStoryboard(stored, { fresh: false }), { sendKeys: true });
    expect(back.id).toBe('sb-1');
    expect(back.shots.map((s) => s.run)).toEqual([
      { state: 'running', taskId: 't1' },
      { state: 'preparing', frameAssetId: 'asset_f' },
      { state: 'queued' },
      // Sent again under the key it left with (decision 640).
      { state: 'queued', sendKey: 'key-4' },
    ]);
  });

  it('a create cut off is never sent again without a key a server honours: it fails saying so', () => {
    let b = runAll(board(), 'batch');
    b = shotChanged(b, id(b, 0), { state: 'submitting', sendKey: 'key-1' });
    b = shotChanged(b, id(b, 3), { state: 'submitting' });
    const direct = resumed(structuredClone(b));
    const local = resumed(structuredClone(b), { sendKeys: true });
    for (const back of [direct.shots[0]!, direct.shots[3]!, local.shots[3]!])
      expect(back.run).toEqual({ state: 'failed', error: 'sendCutOff' });
    expect(local.shots[0]!.run).toEqual({ state: 'queued', sendKey: 'key-1' });
  });
});

describe('export and import', () => {
  it('round-trips drafts, cast and joins, without run state, under a new id', () => {
    let b = runAll(board(), 'batch');
    b = shotChanged(b, id(b, 0), { state: 'succeeded', taskId: 't1', resultUrl: 'u' });
    const back = importStoryboard(exportStoryboard(b));
    expect(back.id).not.toBe(b.id);
    expect(back.cast.map((c) => c.alias)).toEqual(['hero']);
    expect(back.shots.map((s) => [s.draft.prompt, s.continueFromPrevious, s.run.state])).toEqual([
      ['one @hero', false, 'idle'],
      ['two', true, 'idle'],
      ['three', true, 'idle'],
      ['four', false, 'idle'],
    ]);
  });

  it('refuses what is not a storyboard file, saying why', () => {
    expect(() => importStoryboard('{')).toThrow('notJson');
    expect(() => importStoryboard('{"format":"x"}')).toThrow('notStoryboard');
    expect(() => importStoryboard('{"format":"media-studio.storyboard","shots":[]}')).toThrow('invalidShots');
  });
});
