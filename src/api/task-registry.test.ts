import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { RegistryImportError, TaskRegistry, type TrackedTask } from '@/api/task-registry';
import { indexedDbBackend, memoryBackend } from '@/api/task-registry-storage';

let dbCounter = 0;
const freshDbName = () => `test-tasks-${++dbCounter}`;

function task(id: string, extra: Partial<TrackedTask> = {}): TrackedTask {
  return { id, kind: 'video', createdAt: 1_700_000_000_000, source: 'composer', ...extra };
}

describe('TaskRegistry forgetting', () => {
  it('a forgotten task is not brought back by a view that shows it, and Undo restores it exactly', async () => {
    const backend = memoryBackend();
    const registry = new TaskRegistry(backend);
    await registry.ready;
    const created = task('task_a', { request: { model: 'video-2.0-cl', prompt: 'a cat' }, prompt: 'a cat' });
    registry.track(created);
    const removed = registry.untrack('task_a');
    expect(removed).toEqual([created]);
    expect(registry.list()).toEqual([]);

    expect(registry.adopt(task('task_a', { source: 'pasted' }))).toBe(false);
    expect(registry.get('task_a')).toBeUndefined();

    registry.restore(removed);
    await registry.flush();
    expect(registry.get('task_a')).toEqual(created);
    expect(backend.records.get('task_a')).toEqual(created);
  });

  it('hands a forget to the backend at once, while an earlier write is still under way', async () => {
    // A reload just after a forget found the delete still waiting for the write before it, and the
    // forgotten task came back. IndexedDB orders read-write transactions itself.
    const writes: { upserts: string[]; deletes: string[] }[] = [];
    let finishFirst!: () => void;
    const registry = new TaskRegistry({
      kind: 'indexeddb',
      loadAll: () => Promise.resolve([]),
      write(upserts, deletes) {
        writes.push({ upserts: upserts.map((t) => t.id), deletes });
        return writes.length === 1
          ? new Promise<void>((resolve) => (finishFirst = resolve))
          : Promise.resolve();
      },
    });
    await registry.ready;
    registry.track(task('task_a'));
    await Promise.resolve();
    registry.untrack('task_a');
    await Promise.resolve();
    expect(writes).toEqual([
      { upserts: ['task_a'], deletes: [] },
      { upserts: [], deletes: ['task_a'] },
    ]);
    // flush() still waits for every write made so far.
    let flushed = false;
    const flushing = registry.flush().then(() => (flushed = true));
    await new Promise((r) => setTimeout(r, 0));
    expect(flushed).toBe(false);
    finishFirst();
    await flushing;
  });

  it('adopting never replaces a tracked record, and tracking never downgrades one created here', async () => {
    const registry = new TaskRegistry(memoryBackend());
    await registry.ready;
    registry.track(task('task_a', { request: { prompt: 'x' } }));
    expect(registry.adopt(task('task_a', { source: 'pasted' }))).toBe(false);
    registry.track(task('task_a', { source: 'pasted', model: 'video-2.0-cl' }));
    expect(registry.get('task_a')).toMatchObject({ source: 'composer', request: { prompt: 'x' } });
    expect(registry.adopt(task('task_new', { source: 'pasted' }))).toBe(true);
    expect(registry.get('task_new')?.source).toBe('pasted');
  });
});

