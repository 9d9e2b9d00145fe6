import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openStoryboardChannel, storyboardChannel } from '@/lib/storyboard/storyboard-channel';
import type { StoryboardProgress } from '@/lib/storyboard/storyboard-progress';
import { loadStoryboard, saveStoryboard } from '@/lib/storyboard/storyboard-storage';
import { FakeLocks } from '@/test/fake-locks';
import { loadBoard, saveBoard } from './board-store';
import { fakeBoardStore, fakeTab, settle, threeShots } from './runner-fakes';
import type { Storyboard } from './storyboard';
import { rerunShot, runAll } from './storyboard-runs';

const turns = async (n = 1) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setTimeout(r, 0));
};

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 300; i++) {
    if (check()) return;
    await turns();
  }
  throw new Error(`never: ${what}`);
}

const takeIds = (b: Storyboard | undefined, i: number) => b?.shots[i]!.run.takes?.map((t) => t.taskId);

/**
 * Two tabs of one browser (one record, one lock manager): the first ran the board and stopped it
 * while shot 1's task ran, and follows that task; the second opens the board from the record.
 */
async function stoppedInFirstTab(ends?: { first?: Map<string, 'succeeded' | 'failed'> }) {
  const store = fakeBoardStore();
  const locks = new FakeLocks();
  const first = fakeTab({ store, locks, ...(ends?.first ? { ends: ends.first } : {}) });
  first.runner.put(runAll(threeShots(), 'b'));
  await until(() => first.runner.get('sb')!.shots[0]!.run.state === 'running', 'shot 1 runs');
  await until(() => first.watched() === 1, 'shot 1’s task is followed');
  first.runner.stop('sb');
  await until(() => store.kept.get('sb')?.shots[0]!.stoppedTasks?.length === 1, 'the stop is written');
  const second = fakeTab({ store, locks, ids: 'b' });
  second.runner.follow(structuredClone(store.kept.get('sb')!));
  await turns(5);
  return { store, first, second };
}

describe('following a stopped task holds no run lock (decision 691)', () => {
  it('another tab runs the board while this one follows a stopped task; the stopped take joins once, beside the new one', async () => {
    const { store, first, second } = await stoppedInFirstTab();
    // The stopped task is still followed here, and the board is free to run there.
    expect(first.watched()).toBe(1);
    expect(first.runner.runningElsewhere('sb')).toBe(false);
    expect(second.runner.runningElsewhere('sb')).toBe(false);
    second.runner.edit('sb', (b) => rerunShot(b, b.shots[0]!.id));
    await until(() => second.created.length === 1, 'the second tab sends shot 1 again');
    expect(second.runner.get('sb')!.shots[0]!.run).toMatchObject({ state: 'running', taskId: 'b_1' });

    // The first tab hears the stopped task end first, and writes its take while the other tab's run goes on.
    first.ends.set('task_1', 'succeeded');
    await until(
      () => takeIds(store.kept.get('sb'), 0)?.includes('task_1') === true,
      'the stopped take joins',
    );
    // The new run ends in the second tab, which wrote nothing of the stopped take itself.
    second.ends.set('b_1', 'succeeded');
    await settle(second.runner, 'sb');
    second.ends.set('task_1', 'succeeded');
    await turns(10);

    const kept = store.kept.get('sb')!;
    expect(takeIds(kept, 0)?.toSorted()).toEqual(['b_1', 'task_1']);
    expect(kept.shots[0]!.stoppedTasks).toBeUndefined();
    // The new run's take is the one on show; the stopped one waits in the strip to be picked.
    expect(kept.shots[0]!.run).toMatchObject({ state: 'succeeded', taskId: 'b_1' });
    expect(takeIds(second.runner.get('sb'), 0)?.toSorted()).toEqual(['b_1', 'task_1']);
    // Each task was sent once, by the tab that ran it; nobody follows anything any more.
    expect(first.created.map((c) => c.id)).toEqual(['task_1']);
    expect(second.created.map((c) => c.id)).toEqual(['b_1']);
    expect(first.watched()).toBe(0);
    expect(second.watched()).toBe(0);
  });

  it('both tabs follow the stopped task and see it end at once: one take, and the record stays stopped', async () => {
    const ends = new Map<string, 'succeeded' | 'failed'>();
    const { store, first, second } = await stoppedInFirstTab({ first: ends });
    // The second tab takes the stopped task up from the record, as a reload or the shell's resume does.
    await until(() => second.watched() === 1, 'the second tab follows it too');
    ends.set('task_1', 'succeeded');
    second.ends.set('task_1', 'succeeded');
    await until(() => first.watched() === 0 && second.watched() === 0, 'both stop following');
    await turns(10);
    const kept = store.kept.get('sb')!;
    expect(takeIds(kept, 0)).toEqual(['task_1']);
    expect(kept.shots[0]!.stoppedTasks).toBeUndefined();
    expect(kept.shots.map((s) => [s.run.state, s.run.error])).toEqual([
      ['failed', 'stopped'],
      ['failed', 'stopped'],
      ['failed', 'stopped'],
    ]);
    expect(takeIds(first.runner.get('sb'), 0)).toEqual(['task_1']);
    expect(takeIds(second.runner.get('sb'), 0)).toEqual(['task_1']);
    expect([...first.created, ...second.created].map((c) => c.id)).toEqual(['task_1']);
  });

  it('a tab that runs the board keeps its claim, so a stopped task followed elsewhere does not let two tabs run it', async () => {
    const { first, second } = await stoppedInFirstTab();
    second.runner.edit('sb', (b) => rerunShot(b, b.shots[0]!.id));
    await until(() => second.created.length === 1, 'the second tab runs shot 1 again');
    // The first tab, asked to run the same board meanwhile, waits for the second.
    first.runner.edit('sb', (b) => rerunShot(b, b.shots[2]!.id));
    await until(() => first.runner.runningElsewhere('sb'), 'the first tab sees the board run elsewhere');
    expect(first.created.map((c) => c.id)).toEqual(['task_1']);
  });
});

