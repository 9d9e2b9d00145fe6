import { describe, expect, it } from 'vitest';
import { mergeBoard, sameValue } from './board-merge';
import { newShot, type Storyboard } from './storyboard';
import { MAX_TAKES } from './storyboard-runs';

function board(): Storyboard {
  return {
    id: 'sb',
    name: 'Scene',
    updatedAt: 0,
    cast: [],
    shots: [newShot({ prompt: 'one' }), newShot({ prompt: 'two' }, true)],
    joins: ['cut'],
  };
}

const prompts = (b: Storyboard) => b.shots.map((s) => s.draft.prompt);

describe('mergeBoard', () => {
  it('keeps this tab’s edit and the other tab’s run fields of the same shot', () => {
    const base = board();
    const [a] = base.shots;
    const ours = {
      ...base,
      shots: [{ ...a!, draft: { ...a!.draft, prompt: 'one, edited' } }, base.shots[1]!],
    };
    const theirs = {
      ...base,
      shots: [{ ...a!, run: { state: 'running' as const, taskId: 't1' } }, base.shots[1]!],
    };
    const merged = mergeBoard(base, ours, theirs);
    expect(merged.shots[0]!.draft.prompt).toBe('one, edited');
    expect(merged.shots[0]!.run).toEqual({ state: 'running', taskId: 't1' });
  });

  it('a field this tab cleared stays cleared; one it did not touch follows the other tab', () => {
    const base = { ...board(), batchId: 'b1', frameGroupId: 'g1' };
    const { batchId: _dropped, ...ours } = base;
    const theirs = { ...base, frameGroupId: 'g2' };
    const merged = mergeBoard(base, ours, theirs);
    expect(merged.batchId).toBeUndefined();
    expect(merged.frameGroupId).toBe('g2');
  });

  it('shots added, removed and reordered on either side', () => {
    const base = board();
    const added = newShot({ prompt: 'three' }, true);
    // This tab swaps the two shots; the other adds a third and its run moves on.
    const ours = { ...base, shots: [base.shots[1]!, base.shots[0]!] };
    const theirs = { ...base, shots: [...base.shots, added] };
    expect(prompts(mergeBoard(base, ours, theirs))).toEqual(['two', 'one', 'three']);
    // The other tab removed shot 2 while this one edited shot 1: shot 2 stays removed.
    const edited = { ...base, name: 'Renamed' };
    const removed = { ...base, shots: [base.shots[0]!] };
    const merged = mergeBoard(base, edited, removed);
    expect(prompts(merged)).toEqual(['one']);
    expect(merged.name).toBe('Renamed');
  });

  it('takes and stopped tasks joined or dropped on either side are kept so, each once (decision 691)', () => {
    const base = board();
    const [a] = base.shots;
    const take = (taskId: string) => ({ taskId, resultUrl: `https://r/${taskId}.mp4` });
    const start = {
      ...base,
      shots: [
        { ...a!, run: { ...a!.run, takes: [take('t0')] }, stoppedTasks: [{ taskId: 't1' }] },
        base.shots[1]!,
      ],
    };
    const [s] = start.shots;
    // This tab joins the stopped task t1; the other tab's new run of the shot adds t2 meanwhile.
    const ours = {
      ...start,
      shots: [{ ...a!, run: { ...a!.run, takes: [take('t0'), take('t1')] } }, start.shots[1]!],
    };
    const theirs = {
      ...start,
      shots: [
        {
          ...s!,
          run: { ...s!.run, state: 'succeeded' as const, taskId: 't2', takes: [take('t0'), take('t2')] },
        },
        start.shots[1]!,
      ],
    };
    const merged = mergeBoard(start, ours, theirs).shots[0]!;
    expect(merged.run.takes?.map((t) => t.taskId)).toEqual(['t0', 't2', 't1']);
    expect(merged.run).toMatchObject({ state: 'succeeded', taskId: 't2' });
    expect(merged.stoppedTasks).toBeUndefined();
    // Both tabs joined the same task: once.
    const both = mergeBoard(start, ours, ours).shots[0]!;
    expect(both.run.takes?.map((t) => t.taskId)).toEqual(['t0', 't1']);
    // The other tab stopped another task of the shot while this one joined t1: t1 goes, t3 stays.
    const stoppedThere = {
      ...start,
      shots: [{ ...s!, stoppedTasks: [{ taskId: 't1' }, { taskId: 't3' }] }, start.shots[1]!],
    };
    expect(mergeBoard(start, ours, stoppedThere).shots[0]!.stoppedTasks).toEqual([{ taskId: 't3' }]);
  });

  it('takes joined on both sides stay at most MAX_TAKES, the newest kept', () => {
    const base = board();
    const [a] = base.shots;
    const take = (taskId: string) => ({ taskId, resultUrl: `https://r/${taskId}.mp4` });
    const full = Array.from({ length: MAX_TAKES }, (_, i) => take(`t${i}`));
    const withTakes = (takes: ReturnType<typeof take>[]) => ({
      ...base,
      shots: [{ ...a!, run: { ...a!.run, takes } }, base.shots[1]!],
    });
    const start = withTakes(full);
    // Each tab added one take, dropping the oldest to stay at MAX_TAKES (withTake).
    const ours = withTakes([...full.slice(1), take('ours')]);
    const theirs = withTakes([...full.slice(1), take('theirs')]);
    const takes = mergeBoard(start, ours, theirs).shots[0]!.run.takes!.map((t) => t.taskId);
    expect(takes).toHaveLength(MAX_TAKES);
    expect(takes.slice(-2)).toEqual(['theirs', 'ours']);
  });

  it('sameValue: a key holding undefined is no key', () => {
    expect(sameValue({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameValue({ a: [1, { c: 2 }] }, { a: [1, { c: 3 }] })).toBe(false);
  });
});