describe('TaskRegistry persistence', () => {
  it('keeps tracked tasks across a reload (a new registry on the same IndexedDB)', async () => {
    const name = freshDbName();
    const first = new TaskRegistry(indexedDbBackend(name));
    await first.ready;
    first.track(task('task_a', { prompt: 'a cat', request: { model: 'video-2.0-cl', prompt: 'a cat' } }));
    first.track(task('task_b', { createdAt: 1_700_000_001_000 }));
    first.untrack('task_b');
    first.track(task('task_c', { createdAt: 1_700_000_002_000 }));
    await first.flush();

    const second = new TaskRegistry(indexedDbBackend(name));
    await second.ready;
    expect(second.list().map((t) => t.id)).toEqual(['task_c', 'task_a']);
    expect(second.get('task_a')?.request).toEqual({ model: 'video-2.0-cl', prompt: 'a cat' });
    expect(second.get('task_b')).toBeUndefined();
  });

  it('is readable at once: a task tracked before the stored list loaded wins over the stored copy', async () => {
    const backend = memoryBackend([task('task_a', { prompt: 'old' })]);
    const registry = new TaskRegistry(backend);
    registry.track(task('task_a', { prompt: 'new' }));
    expect(registry.get('task_a')?.prompt).toBe('new');
    await registry.ready;
    expect(registry.get('task_a')?.prompt).toBe('new');
    await registry.flush();
    expect(backend.records.get('task_a')?.prompt).toBe('new');
  });

  it('holds 10,000 tasks and writes only what changed, never the whole list', async () => {
    const backend = memoryBackend();
    const write = vi.spyOn(backend, 'write');
    const registry = new TaskRegistry(backend);
    await registry.ready;
    const many = Array.from({ length: 10_000 }, (_, i) => task(`task_${i}`, { createdAt: 1_000 + i }));
    registry.importJson(JSON.stringify(many));
    await registry.flush();
    expect(backend.records.size).toBe(10_000);
    expect(registry.list()[0]!.id).toBe('task_9999');

    write.mockClear();
    registry.track(task('task_new', { createdAt: 99_999 }));
    registry.recordSnapshot('task_5', { status: 'running', progress: 40 });
    await registry.flush();
    const written = write.mock.calls.flatMap(([upserts]) => upserts.map((t) => t.id));
    expect(written.sort()).toEqual(['task_5', 'task_new']);
    expect(registry.list()).toHaveLength(10_001);
  });

  it('keeps the list order and identity stable for a progress update, and skips unchanged snapshots', async () => {
    const backend = memoryBackend();
    const registry = new TaskRegistry(backend);
    await registry.ready;
    registry.track(task('task_a', { createdAt: 2 }));
    registry.track(task('task_b', { createdAt: 1 }));
    const before = registry.list();
    registry.recordSnapshot('task_b', { status: 'running', progress: 10 });
    const after = registry.list();
    expect(after).not.toBe(before);
    expect(after.map((t) => t.id)).toEqual(['task_a', 'task_b']);
    expect(after[1]!.last).toMatchObject({ status: 'running', progress: 10 });

    const listener = vi.fn();
    registry.subscribe(listener);
    registry.recordSnapshot('task_b', { status: 'running', progress: 10 });
    expect(listener).not.toHaveBeenCalled();
    expect(registry.list()).toBe(after);
  });

  it('records usage on the terminal snapshot; an older stored record without it loads and gains it', async () => {
    // A record as stored before usage was kept: same shape, no `usage` in `last`.
    const old = { ...task('task_old'), last: { status: 'succeeded', seenAt: 5, endedAt: 4 } };
    const odd = { ...task('task_odd'), last: { status: 'failed', usage: 'x' } } as unknown as TrackedTask;
    const backend = memoryBackend([old, odd]);
    const registry = new TaskRegistry(backend);
    await registry.ready;
    expect(registry.get('task_old')?.last).toEqual({ status: 'succeeded', seenAt: 5, endedAt: 4 });
    expect(registry.get('task_odd')?.last).toEqual({ status: 'failed' });

    // Seen again in the same state, now with its usage: written once, then skipped.
    registry.recordSnapshot('task_old', { status: 'succeeded', usage: { tokens: 42, withVideo: false } });
    await registry.flush();
    expect(backend.records.get('task_old')?.last?.usage).toEqual({ tokens: 42, withVideo: false });
    const listener = vi.fn();
    registry.subscribe(listener);
    registry.recordSnapshot('task_old', { status: 'succeeded', usage: { tokens: 42, withVideo: false } });
    expect(listener).not.toHaveBeenCalled();

    // And it survives a reload (parsed back from storage).
    const reloaded = new TaskRegistry(backend);
    await reloaded.ready;
    expect(reloaded.get('task_old')?.last?.usage).toEqual({ tokens: 42, withVideo: false });
  });

  it('keeps a stored usage when the task later answers 404, and stores the 404', async () => {
    const backend = memoryBackend();
    const registry = new TaskRegistry(backend);
    await registry.ready;
    registry.track(task('task_done'));
    const usage = { tokens: 1_200, model: 'video-2.0-cl', withVideo: true };
    registry.recordSnapshot('task_done', { status: 'succeeded', usage, seenAt: 10 });
    // The key lost access to it (or the server forgot it): a poll answers 404.
    registry.recordSnapshot('task_done', { notFound: true, seenAt: 20 });
    expect(registry.get('task_done')?.last).toEqual({ notFound: true, seenAt: 20, usage });
    await registry.flush();
    const reloaded = new TaskRegistry(backend);
    await reloaded.ready;
    expect(reloaded.get('task_done')?.last).toEqual({ notFound: true, seenAt: 20, usage });

    // A 404 of a task never seen finished still stores no usage.
    registry.track(task('task_gone'));
    registry.recordSnapshot('task_gone', { status: 'running', progress: 40, seenAt: 30 });
    registry.recordSnapshot('task_gone', { notFound: true, seenAt: 40 });
    expect(registry.get('task_gone')?.last).toEqual({ notFound: true, seenAt: 40 });
  });

  it('merges a new record into a known one without dropping fields it leaves out', async () => {
    const registry = new TaskRegistry(memoryBackend());
    registry.track(task('task_a', { prompt: 'p', request: { a: 1 } }));
    registry.track({
      id: 'task_a',
      kind: 'video',
      createdAt: 1_700_000_000_000,
      source: 'pasted',
      model: 'm',
    });
    expect(registry.get('task_a')).toMatchObject({ prompt: 'p', request: { a: 1 }, model: 'm' });
  });
});

