import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TaskRegistry, type TrackedTask } from '@/api/task-registry';
import { memoryBackend } from '@/api/task-registry-storage';

/** The browser's channel between tabs: what one posts, every other one of that name hears, later. */
class FakeChannel {
  static readonly open = new Set<FakeChannel>();
  static readonly posted: unknown[] = [];
  private readonly heard = new Set<(e: { data: unknown }) => void>();

  constructor(readonly name: string) {
    FakeChannel.open.add(this);
  }

  addEventListener(_type: 'message', listener: (e: { data: unknown }) => void) {
    this.heard.add(listener);
  }

  postMessage(data: unknown) {
    FakeChannel.posted.push(data);
    const copy = structuredClone(data);
    for (const other of FakeChannel.open)
      if (other !== this && other.name === this.name)
        queueMicrotask(() => other.heard.forEach((l) => l({ data: copy })));
  }

  close() {
    FakeChannel.open.delete(this);
  }
}

function task(id: string, extra: Partial<TrackedTask> = {}): TrackedTask {
  return { id, kind: 'video', createdAt: 1_700_000_000_000, source: 'imported', ...extra };
}

async function twoTabs(known: TrackedTask[]) {
  const a = new TaskRegistry(memoryBackend(known), { broadcast: true });
  const b = new TaskRegistry(memoryBackend(known), { broadcast: true });
  await Promise.all([a.ready, b.ready]);
  return { a, b };
}

describe('TaskRegistry between tabs', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('BroadcastChannel', FakeChannel);
    FakeChannel.posted.length = 0;
  });
  afterEach(() => {
    for (const c of [...FakeChannel.open]) c.close();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('tells the other tab of 200 endings in one message, and the other tab ends with all of them', async () => {
    const ids = Array.from({ length: 200 }, (_, i) => `task_${i}`);
    const { a, b } = await twoTabs(ids.map((id) => task(id, { last: { status: 'running' } })));
    // Endings as the watcher's answers bring them: a few per task of the event loop, within a frame.
    for (let i = 0; i < ids.length; i += 50) {
      for (const id of ids.slice(i, i + 50)) a.recordSnapshot(id, { status: 'failed' });
      await vi.advanceTimersByTimeAsync(1);
    }
    await vi.advanceTimersByTimeAsync(50);

    expect(FakeChannel.posted).toHaveLength(1);
    expect(b.list().map((t) => t.last?.status)).toEqual(ids.map(() => 'failed'));
    expect(b.open()).toEqual([]);
  });

  it('the other tab ends with each task as this tab last left it, when one is forgotten and put back', async () => {
    const { a, b } = await twoTabs([task('task_kept'), task('task_gone'), task('task_back')]);
    a.recordSnapshot('task_gone', { status: 'succeeded' });
    a.untrack('task_gone');
    const removed = a.untrack('task_back');
    a.restore(removed);
    a.track(task('task_new', { prompt: 'a fox' }));
    a.recordSnapshot('task_new', { status: 'running', progress: 10 });
    await vi.advanceTimersByTimeAsync(50);

    expect(FakeChannel.posted.length).toBeLessThanOrEqual(2);
    expect(b.list().map((t) => t.id)).toEqual(a.list().map((t) => t.id));
    expect(b.get('task_gone')).toBeUndefined();
    expect(b.get('task_back')).toEqual(a.get('task_back'));
    expect(b.get('task_new')).toMatchObject({ prompt: 'a fox', last: { status: 'running', progress: 10 } });

    // A later write is told on its own: nothing waits for a burst that never comes.
    a.recordSnapshot('task_kept', { status: 'failed' });
    await vi.advanceTimersByTimeAsync(50);
    expect(b.get('task_kept')?.last?.status).toBe('failed');
  });
});
