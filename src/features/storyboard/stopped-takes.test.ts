import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { loadStoryboard } from '@/lib/storyboard/storyboard-storage';
import { saveBoard } from './board-store';
import { fakeTab, threeShots } from './runner-fakes';
import type { Storyboard } from './storyboard';
import { parseStoryboard } from './storyboard-file';
import { rerunShot, runAll } from './storyboard-runs';
import { StoryboardRunner } from './storyboard-runner';

const turns = async (n = 1) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setTimeout(r, 0));
};

async function until(check: () => boolean | Promise<boolean>, what: string) {
  for (let i = 0; i < 300; i++) {
    if (await check()) return;
    await turns();
  }
  throw new Error(`never: ${what}`);
}

const tab = fakeTab;

const shot = (r: StoryboardRunner, i: number) => r.get('sb')!.shots[i]!;
const takeIds = (b: Storyboard | undefined, i: number) => b?.shots[i]!.run.takes?.map((t) => t.taskId);

/** Runs the three shots and stops the run once shot 1's task is sent and followed. */
async function stoppedWhileShot1Runs(t: ReturnType<typeof tab>) {
  t.runner.put(runAll(threeShots(), 'b'));
  await until(() => shot(t.runner, 0).run.state === 'running' && t.watched() === 1, 'shot 1 runs');
  t.runner.stop('sb');
}