describe('TaskRegistry export and import', () => {
  it('round-trips through its export format', async () => {
    const source = new TaskRegistry(memoryBackend());
    source.track(task('task_a', { prompt: 'a', model: 'video-2.0-cl' }));
    source.track(task('task_b', { createdAt: 5, last: { status: 'succeeded', progress: 100, seenAt: 9 } }));
    const text = source.exportJson();
    expect(JSON.parse(text)).toMatchObject({ format: 'media-studio.tasks', version: 1 });

    const target = new TaskRegistry(memoryBackend());
    expect(target.importJson(text)).toEqual({ added: 2, alreadyTracked: 0, invalid: 0, assetModels: 0 });
    expect(target.get('task_a')).toEqual(source.get('task_a'));
    expect(target.get('task_b')?.last?.status).toBe('succeeded');
  });

  it('counts what it added, what was already tracked and what was unusable', () => {
    const registry = new TaskRegistry(memoryBackend());
    registry.track(task('task_a', { prompt: 'mine' }));
    const result = registry.importJson(
      JSON.stringify([
        { id: 'task_a', prompt: 'theirs' },
        { id: 'task_new', kind: 'nonsense', createdAt: 'yesterday' },
        { id: 'task_new' },
        { id: '../etc/passwd' },
        { prompt: 'no id' },
        42,
      ]),
    );
    expect(result).toEqual({ added: 1, alreadyTracked: 2, invalid: 3, assetModels: 0 });
    expect(registry.get('task_a')?.prompt).toBe('mine');
    expect(registry.get('task_new')).toMatchObject({ kind: 'unknown', source: 'imported' });
    expect(typeof registry.get('task_new')?.createdAt).toBe('number');
  });

  it('refuses a file that is not JSON or not a task list', () => {
    const registry = new TaskRegistry(memoryBackend());
    expect(() => registry.importJson('not json')).toThrow(RegistryImportError);
    expect(() => registry.importJson('{"tasks": 3}')).toThrow(/not a list of tasks/);
    expect(registry.list()).toHaveLength(0);
  });

  it('exports only the given ids when asked', () => {
    const registry = new TaskRegistry(memoryBackend());
    registry.track(task('task_a'));
    registry.track(task('task_b'));
    const exported = JSON.parse(registry.exportJson(['task_b'])) as { tasks: TrackedTask[] };
    expect(exported.tasks.map((t) => t.id)).toEqual(['task_b']);
  });
});

