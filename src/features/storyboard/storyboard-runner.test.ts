import { describe, expect, it, vi } from 'vitest';
import { claimRun } from '@/lib/run-lock';
import { FakeLocks } from '@/test/fake-locks';
import { resumed, type Storyboard } from './storyboard';
import { rerunShot, runAll } from './storyboard-runs';
import { fakeBoardStore, fakeDeps, fakeWatch, settle, threeShots } from './runner-fakes';
import { StoryboardRunner, type RunnerDeps } from './storyboard-runner';

describe('StoryboardRunner', () => {
  it('runs shots in dependency order, each continuing shot from its predecessor’s frame', async () => {
    const { deps, created } = fakeDeps();
    const runner = new StoryboardRunner(deps);
    runner.put(runAll(threeShots(), 'batch-1'));
    const b = await settle(runner, 'sb');
    expect(b.shots.map((s) => s.run.state)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(created.map((t) => t.body.prompt)).toEqual(['one', 'two', 'three']);
    // Each task is recorded as its storyboard's shot, in the run's batch (the monitor groups them).
    expect(created.map((t) => t.meta)).toEqual(
      [1, 2, 3].map((shot) => ({
        batchId: 'batch-1',
        prompt: ['one', 'two', 'three'][shot - 1],
        storyboard: { id: 'sb', name: 'Scene', shot },
      })),
    );
    const firstFrames = created.map(
      (t) =>
        (t.body.references as Array<{ role: string; url: string }> | undefined)?.find(
          (r) => r.role === 'first_frame',
        )?.url,
    );
    expect(firstFrames[0]).toBeUndefined();
    expect(firstFrames[1]).toMatch(/^Asset:\/\/asset_/);
    expect(firstFrames[2]).toMatch(/^Asset:\/\/asset_/);
  });

  it('a failure stops the dependents with the reason', async () => {
    const { deps, created } = fakeDeps({ failPrompt: 'one' });
    const runner = new StoryboardRunner(deps);
    runner.put(runAll(threeShots(), 'b'));
    const b = await settle(runner, 'sb');
    expect(b.shots.map((s) => [s.run.state, s.run.error])).toEqual([
      ['failed', 'refused by policy'],
      ['blocked', 'predecessorFailed'],
      ['blocked', 'predecessorFailed'],
    ]);
    expect(created).toHaveLength(1);
  });

  it('a frame the deployment refuses (sync_error) stops that shot with the reason and offers another image', async () => {
    const { deps } = fakeDeps({ frameSyncError: 'image rejected by content policy' });
    const runner = new StoryboardRunner(deps);
    runner.put(runAll(threeShots(), 'b'));
    const b = await settle(runner, 'sb');
    expect(b.shots[1]!.run).toMatchObject({
      state: 'failed',
      error: 'image rejected by content policy',
      frameRefused: true,
    });
    expect(b.shots[2]!.run.state).toBe('blocked');
  });

  it('after a reload, follows the task already created instead of creating another', async () => {
    const first = fakeDeps();
    const before = new StoryboardRunner(first.deps);
    const board = runAll(threeShots(), 'b');
    before.put(board);
    await new Promise((r) => setTimeout(r, 0));
    // The tab closes while shot 1's task runs: what was saved last is what the next tab reads.
    const stored = first.saved.find((s) => s.shots[0]!.run.state === 'running')!;
    const second = fakeDeps();
    // The browser keeps the record the next tab reads.
    second.store.kept.set('sb', structuredClone(stored));
    second.created.push({ id: stored.shots[0]!.run.taskId!, body: { prompt: 'one' } });
    const after = new StoryboardRunner(second.deps);
    after.follow(JSON.parse(JSON.stringify(stored)) as Storyboard);
    const b = await settle(after, 'sb');
    expect(b.shots.map((s) => s.run.state)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    // Shot 1 was not created again: only shots 2 and 3 were.
    expect(second.created.map((t) => t.body.prompt)).toEqual(['one', 'two', 'three']);
    expect(resumed(stored).shots[0]!.run.state).toBe('running');
  });

  it('gives up on a task the server no longer knows (404), with words, and stops watching it', async () => {
    const { deps } = fakeDeps({ taskError: Object.assign(new Error('Not found'), { status: 404 }) });
    const runner = new StoryboardRunner(deps);
    runner.put(runAll(threeShots(), 'b'));
    const b = await settle(runner, 'sb');
    expect(b.shots.map((s) => [s.run.state, s.run.error])).toEqual([
      ['failed', 'taskNotFound'],
      ['blocked', 'predecessorFailed'],
      ['blocked', 'predecessorFailed'],
    ]);
    expect((deps.watchTask as ReturnType<typeof fakeWatch>).active()).toBe(0);
  });

  it('gives up on a refused key (401) instead of asking for ever', async () => {
    const { deps } = fakeDeps({ taskError: Object.assign(new Error('Invalid key'), { status: 401 }) });
    const runner = new StoryboardRunner(deps);
    runner.put(runAll(threeShots(), 'b'));
    const b = await settle(runner, 'sb');
    expect(b.shots[0]!.run).toMatchObject({ state: 'failed', error: 'unauthorized' });
  });

  it('keeps following through a lost answer (network, 5xx): the query asks again', async () => {
    let fails = 3;
    const { deps } = fakeDeps();
    const inner = deps.watchTask;
    deps.watchTask = (id, seen) =>
      inner(id, (w) =>
        fails-- > 0 ? seen({ error: Object.assign(new Error('down'), { status: 503 }) }) : seen(w),
      );
    const runner = new StoryboardRunner(deps);
    runner.put(runAll(threeShots(), 'b'));
    const b = await settle(runner, 'sb');
    expect(b.shots.map((s) => s.run.state)).toEqual(['succeeded', 'succeeded', 'succeeded']);
  });

  it('stops when asked: nothing more is sent, and the shots say they were stopped', async () => {
    const { deps, created } = fakeDeps();
    // Shot 1's task never ends.
    deps.watchTask = fakeWatch((id) => ({ id, status: 'running', progress: 10 }));
    const runner = new StoryboardRunner(deps);
    runner.put(runAll(threeShots(), 'b'));
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
    expect((deps.watchTask as ReturnType<typeof fakeWatch>).active()).toBe(1);
    runner.stop('sb');
    // Shot 1's task was sent and is billed: still followed, to join its takes (stopped-takes.test.ts).
    expect((deps.watchTask as ReturnType<typeof fakeWatch>).active()).toBe(1);
    const b = await settle(runner, 'sb');
    expect(b.shots.map((s) => [s.run.state, s.run.error])).toEqual([
      ['failed', 'stopped'],
      ['failed', 'stopped'],
      ['failed', 'stopped'],
    ]);
    expect(created).toHaveLength(1);
  });

  it('a board stopped to be forgotten (deleted mid-run) does not come back', async () => {
    const { deps, saved } = fakeDeps();
    const runner = new StoryboardRunner(deps);
    runner.put(runAll(threeShots(), 'b'));
    await new Promise((r) => setTimeout(r, 0));
    runner.stop('sb', { forget: true });
    const count = saved.length;
    for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
    expect(runner.get('sb')).toBeUndefined();
    expect(saved).toHaveLength(count);
  });

  it('keeps every good take of a shot: a retake adds one, and the run’s result is the newest', async () => {
    const { deps } = fakeDeps();
    const runner = new StoryboardRunner(deps);
    runner.put(runAll(threeShots(), 'b'));
    let b = await settle(runner, 'sb');
    expect(b.shots[0]!.run.takes).toMatchObject([{ taskId: 'task_1', resultUrl: 'https://r/task_1.mp4' }]);
    runner.edit('sb', (board) => rerunShot(board, board.shots[0]!.id));
    b = await settle(runner, 'sb');
    expect(b.shots[0]!.run.takes!.map((t) => t.taskId)).toEqual(['task_1', 'task_4']);
    expect(b.shots[0]!.run.taskId).toBe('task_4');
  });

  it('a take keeps what it was sent with (camera move and chosen frame too), not the draft edited since', async () => {
    const { deps, created } = fakeDeps();
    const asked: Array<number | undefined> = [];
    deps.lastFrame = (_url, at) => {
      asked.push(at);
      return Promise.resolve(new Blob(['png']));
    };
    const runner = new StoryboardRunner(deps);
    const board = threeShots();
    board.shots[1] = { ...board.shots[1]!, camera: 'dolly-in', frameAt: 2.5 };
    runner.put(runAll(board, 'b'));
    // Edited while shot 1 runs: its take still says what was sent.
    runner.edit('sb', (b) => ({
      ...b,
      shots: b.shots.map((s, i) => (i === 0 ? { ...s, draft: { ...s.draft, prompt: 'edited' } } : s)),
    }));
    const b = await settle(runner, 'sb');
    expect(asked).toEqual([2.5, undefined]);
    expect(created[1]!.body.prompt).toBe('two The camera dollies in slowly toward the subject.');
    expect(b.shots[0]!.run.takes![0]!.settings).toMatchObject({
      model: 'video-2.0-cl',
      prompt: 'one',
      duration: 5,
    });
    expect(b.shots[1]!.run.takes![0]!.settings).toMatchObject({ camera: 'dolly-in', frameAt: 2.5 });
    expect(b.shots[1]!.run.sent).toEqual(b.shots[1]!.run.takes![0]!.settings);
  });
});

describe('one tab runs a storyboard (run-lock.ts)', () => {
  /** One tab of a browser: its own runner and fake API, the browser's shared record and locks. */
  function tab(store: ReturnType<typeof fakeBoardStore>, locks: FakeLocks) {
    const api = fakeDeps();
    const deps: RunnerDeps = {
      ...api.deps,
      save: store.save,
      claim: (id, on) => claimRun('storyboard', id, on, locks as unknown as LockManager),
      load: store.load,
    };
    return { runner: new StoryboardRunner(deps), ...api };
  }

  it('a second tab resuming the same run sends nothing while the first runs it, then takes up its record', async () => {
    const store = fakeBoardStore();
    const kept = store.kept;
    const locks = new FakeLocks();
    const first = tab(store, locks);
    first.runner.put(runAll(threeShots(), 'b'));
    await new Promise((r) => setTimeout(r, 0));
    expect(first.created.length).toBeGreaterThan(0);

    // The second tab reads the same record at its start, as the shell's resume does.
    const second = tab(store, locks);
    second.runner.follow(JSON.parse(JSON.stringify(kept.get('sb'))) as Storyboard);
    await new Promise((r) => setTimeout(r, 5));
    expect(second.runner.runningElsewhere('sb')).toBe(true);

    const done = await settle(first.runner, 'sb');
    expect(done.shots.map((s) => s.run.state)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(first.created.map((t) => t.body.prompt)).toEqual(['one', 'two', 'three']);
    // The first tab let the run go when it ended: the second takes the record up and finds it done.
    // By condition, not by a guess of time: a loaded machine can take longer than any guess.
    await vi.waitFor(() => expect(second.runner.runningElsewhere('sb')).toBe(false));
    expect(second.runner.get('sb')!.shots.map((s) => s.run.state)).toEqual([
      'succeeded',
      'succeeded',
      'succeeded',
    ]);
    expect(second.created).toEqual([]);
  });

  it('takes up a run whose tab stopped it midway, from that tab’s record, without sending its sent shots again', async () => {
    const store = fakeBoardStore();
    const kept = store.kept;
    const locks = new FakeLocks();
    const first = tab(store, locks);
    first.runner.put(runAll(threeShots(), 'b'));
    // One turn: shot 1 is sent and followed (its task ends on its second read), the others wait.
    await new Promise((r) => setTimeout(r, 0));
    const second = tab(store, locks);
    second.runner.follow(JSON.parse(JSON.stringify(kept.get('sb'))) as Storyboard);
    await new Promise((r) => setTimeout(r, 0));
    expect(second.runner.runningElsewhere('sb')).toBe(true);
    // The first tab's run is stopped (its shots say so; Run starts them again): the lock goes.
    first.runner.stop('sb');
    // By condition, not by a guess of time: a loaded machine can take longer than any guess.
    await vi.waitFor(() => expect(second.runner.runningElsewhere('sb')).toBe(false));
    expect(second.created).toEqual([]);
    // It holds the first tab's record: what was stopped stays stopped until Run, nothing runs by itself.
    const states = (r: StoryboardRunner) => r.get('sb')!.shots.map((s) => [s.run.state, s.run.error]);
    expect(states(second.runner)).toEqual(states(first.runner));
    expect(states(second.runner)).toContainEqual(['failed', 'stopped']);
    await new Promise((r) => setTimeout(r, 20));
    expect(second.created).toEqual([]);
  });
});

describe('a reload during a frame upload (issue 42)', () => {
  it('finds the frame the cut-off upload registered instead of uploading it again', async () => {
    const first = fakeDeps();
    let uploads = 0;
    // The tab closes while shot 2's frame is on its way: the upload lands, its answer is never read.
    const before = new StoryboardRunner({
      ...first.deps,
      registerFrame: () => {
        uploads += 1;
        return new Promise(() => undefined);
      },
    });
    before.put(runAll(threeShots(), 'b'));
    for (let i = 0; i < 50 && !first.saved.some((s) => s.shots[1]!.run.state === 'registering'); i++)
      await new Promise((r) => setTimeout(r, 0));
    const stored = first.saved.findLast((s) => s.shots[1]!.run.state === 'registering')!;
    expect(stored.shots[1]!.run.registeringSince).toEqual(expect.any(Number));
    expect(uploads).toBe(1);

    const second = fakeDeps();
    // The browser keeps the record the next tab reads.
    second.store.kept.set('sb', structuredClone(stored));
    second.created.push({ id: stored.shots[0]!.run.taskId!, body: { prompt: 'one' } });
    const looked: Array<{ since: number }> = [];
    const after = new StoryboardRunner({
      ...second.deps,
      registerFrame: () => {
        uploads += 1;
        return Promise.resolve({ id: 'asset_again' });
      },
      findFrame: (_name, _board, since) => {
        looked.push({ since });
        return Promise.resolve(looked.length === 1 ? { id: 'asset_landed' } : undefined);
      },
    });
    after.follow(JSON.parse(JSON.stringify(stored)) as Storyboard);
    const b = await settle(after, 'sb');
    expect(b.shots.map((s) => s.run.state)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    // Shot 2's frame is the one that landed; only shot 3's (never cut off) was uploaded.
    expect(looked[0]!.since).toBe(stored.shots[1]!.run.registeringSince);
    expect(b.shots[1]!.run.frameAssetId).toBe('asset_landed');
    expect(uploads).toBe(2);
    expect(b.shots[1]!.run.registeringSince).toBeUndefined();
  });
});
