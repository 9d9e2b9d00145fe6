import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { claimRun } from '@/lib/run-lock';
import {
  deleteStoryboard,
  loadStoryboard,
  saveStoryboard,
  updateStoryboard,
} from '@/lib/storyboard/storyboard-storage';
import { openStoryboardChannel } from '@/lib/storyboard/storyboard-channel';
import { FakeLocks } from '@/test/fake-locks';
import { boardNews, loadBoard, saveBoard } from './board-store';
import { fakeDeps, fakeWatch, settle, threeShots } from './runner-fakes';
import type { RunnerDeps } from './runner-deps';
import { runAll } from './storyboard-runs';
import { StoryboardRunner } from './storyboard-runner';
import type { Storyboard } from './storyboard';

/**
 * Two tabs of one browser: each its own runner and API, sharing the browser's IndexedDB (the
 * real store, on fake-indexeddb) and its Web Locks, as the page builds them (storyboard-session).
 */
function tab(locks: FakeLocks, opts: Parameters<typeof fakeDeps>[0] = {}, news?: RunnerDeps['news']) {
  const api = fakeDeps(opts);
  const writes = { count: 0 };
  const deps: RunnerDeps = {
    ...api.deps,
    save: (id, next) => {
      writes.count += 1;
      return saveBoard(id, next);
    },
    load: loadBoard,
    claim: (id, on) => claimRun('storyboard', id, on, locks as unknown as LockManager),
    ...(news ? { news } : {}),
  };
  return { runner: new StoryboardRunner(deps), ...api, deps, writes };
}

const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setTimeout(r, 0));
};

async function until(check: () => Promise<boolean> | boolean, what: string) {
  for (let i = 0; i < 300; i++) {
    if (await check()) return;
    await turns(1);
  }
  throw new Error(`never: ${what}`);
}

const kept = async () => (await loadStoryboard('sb')) as (Storyboard & { running?: boolean }) | undefined;
const taskIds = (b: Storyboard | undefined) => b?.shots.map((s) => s.run.taskId);

/** The page opens the board in a second tab: it reads the record, as the editor does. */
async function openElsewhere(locks: FakeLocks, news?: RunnerDeps['news']) {
  const second = tab(locks, {}, news);
  second.runner.follow((await loadBoard('sb'))!);
  await until(() => second.runner.runningElsewhere('sb'), 'the second tab sees the run elsewhere');
  return second;
}

/** A task's answers: running while its id is `held`, then succeeded with its video. */
const runningWhileHeld = (held: Set<string>) => (id: string) =>
  held.has(id)
    ? { id, status: 'running', progress: 50 }
    : { id, status: 'succeeded', video_url: `https://r/${id}.mp4` };

/** The first tab runs the kept board of three shots, each task answering `answer(id)`. */
async function runInFirstTab(locks: FakeLocks, answer: (id: string) => unknown) {
  const first = tab(locks);
  first.deps.watchTask = fakeWatch(answer);
  await saveStoryboard(threeShots());
  first.runner.follow((await loadBoard('sb'))!);
  first.runner.edit('sb', (b) => runAll(b, 'batch'));
  return first;
}

/** Until the kept board has a task for shot `n`. */
const untilSent = (n: number) =>
  until(async () => taskIds(await kept())?.[n - 1] !== undefined, `shot ${n} was sent`);

/**
 * Once the board is deleted: `t` lets it go rather than running on, never writes it back, and has
 * sent nothing beyond shot 1's task.
 */
async function expectLetGo(t: ReturnType<typeof tab>, what: string) {
  await until(() => t.runner.deleted('sb') || t.created.length > 1, what);
  await turns(20);
  await expect(loadStoryboard('sb')).resolves.toBeUndefined();
  expect(t.created).toHaveLength(1);
  expect(t.runner.get('sb')).toBeUndefined();
  expect(t.runner.deleted('sb')).toBe(true);
}

afterEach(async () => {
  await deleteStoryboard('sb');
});

describe('updateStoryboard', () => {
  it('writes from the record as kept now, and writes nothing for a record deleted', async () => {
    await saveStoryboard({ id: 'sb', name: 'One', updatedAt: 1 });
    await expect(
      updateStoryboard('sb', (k) => ({ ...(k as { id: string; name: string }), updatedAt: 2 })),
    ).resolves.toEqual({
      id: 'sb',
      name: 'One',
      updatedAt: 2,
    });
    await deleteStoryboard('sb');
    let seen: unknown = 'not called';
    await expect(
      updateStoryboard('sb', (k) => {
        seen = k;
        return undefined;
      }),
    ).resolves.toBeUndefined();
    expect(seen).toBeUndefined();
    await expect(loadStoryboard('sb')).resolves.toBeUndefined();
  });
});

