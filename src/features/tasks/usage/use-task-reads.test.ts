import { describe, expect, it } from 'vitest';
import type { TrackedTask } from '@/api/task-registry';
import type { Task } from '@/api/tasks';
import { summariseUsage, taskUsageSample } from './usage-data';
import { READ_CONCURRENCY, readAll } from './use-task-reads';

const COUNT = 1_250;

function server() {
  let inFlight = 0;
  let most = 0;
  const read = async (id: string): Promise<Task> => {
    inFlight += 1;
    most = Math.max(most, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 0));
    inFlight -= 1;
    if (id === 'task_7') throw new Error('404');
    return { id, status: 'succeeded', model: 'video-2.0-cl', usage: { total_tokens: 10 } } as Task;
  };
  return { read, most: () => most };
}

describe('usage reads every tracked task', () => {
  it('reads well over 300 tasks, a few at a time, and counts each (a failed read as unknown)', async () => {
    const ids = Array.from({ length: COUNT }, (_, i) => `task_${i}`);
    const s = server();
    let last: ReadonlyMap<string, Task | undefined> = new Map();
    await readAll(ids, s.read, (answers) => (last = answers));
    expect(s.most()).toBe(READ_CONCURRENCY);
    expect(last.size).toBe(COUNT);

    const tracked = ids.map((id): TrackedTask => ({ id, kind: 'video', createdAt: 1, source: 'pasted' }));
    const summary = summariseUsage(tracked.map((t) => taskUsageSample(t, last.get(t.id))));
    expect(summary.total).toBe((COUNT - 1) * 10);
    expect(summary.unknown).toBe(1);
  });

  it('stops reading when the page is left', async () => {
    const ids = Array.from({ length: 100 }, (_, i) => `task_${i}`);
    const controller = new AbortController();
    let reads = 0;
    const read = async (id: string) => {
      reads += 1;
      if (reads === 10) controller.abort();
      await Promise.resolve();
      return { id, status: 'succeeded' } as Task;
    };
    await readAll(ids, read, () => {}, { signal: controller.signal });
    expect(reads).toBeLessThan(10 + READ_CONCURRENCY);
  });
});