describe('Stop lets the run go only once the stopped board is written (decision 691)', () => {
  it('a tab waiting for the run takes it up stopped: it sends nothing and only joins the stopped take', async () => {
    const store = fakeBoardStore();
    const locks = new FakeLocks();
    const ends = new Map<string, 'succeeded' | 'failed'>();
    // A write takes a while (an IndexedDB transaction); a lock let go is granted at once.
    const slowSave: typeof store.save = async (id, next) => {
      await turns(3);
      return store.save(id, next);
    };
    const first = fakeTab({ store: { ...store, save: slowSave }, locks, ends });
    first.runner.put(runAll(threeShots(), 'b'));
    await until(() => store.kept.get('sb')?.shots[0]!.run.taskId === 'task_1', 'shot 1 is sent');
    const second = fakeTab({ store, locks, ends, ids: 'b' });
    second.runner.follow(structuredClone(store.kept.get('sb')!));
    await until(() => second.runner.runningElsewhere('sb'), 'the second tab waits for the run');

    first.runner.stop('sb');
    await until(() => !second.runner.runningElsewhere('sb'), 'the second tab is given the run');
    ends.set('task_1', 'succeeded');
    await until(() => takeIds(store.kept.get('sb'), 0)?.[0] === 'task_1', 'the stopped take joins');
    await turns(10);
    // Had it read the record before the stop was written, it would have run on: shots 2 and 3 sent.
    expect(second.created).toEqual([]);
    expect(store.kept.get('sb')!.shots.map((s) => [s.run.state, s.run.error])).toEqual([
      ['failed', 'stopped'],
      ['failed', 'stopped'],
      ['failed', 'stopped'],
    ]);
  });
});

describe('a stopped task’s take joined while another tab runs the board (decision 691)', () => {
  it('tells the progress strip nothing: the tab that joined it does not show that run as its own', async () => {
    const locks = new FakeLocks();
    const first = fakeTab({ locks });
    first.deps.save = (id, next, opts) => saveBoard(id, next, opts?.quiet);
    first.deps.load = loadBoard;
    // The second tab's strip is not this test's: it runs the board and writes without telling it.
    const second = fakeTab({ locks, ids: 'b' });
    second.deps.save = (id, next) => saveBoard(id, next, true);
    second.deps.load = loadBoard;

    await saveStoryboard(threeShots());
    first.runner.follow((await loadBoard('sb'))!);
    first.runner.edit('sb', (b) => runAll(b, 'b'));
    await until(() => first.watched() === 1, 'shot 1 runs in the first tab');
    first.runner.stop('sb');
    await until(() => first.runner.get('sb')!.shots[0]!.stoppedTasks?.length === 1, 'stopped');
    const kept = async () => (await loadStoryboard('sb')) as Storyboard | undefined;
    for (let i = 0; i < 300 && !(await kept())?.shots[0]!.stoppedTasks; i++) await turns();
    const shotRun = async () => (await kept())?.shots[0]!.run;
    second.runner.follow((await loadBoard('sb'))!);
    second.runner.edit('sb', (b) => rerunShot(b, b.shots[0]!.id));
    for (let i = 0; i < 300 && (await shotRun())?.taskId !== 'b_1'; i++) await turns();
    expect(await shotRun()).toMatchObject({ state: 'running', taskId: 'b_1' });

    // What this tab tells the other tabs' strips from now on.
    const strip = openStoryboardChannel()!;
    const told: StoryboardProgress[] = [];
    let heardAll = false;
    strip.listen(['progress', 'board'], (m) => {
      if (m.kind === 'progress') told.push(m.progress);
      else if (m.id === 'all said') heardAll = true;
    });
    try {
      first.ends.set('task_1', 'succeeded');
      for (let i = 0; i < 300 && !(await shotRun())?.takes?.length; i++) await turns();
      expect((await shotRun())?.takes?.map((t) => t.taskId)).toEqual(['task_1']);
      storyboardChannel()!.post({ kind: 'board', id: 'all said' });
      await until(() => heardAll, 'this tab’s messages have arrived');
      expect(told.filter((p) => p.active)).toEqual([]);
    } finally {
      strip.close();
    }
  });
});
