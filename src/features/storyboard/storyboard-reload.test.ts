import { describe, expect, it } from 'vitest';
import { resumed, shotChanged, type Storyboard } from './storyboard';
import { parseStoryboard } from './storyboard-file';
import { editedSinceTake, pendingShots, rerunShot, runAll } from './storyboard-runs';
import { fakeDeps, settle, threeShots } from './runner-fakes';
import { StoryboardRunner } from './storyboard-runner';

const turn = () => new Promise((r) => setTimeout(r, 0));
const takeIds = (b: Storyboard | undefined, i: number) => b?.shots[i]!.run.takes?.map((t) => t.taskId);

/** A board whose three shots each have one good take (task_1..3), run in a tab given `deps`. */
async function ranOnce(opts: { sendKeys?: boolean } = {}) {
  const first = fakeDeps(opts);
  const runner = new StoryboardRunner(first.deps);
  runner.put(runAll(threeShots(), 'b'));
  await settle(runner, 'sb');
  return { first, runner };
}

/** The next tab opens on `stored` (what the closed tab wrote last), knowing the tasks made so far. */
function reopen(
  stored: Storyboard,
  made: ReturnType<typeof fakeDeps>['created'],
  opts: { sendKeys?: boolean } = {},
) {
  const second = fakeDeps(opts);
  second.store.kept.set('sb', structuredClone(stored));
  // Task ids go on from the ones made before: a new task is never called like an old take.
  second.created.push(...made);
  const runner = new StoryboardRunner({ ...second.deps, load: second.store.load });
  runner.follow(structuredClone(stored));
  return { second, runner };
}

/**
 * A retake of shot 1 whose POST leaves and is never answered (the tab closes meanwhile); `lands`:
 * the server made its task all the same. Returns the board as the closed tab kept it.
 */
async function retakeCutOff(first: ReturnType<typeof fakeDeps>, runner: StoryboardRunner, lands: boolean) {
  const create = first.deps.createTask;
  first.deps.createTask = (body, meta) => {
    if (lands) void create(body, meta);
    return new Promise(() => undefined);
  };
  runner.edit('sb', (b) => rerunShot(b, b.shots[0]!.id));
  for (let i = 0; i < 50 && runner.get('sb')!.shots[0]!.run.state !== 'submitting'; i++) await turn();
  await turn();
  const stored = first.store.kept.get('sb')!;
  expect(stored.shots[0]!.run.state).toBe('submitting');
  expect(takeIds(stored, 0)).toEqual(['task_1']);
  return stored;
}