describe('TaskRegistry change signals (writes proportional to what changed)', () => {
  const running = (id: string, createdAt: number, progress = 0) =>
    task(id, { createdAt, last: { status: 'running', progress, seenAt: 1 } });
  const done = (id: string, createdAt: number) =>
    task(id, { createdAt, last: { status: 'succeeded', seenAt: 1 } });

  it('open(): only unfinished tasks, newest first, the same array while no open task changes', async () => {
    const registry = new TaskRegistry(
      memoryBackend([done('task_old', 1), running('task_run', 2), task('task_new', { createdAt: 3 })]),
    );
    await registry.ready;
    const onOpen = vi.fn();
    registry.subscribeOpen(onOpen);
    const open = registry.open();
    expect(open.map((t) => t.id)).toEqual(['task_new', 'task_run']);

    // A finished task seen again (its usage stored): not an open change.
    registry.recordSnapshot('task_old', { status: 'succeeded', usage: { withVideo: false } });
    expect(onOpen).not.toHaveBeenCalled();
    expect(registry.open()).toBe(open);

    registry.recordSnapshot('task_run', { status: 'running', progress: 50 });
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(registry.open()).not.toBe(open);
    expect(registry.open()[1]?.last?.progress).toBe(50);

    // Ending, a 404 and forgetting each leave the open list.
    registry.recordSnapshot('task_run', { status: 'SUCCESS' });
    registry.recordSnapshot('task_new', { notFound: true });
    expect(registry.open()).toEqual([]);
    registry.track(task('task_again', { createdAt: 4 }));
    registry.untrack('task_again');
    expect(registry.open()).toEqual([]);
    expect(onOpen).toHaveBeenCalledTimes(5);
  });

  it('subscribeTask(): called for its own task only, including when it is forgotten', async () => {
    const registry = new TaskRegistry(memoryBackend([running('task_a', 1), running('task_b', 2)]));
    await registry.ready;
    const onA = vi.fn();
    const stop = registry.subscribeTask('task_a', onA);
    registry.recordSnapshot('task_b', { status: 'running', progress: 10 });
    expect(onA).not.toHaveBeenCalled();
    registry.recordSnapshot('task_a', { status: 'running', progress: 10 });
    registry.untrack('task_a');
    expect(onA).toHaveBeenCalledTimes(2);
    stop();
    registry.restore([running('task_a', 1)]);
    expect(onA).toHaveBeenCalledTimes(2);
  });

  it('list(): writes are patched in when read, in place; unchanged records keep their identity', async () => {
    const tasks = Array.from({ length: 50 }, (_, i) =>
      i < 45 ? done(`task_${i}`, i) : running(`task_${i}`, i),
    );
    const registry = new TaskRegistry(memoryBackend(tasks));
    await registry.ready;
    const before = registry.list();
    for (let p = 1; p <= 20; p += 1) {
      registry.recordSnapshot(`task_${45 + (p % 5)}`, { status: 'running', progress: p });
    }
    const after = registry.list();
    expect(after).not.toBe(before);
    expect(registry.list()).toBe(after);
    expect(after.map((t) => t.id)).toEqual(before.map((t) => t.id));
    expect(after.find((t) => t.id === 'task_45')?.last?.progress).toBe(20);
    expect(after.filter((t, i) => t !== before[i]).map((t) => t.id)).toEqual([
      'task_49',
      'task_48',
      'task_47',
      'task_46',
      'task_45',
    ]);
  });

  it('hydration fills open() and calls the per-task signals of the stored tasks', async () => {
    const registry = new TaskRegistry(memoryBackend([running('task_stored', 1)]));
    const onStored = vi.fn();
    registry.subscribeTask('task_stored', onStored);
    expect(registry.open()).toEqual([]);
    await registry.ready;
    expect(onStored).toHaveBeenCalledTimes(1);
    expect(registry.open().map((t) => t.id)).toEqual(['task_stored']);
  });
});