describe('a stopped shot’s task still runs and is billed: it joins the shot’s takes (decision 650)', () => {
  it('is followed after Stop and its result joins the takes, with its settings; the shot stays stopped and nothing is sent', async () => {
    const t = tab();
    await stoppedWhileShot1Runs(t);
    // Still followed (it is paid for), quietly: the shot says it was stopped.
    expect(t.watched()).toBe(1);
    expect(shot(t.runner, 0).run).toMatchObject({ state: 'failed', error: 'stopped' });
    expect(shot(t.runner, 0).stoppedTasks).toEqual([
      { taskId: 'task_1', settings: expect.objectContaining({ prompt: 'one' }) },
    ]);

    t.ends.set('task_1', 'succeeded');
    await until(() => takeIds(t.runner.get('sb'), 0)?.[0] === 'task_1', 'the take joins');
    const after = shot(t.runner, 0);
    expect(after.run.takes).toEqual([
      {
        taskId: 'task_1',
        resultUrl: 'https://r/task_1.mp4',
        settings: expect.objectContaining({ model: 'video-2.0-cl', prompt: 'one', duration: 5 }),
      },
    ]);
    // Its state, what is on show and the shots after it are as Stop left them; nothing new is sent.
    expect(after.run).toMatchObject({ state: 'failed', error: 'stopped' });
    expect(after.run.resultUrl).toBeUndefined();
    expect(after.stoppedTasks).toBeUndefined();
    await turns(10);
    expect(t.runner.get('sb')!.shots.map((s) => [s.run.state, s.run.error])).toEqual([
      ['failed', 'stopped'],
      ['failed', 'stopped'],
      ['failed', 'stopped'],
    ]);
    expect(t.created).toHaveLength(1);
    expect(t.watched()).toBe(0);
    // Written where the next tab and a reload read it.
    expect(takeIds(t.store.kept.get('sb'), 0)).toEqual(['task_1']);
    expect(t.store.kept.get('sb')!.shots[0]!.stoppedTasks).toBeUndefined();
  });

  it('a stopped task that fails is dropped from the list, with no take and no word on the shot', async () => {
    const t = tab();
    await stoppedWhileShot1Runs(t);
    expect(t.watched()).toBe(1);
    t.ends.set('task_1', 'failed');
    await until(() => shot(t.runner, 0).stoppedTasks === undefined, 'the task is dropped');
    expect(shot(t.runner, 0).run).toMatchObject({ state: 'failed', error: 'stopped' });
    expect(shot(t.runner, 0).run.takes).toBeUndefined();
    await turns(5);
    expect(t.watched()).toBe(0);
    expect(t.created).toHaveLength(1);
  });

  it('a retake stopped while it runs: the good take stays on show, the retake joins the strip beside it', async () => {
    const t = tab();
    t.runner.put(runAll(threeShots(), 'b'));
    t.ends.set('task_1', 'succeeded');
    t.ends.set('task_2', 'succeeded');
    t.ends.set('task_3', 'succeeded');
    await until(() => shot(t.runner, 2).run.state === 'succeeded', 'the first run ends');
    t.runner.edit('sb', (b) => rerunShot(b, b.shots[0]!.id));
    await until(() => shot(t.runner, 0).run.taskId === 'task_4', 'the retake runs');
    t.runner.stop('sb');
    expect(shot(t.runner, 0).run.kept?.taskId).toBe('task_1');
    t.ends.set('task_4', 'succeeded');
    await until(() => takeIds(t.runner.get('sb'), 0)?.length === 2, 'the retake joins');
    expect(takeIds(t.runner.get('sb'), 0)).toEqual(['task_1', 'task_4']);
    expect(shot(t.runner, 0).run).toMatchObject({ state: 'failed', error: 'stopped' });
    expect(shot(t.runner, 0).run.kept?.taskId).toBe('task_1');
    // The shots after it keep their results.
    expect(shot(t.runner, 1).run.state).toBe('succeeded');
    expect(t.created).toHaveLength(4);
  });

  it('a new Run of the shot does not lose the stopped task: both takes join, the new run’s is on show', async () => {
    const t = tab();
    await stoppedWhileShot1Runs(t);
    t.runner.edit('sb', (b) => rerunShot(b, b.shots[0]!.id));
    await until(() => shot(t.runner, 0).run.taskId === 'task_2', 'the shot runs again');
    expect(t.watched()).toBe(2);
    t.ends.set('task_2', 'succeeded');
    await until(() => shot(t.runner, 0).run.state === 'succeeded', 'the new run ends');
    t.ends.set('task_1', 'succeeded');
    await until(() => takeIds(t.runner.get('sb'), 0)?.length === 2, 'the stopped task joins');
    expect(takeIds(t.runner.get('sb'), 0)).toEqual(['task_2', 'task_1']);
    // The new run's take stays the one on show.
    expect(shot(t.runner, 0).run).toMatchObject({ state: 'succeeded', taskId: 'task_2' });
    expect(shot(t.runner, 0).run.resultUrl).toBe('https://r/task_2.mp4');
  });

  it('a stopped task and the new run’s ending at the same moment: neither take is lost', async () => {
    const t = tab();
    // The cache tells both answers in one go: the stopped task's first, then the new run's.
    const seers = new Map<string, (w: { data: unknown }) => void>();
    t.deps.watchTask = (id, seen) => {
      seers.set(id, seen);
      return () => seers.delete(id);
    };
    const runner = new StoryboardRunner(t.deps);
    runner.put(runAll(threeShots(), 'b'));
    await until(() => seers.has('task_1'), 'shot 1 runs');
    runner.stop('sb');
    runner.edit('sb', (b) => rerunShot(b, b.shots[0]!.id));
    await until(() => seers.has('task_1') && seers.has('task_2'), 'both tasks are followed');
    const done = (id: string) => ({ data: { id, status: 'succeeded', video_url: `https://r/${id}.mp4` } });
    seers.get('task_1')!(done('task_1'));
    seers.get('task_2')!(done('task_2'));
    await until(() => runner.get('sb')!.shots[0]!.run.state === 'succeeded', 'the new run ends');
    await turns(5);
    expect(takeIds(runner.get('sb'), 0)).toEqual(['task_1', 'task_2']);
    expect(runner.get('sb')!.shots[0]!.run.taskId).toBe('task_2');
  });

  it('the answer to a send Stop cut off: the shot stays stopped, its task is followed and joins the takes', async () => {
    const t = tab();
    let answer: ((v: { id: string }) => void) | undefined;
    t.deps.createTask = () => new Promise((resolve) => (answer = resolve));
    const runner = new StoryboardRunner(t.deps);
    runner.put(runAll(threeShots(), 'b'));
    await until(() => answer !== undefined, 'shot 1 is being sent');
    runner.stop('sb');
    answer!({ id: 'task_9' });
    await until(() => runner.get('sb')!.shots[0]!.stoppedTasks?.length === 1, 'the task is kept to follow');
    expect(runner.get('sb')!.shots[0]!.run).toMatchObject({ state: 'failed', error: 'stopped' });
    t.ends.set('task_9', 'succeeded');
    await until(() => takeIds(runner.get('sb'), 0)?.[0] === 'task_9', 'its take joins');
    expect(runner.get('sb')!.shots.map((s) => s.run.state)).toEqual(['failed', 'failed', 'failed']);
  });

  it('is followed again after a reload, from the record', async () => {
    const t = tab();
    await stoppedWhileShot1Runs(t);
    await until(() => t.store.kept.get('sb')?.shots[0]!.stoppedTasks?.length === 1, 'written');
    // The tab closes: the next one reads the record (as parsed from IndexedDB) and follows the task.
    const stored = parseStoryboard(structuredClone(t.store.kept.get('sb')), { fresh: false });
    expect(stored.shots[0]!.stoppedTasks?.map((s) => s.taskId)).toEqual(['task_1']);
    const next = tab({ store: t.store });
    next.runner.follow(stored);
    await until(() => next.watched() === 1, 'the next tab follows the task');
    next.ends.set('task_1', 'succeeded');
    await until(() => takeIds(t.store.kept.get('sb'), 0)?.[0] === 'task_1', 'the take joins, kept');
    expect(next.created).toEqual([]);
    expect(next.runner.get('sb')!.shots[0]!.run.state).toBe('failed');
  });

  it('a delete of the board stops following its stopped tasks', async () => {
    const t = tab();
    await stoppedWhileShot1Runs(t);
    expect(t.watched()).toBe(1);
    t.runner.stop('sb', { forget: true });
    expect(t.watched()).toBe(0);
    const writes = t.saved.length;
    t.ends.set('task_1', 'succeeded');
    await turns(10);
    expect(t.runner.get('sb')).toBeUndefined();
    expect(t.saved).toHaveLength(writes);
  });

  it('a stopped task whose shot is removed is no longer followed, and writes nothing', async () => {
    const t = tab();
    await stoppedWhileShot1Runs(t);
    await until(() => t.store.kept.get('sb')?.shots[0]!.stoppedTasks?.length === 1, 'written');
    t.runner.edit('sb', (b) => ({ ...b, shots: b.shots.slice(1) }));
    await until(() => t.watched() === 0, 'the task is no longer followed');
    const writes = t.saved.length;
    t.ends.set('task_1', 'succeeded');
    await turns(10);
    expect(t.saved).toHaveLength(writes);
    expect(t.runner.get('sb')!.shots.flatMap((s) => s.run.takes ?? [])).toEqual([]);
  });

  it('an import does not bring another server’s stopped tasks along', () => {
    const board = { ...threeShots(), shots: threeShots().shots.map((s) => ({ ...s })) };
    board.shots[0]!.stoppedTasks = [{ taskId: 'task_1' }];
    expect(parseStoryboard(structuredClone(board), { fresh: true }).shots[0]!.stoppedTasks).toBeUndefined();
    expect(parseStoryboard(structuredClone(board), { fresh: false }).shots[0]!.stoppedTasks).toEqual([
      { taskId: 'task_1' },
    ]);
  });
});

describe('the kept record of a stopped board (board-store.ts)', () => {
  it('is resumed at the next start while a stopped task is followed, not after', async () => {
    const { runner, store } = (() => {
      const t = tab();
      return {
        runner: new StoryboardRunner({
          ...t.deps,
          save: (id, next, opts) => saveBoard(id, next, opts?.quiet),
        }),
        store: t,
      };
    })();
    runner.put(runAll(threeShots(), 'b'));
    await until(() => runner.get('sb')!.shots[0]!.run.state === 'running', 'shot 1 runs');
    runner.stop('sb');
    const kept = async () => (await loadStoryboard('sb')) as (Storyboard & { running?: boolean }) | undefined;
    await until(async () => (await kept())?.shots[0]!.stoppedTasks?.length === 1, 'written');
    expect((await kept())!.running).toBe(true);
    store.ends.set('task_1', 'succeeded');
    await until(async () => (await kept())?.shots[0]!.stoppedTasks === undefined, 'the take joins');
    expect((await kept())!.running).toBe(false);
  });
});