describe('a reload that cuts off a shot’s run keeps its earlier takes (issue 42, takes)', () => {
  it('a retake cut off while its task was sent goes again under its send key: the task made then, no second', async () => {
    const { first, runner } = await ranOnce({ sendKeys: true });
    const stored = await retakeCutOff(first, runner, true);
    // The key was kept before the POST left, and the server made task_4 under it.
    const key = stored.shots[0]!.run.sendKey;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.created.map((t) => [t.id, t.meta?.sendKey])).toContainEqual(['task_4', key]);

    const { second, runner: after } = reopen(stored, first.created, { sendKeys: true });
    // While it runs again, the good take stays on show.
    expect(after.get('sb')!.shots[0]!.run.kept?.taskId).toBe('task_1');
    expect(takeIds(after.get('sb'), 0)).toEqual(['task_1']);
    const b = await settle(after, 'sb');
    expect(second.created.map((t) => t.id)).toEqual(['task_1', 'task_2', 'task_3', 'task_4']);
    expect(b.shots[0]!.run.taskId).toBe('task_4');
    expect(b.shots[0]!.run.sendKey).toBeUndefined();
    expect(takeIds(b, 0)).toEqual(['task_1', 'task_4']);
    for (let i = 0; i < 5; i++) await turn();
    expect(takeIds(second.store.kept.get('sb'), 0)).toEqual(['task_1', 'task_4']);
  });

  it('a retake cut off, its prompt edited before the reopen, goes again as it was sent: the task made then, no refusal', async () => {
    const { first, runner } = await ranOnce({ sendKeys: true });
    const stored = await retakeCutOff(first, runner, true);
    const sentPrompt = first.created.at(-1)!.body.prompt;
    // Another tab (or the person, before the run picked it up) changed the shot meanwhile.
    const edited: Storyboard = {
      ...stored,
      shots: stored.shots.map((s, i) =>
        i === 0 ? { ...s, draft: { ...s.draft, prompt: 'A new idea' } } : s,
      ),
    };
    const { second, runner: after } = reopen(edited, first.created, { sendKeys: true });
    const b = await settle(after, 'sb');
    expect(b.shots[0]!.run).toMatchObject({ state: 'succeeded', taskId: 'task_4' });
    expect(second.created).toHaveLength(4);
    expect(takeIds(b, 0)).toEqual(['task_1', 'task_4']);
    // The take says what it was made with; the edit waits for the next run.
    expect(b.shots[0]!.run.takes?.at(-1)?.settings?.prompt).toBe(sentPrompt);
    expect(b.shots[0]!.draft.prompt).toBe('A new idea');
    // So the shot reads as edited since its take, and Run offers it (the shots after it were
    // made stale by the retake).
    expect(editedSinceTake(b, 0)).toBe(true);
    expect(pendingShots(b)).toEqual([0, 1, 2]);
  });

  it('in direct mode a retake cut off is not sent again by itself: it fails saying so, and Run sends it', async () => {
    const { first, runner } = await ranOnce();
    const stored = await retakeCutOff(first, runner, false);
    const { second, runner: after } = reopen(stored, first.created);
    for (let i = 0; i < 5; i++) await turn();
    const shot = after.get('sb')!.shots[0]!.run;
    expect(shot).toMatchObject({ state: 'failed', error: 'sendCutOff' });
    // The good take stays on show, and nothing was sent.
    expect(shot.kept?.taskId).toBe('task_1');
    expect(takeIds(after.get('sb'), 0)).toEqual(['task_1']);
    expect(second.created).toHaveLength(3);

    after.edit('sb', (b) => rerunShot(b, b.shots[0]!.id));
    const b = await settle(after, 'sb');
    expect(second.created.map((t) => t.id).slice(3)).toEqual(['task_4']);
    expect(takeIds(b, 0)).toEqual(['task_1', 'task_4']);
  });

  it('a retake of a continuing shot cut off while its frame was taken or uploaded keeps its takes', () => {
    const board = runAll(threeShots(), 'b');
    const take = (n: number) => ({ taskId: `task_${n}`, resultUrl: `https://r/task_${n}.mp4` });
    let b: Storyboard = {
      ...board,
      shots: board.shots.map((s, i) => ({
        ...s,
        run: {
          state: 'succeeded',
          taskId: `task_${i + 1}`,
          resultUrl: take(i + 1).resultUrl,
          takes: [take(i + 1)],
        },
      })),
    };
    b = rerunShot(b, b.shots[1]!.id);
    b = rerunShot(b, b.shots[2]!.id);
    b = shotChanged(b, b.shots[1]!.id, { state: 'framing' });
    b = shotChanged(b, b.shots[2]!.id, { state: 'registering', registeringSince: 100 });
    const back = resumed(structuredClone(b));
    expect(back.shots.map((s) => s.run.state)).toEqual(['succeeded', 'queued', 'queued']);
    expect(back.shots.map((s) => s.run.takes?.map((t) => t.taskId))).toEqual([
      ['task_1'],
      ['task_2'],
      ['task_3'],
    ]);
    expect(back.shots.map((s) => s.run.kept?.taskId)).toEqual([undefined, 'task_2', 'task_3']);
    expect(back.shots[2]!.run.registeringSince).toBe(100);
  });

  it('a board read back keeps every take that reads as one, even when another does not', () => {
    const board = threeShots();
    const take = (n: number, url = `https://r/task_${n}.mp4`) => ({ taskId: `task_${n}`, resultUrl: url });
    // A result URL past the record's bound (an edited record, or a deployment's very long link).
    const bad = take(2, `https://r/${'x'.repeat(5000)}.mp4`);
    board.shots[0] = {
      ...board.shots[0]!,
      run: {
        state: 'succeeded',
        taskId: 'task_3',
        resultUrl: take(3).resultUrl,
        takes: [take(1), bad, take(3)],
      },
    };
    const back = parseStoryboard(structuredClone(board), { fresh: false });
    expect(takeIds(back, 0)).toEqual(['task_1', 'task_3']);
    expect(back.shots[0]!.run.taskId).toBe('task_3');
  });
});