describe('a board edited in the tab that waits while another runs it (issue 42)', () => {
  it('keeps the running tab’s task ids and takes, and the person’s edit, in both tabs', async () => {
    const locks = new FakeLocks();
    // Shot 1's task runs until the second tab has opened the board, shot 2's until the edit is kept.
    const held = new Set(['task_1', 'task_2']);
    const first = await runInFirstTab(locks, runningWhileHeld(held));
    await untilSent(1);
    const second = await openElsewhere(locks);
    held.delete('task_1');
    // Shot 1 gets its take and shot 2 is sent in the first tab: the second tab's copy is older.
    await untilSent(2);
    expect(second.runner.get('sb')!.shots[0]!.run.takes).toBeUndefined();
    second.runner.edit('sb', (b) => ({
      ...b,
      name: 'Pier chase',
      shots: b.shots.map((s, i) => (i === 2 ? { ...s, draft: { ...s.draft, prompt: 'three, at dusk' } } : s)),
    }));

    await until(async () => (await kept())?.name === 'Pier chase', 'the edit is kept');
    held.delete('task_2');
    const done = await settle(first.runner, 'sb');
    await turns(5);
    const record = (await kept())!;
    expect(record.name).toBe('Pier chase');
    expect(record.shots.map((s) => s.run.state)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(taskIds(record)).toEqual(['task_1', 'task_2', 'task_3']);
    expect(record.shots.map((s) => s.run.takes?.map((t) => t.taskId))).toEqual([
      ['task_1'],
      ['task_2'],
      ['task_3'],
    ]);
    // The running tab took the edit up: shot 3 was sent as the person left it, and shows it.
    expect(first.created.map((t) => t.body.prompt)).toEqual(['one', 'two', 'three, at dusk']);
    expect(done.name).toBe('Pier chase');
    // The waiting tab's write brought it the run it had not seen.
    expect(second.runner.get('sb')!.shots[0]!.run.takes?.map((t) => t.taskId)).toEqual(['task_1']);
    expect(second.created).toEqual([]);
  });

  it('a take the running tab writes after the waiting tab’s edit is not undone by that tab’s next edit', async () => {
    const locks = new FakeLocks();
    // Shot 3's task runs until the end of the test: the second tab waits all along.
    const held = new Set(['task_3']);
    const first = await runInFirstTab(locks, runningWhileHeld(held));
    await turns(1);
    const second = await openElsewhere(locks);
    second.runner.edit('sb', (b) => ({ ...b, name: 'First edit' }));
    await untilSent(3);
    // The second tab has not seen shots 2 and 3 sent; its next edit keeps them all the same.
    expect(taskIds(second.runner.get('sb'))?.[2]).toBeUndefined();
    second.runner.edit('sb', (b) => ({ ...b, name: 'Second edit' }));
    await turns(5);
    let record = (await kept())!;
    expect(record.name).toBe('Second edit');
    expect(taskIds(record)).toEqual(['task_1', 'task_2', 'task_3']);
    expect(record.shots[1]!.run.takes?.map((t) => t.taskId)).toEqual(['task_2']);
    held.clear();
    await settle(first.runner, 'sb');
    await turns(5);
    record = (await kept())!;
    expect(record.name).toBe('Second edit');
    expect(record.shots.map((s) => s.run.state)).toEqual(['succeeded', 'succeeded', 'succeeded']);
  });
});

describe('the tab that waits while another runs the board (issue 42)', () => {
  it('shows the run’s progress and takes as the running tab writes them, with no reload, edit or write of its own', async () => {
    const locks = new FakeLocks();
    // Each tab has its own end of the channel, as each tab of the browser does.
    const ends = [openStoryboardChannel()!, openStoryboardChannel()!];
    const channels = ends.map((end) => boardNews(end)!);
    try {
      const first = tab(locks, {}, channels[0]);
      let progress = 20;
      const held = new Set(['task_1', 'task_2', 'task_3']);
      first.deps.watchTask = fakeWatch((id) =>
        held.has(id)
          ? { id, status: 'running', progress }
          : { id, status: 'succeeded', video_url: `https://r/${id}.mp4` },
      );
      await saveStoryboard(threeShots());
      first.runner.follow((await loadBoard('sb'))!);
      first.runner.edit('sb', (b) => runAll(b, 'batch'));
      await until(async () => taskIds(await kept())?.[0] !== undefined, 'shot 1 was sent');
      const second = await openElsewhere(locks, channels[1]);
      const shown = () => second.runner.get('sb')!.shots;
      const writes = second.writes.count;

      progress = 70;
      await until(() => shown()[0]!.run.progress === 0.7, 'the waiting tab shows shot 1’s progress');
      held.delete('task_1');
      await until(
        () => shown()[0]!.run.takes?.[0]?.taskId === 'task_1',
        'the waiting tab shows shot 1’s take',
      );
      expect(second.runner.runningElsewhere('sb')).toBe(true);
      held.clear();
      await settle(first.runner, 'sb');
      await until(
        () => shown().every((s) => s.run.state === 'succeeded'),
        'the waiting tab shows the run ended',
      );
      expect(shown().map((s) => s.run.takes?.map((t) => t.taskId))).toEqual([
        ['task_1'],
        ['task_2'],
        ['task_3'],
      ]);
      await until(() => !second.runner.runningElsewhere('sb'), 'the waiting tab knows the run ended');
      // It only showed the run: it sent nothing and wrote nothing.
      expect(second.created).toEqual([]);
      expect(second.writes.count).toBe(writes);
    } finally {
      for (const end of ends) end.close();
    }
  });
});

describe('a board deleted mid-run (issue 42)', () => {
  it('deleted in the waiting tab: the running tab stops its run and never writes the board back', async () => {
    const locks = new FakeLocks();
    // Shot 1's task runs until the board is gone.
    let status = 'running';
    const first = await runInFirstTab(locks, (id) => ({ id, status, video_url: `https://r/${id}.mp4` }));
    await untilSent(1);
    const second = await openElsewhere(locks);

    // The header's Delete, in the second tab.
    second.runner.stop('sb', { forget: true });
    await deleteStoryboard('sb');
    // The task moves on and answers: the running tab's next write finds the board gone.
    status = 'succeeded';
    await expectLetGo(first, 'the running tab lets the board go, or runs on');
  });

  it('deleted in the running tab: the waiting tab, given the run, neither runs it nor brings it back', async () => {
    const locks = new FakeLocks();
    const first = await runInFirstTab(locks, (id) => ({ id, status: 'running', progress: 10 }));
    await untilSent(1);
    const second = await openElsewhere(locks);

    // One server behind both tabs: shot 1's task answers the second tab too.
    second.created.push({ id: 'task_1', body: { prompt: 'one' } });
    first.runner.stop('sb', { forget: true });
    await deleteStoryboard('sb');
    // The lock is let go: the second tab is given the run and reads the record first.
    await expectLetGo(second, 'the second tab lets the board go, or runs it');
  });

  it('told of the delete, the running tab lets the board go at once, while its task still runs', async () => {
    const locks = new FakeLocks();
    const ends = [openStoryboardChannel()!, openStoryboardChannel()!];
    const channels = ends.map((end) => boardNews(end)!);
    try {
      const first = tab(locks, {}, channels[0]);
      // Shot 1's task never answers: no write of the running tab's would find the board gone.
      first.deps.watchTask = fakeWatch((id) => ({ id, status: 'running', progress: 10 }));
      await saveStoryboard(threeShots());
      first.runner.follow((await loadBoard('sb'))!);
      first.runner.edit('sb', (b) => runAll(b, 'batch'));
      await until(async () => taskIds(await kept())?.[0] !== undefined, 'shot 1 was sent');
      const second = await openElsewhere(locks, channels[1]);

      // The header's Delete, in the second tab.
      await second.runner.remove('sb', deleteStoryboard);
      await until(() => first.runner.deleted('sb'), 'the running tab lets the board go');
      expect(first.runner.get('sb')).toBeUndefined();
      expect((first.deps.watchTask as ReturnType<typeof fakeWatch>).active()).toBe(0);
      await turns(20);
      await expect(loadStoryboard('sb')).resolves.toBeUndefined();
      expect(first.created).toHaveLength(1);
      expect(second.runner.get('sb')).toBeUndefined();
    } finally {
      for (const end of ends) end.close();
    }
  });
});
