import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackedTask } from '@/api/task-registry';
import type { Task, TaskFinishedEvent } from '@/api/tasks';
import { toasterMounted } from '@/lib/toaster-host';
import {
  ANNOUNCE_EVERY_MS,
  FinishedGrouper,
  GROUP_WINDOW_MS,
  groupHref,
  throttledAnnouncer,
} from './finished-group';
import { announceFinished, announcement, trackedTaskName } from './task-notify';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() }));
vi.mock('sonner', () => ({ toast }));
// In the app the lazily mounted Toaster signals this; here nothing renders it.
toasterMounted();

const ended = (id: string, status: TaskFinishedEvent['status'], prompt?: string): TaskFinishedEvent => ({
  task: { id, status, prompt } as Task,
  status,
});

const tracked = (id: string, extra: Partial<TrackedTask> = {}): TrackedTask => ({
  id,
  kind: 'video',
  createdAt: 1,
  source: 'composer',
  ...extra,
});

/**
 * The toasts raised so far. A toast comes a few ticks after its announcement (sonner is imported
 * first); a test waits for its own, so that none lands in the next test after the mocks were
 * cleared. Nor are two announced at once: Vitest hands concurrent dynamic imports of a mocked
 * module from one importer the real module (its self-import guard), and their toasts are lost.
 */
const toastsRaised = () => Object.values(toast).reduce((n, fn) => n + fn.mock.calls.length, 0);

function clock() {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('finished tasks grouped', () => {
  beforeEach(() => vi.clearAllMocks());

  it('groups endings that come within the window of each other, and starts anew after a pause', () => {
    const c = clock();
    const g = new FinishedGrouper(c.now);
    const first = g.add(ended('a', 'succeeded'));
    expect(first.events).toHaveLength(1);
    c.advance(GROUP_WINDOW_MS - 1);
    const second = g.add(ended('b', 'failed'));
    c.advance(GROUP_WINDOW_MS - 1);
    const third = g.add(ended('c', 'succeeded'));
    expect(second.serial).toBe(first.serial);
    expect(third.events.map((e) => e.task.id)).toEqual(['a', 'b', 'c']);
    // A task announced twice (two tabs) is counted once.
    expect(g.add(ended('c', 'succeeded')).events).toHaveLength(3);
    // A pause, and the group's toast has gone: the next ending is news of its own.
    c.advance(GROUP_WINDOW_MS + 1);
    g.closed(first.serial);
    const later = g.add(ended('d', 'succeeded'));
    expect(later.serial).toBe(first.serial + 1);
    expect(later.events.map((e) => e.task.id)).toEqual(['d']);
  });

  it('keeps one group for what ended while the tab was hidden, not joined to an older one', () => {
    const c = clock();
    const g = new FinishedGrouper(c.now);
    const before = g.add(ended('a', 'succeeded'));
    c.advance(60_000);
    g.setHidden(true);
    c.advance(1_000);
    const hidden1 = g.add(ended('b', 'succeeded'));
    c.advance(45_000);
    const hidden2 = g.add(ended('c', 'failed'));
    c.advance(120_000);
    g.setHidden(false);
    c.advance(GROUP_WINDOW_MS - 1);
    const onReturn = g.add(ended('d', 'cancelled'));
    expect(hidden1.serial).toBe(before.serial + 1);
    expect([hidden2.serial, onReturn.serial]).toEqual([hidden1.serial, hidden1.serial]);
    expect(onReturn.events.map((e) => e.task.id)).toEqual(['b', 'c', 'd']);
    c.advance(GROUP_WINDOW_MS + 1);
    g.closed(hidden1.serial);
    expect(g.add(ended('e', 'succeeded')).serial).toBe(hidden1.serial + 1);
  });

  it('joins an ending to the group whose toast is still on screen, however long after', () => {
    const c = clock();
    const g = new FinishedGrouper(c.now);
    const first = g.add(ended('a', 'succeeded'));
    c.advance(GROUP_WINDOW_MS * 2);
    const second = g.add(ended('b', 'succeeded'));
    c.advance(GROUP_WINDOW_MS * 2);
    const third = g.add(ended('c', 'failed'));
    expect([second.serial, third.serial]).toEqual([first.serial, first.serial]);
    expect(third.events.map((e) => e.task.id)).toEqual(['a', 'b', 'c']);
    // An older toast closing says nothing about the current one.
    g.closed(first.serial - 1);
    c.advance(GROUP_WINDOW_MS * 2);
    expect(g.add(ended('d', 'failed')).serial).toBe(first.serial);
    g.closed(first.serial);
    c.advance(GROUP_WINDOW_MS + 1);
    expect(g.add(ended('e', 'failed')).serial).toBe(first.serial + 1);
  });

  it('names a task by its name or prompt as sent, its id only when it has neither', () => {
    const avatar = tracked('task_dh', {
      kind: 'digital_human_video',
      request: { model: 'digital-human-video-v8', avatar_asset_id: 'asset_1', name: 'Avatar test' },
    });
    const names = new Map([['task_dh', avatar]]);
    const nameOf = (id: string) => trackedTaskName(names.get(id));
    expect(announcement([ended('task_dh', 'succeeded')], nameOf)).toEqual({
      kind: 'success',
      title: 'Task succeeded',
      description: 'Avatar test',
    });
    expect(trackedTaskName(tracked('t', { prompt: '  A storm  ' }))).toBe('A storm');
    expect(trackedTaskName(tracked('t', { request: { text: 'Hello there' } }))).toBe('Hello there');
    expect(trackedTaskName(tracked('t'))).toBeUndefined();
    expect(announcement([ended('task_x', 'cancelled')], nameOf).description).toBe('task_x');
    expect(announcement([ended('task_y', 'failed', 'x'.repeat(100))]).description).toHaveLength(80);
  });

  it('keeps an action toast at least 8 s, and tells the grouper when it goes', async () => {
    const g = new FinishedGrouper(clock().now);
    const onClosed = vi.fn();
    const group = g.add(ended('task_a', 'succeeded'));
    announceFinished(group, vi.fn(), () => '/tasks', { nameOf: () => 'Avatar test', onClosed });
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledTimes(1));
    const [, options] = toast.success.mock.calls[0]!;
    expect(options.description).toBe('Avatar test');
    expect(options.duration).toBeGreaterThanOrEqual(8_000);
    options.onAutoClose();
    options.onDismiss();
    expect(onClosed.mock.calls).toEqual([[group.serial], [group.serial]]);
  });

  it('says one task as before and a group by its counts, in both plural forms', () => {
    expect(announcement([ended('task_1', 'failed', 'A storm')])).toEqual({
      kind: 'error',
      title: 'Task failed',
      description: 'A storm',
    });
    const mixed = announcement([ended('a', 'succeeded'), ended('b', 'failed'), ended('c', 'succeeded')]);
    expect(mixed).toEqual({
      kind: 'warning',
      title: '3 tasks finished',
      description: '2 succeeded, 1 failed',
    });
    expect(announcement([ended('a', 'succeeded'), ended('b', 'succeeded')]).kind).toBe('success');
    expect(announcement([ended('a', 'failed'), ended('b', 'cancelled')]).description).toBe(
      '1 failed, 1 cancelled',
    );
  });

  it('replaces the toast of a growing group in place; a single task opens itself, a group its href', async () => {
    const c = clock();
    const g = new FinishedGrouper(c.now);
    const go = vi.fn();
    announceFinished(g.add(ended('task_a', 'succeeded')), go, () => '/tasks');
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledTimes(1));
    announceFinished(g.add(ended('task_b', 'failed')), go, () => '/gallery/compare?ids=task_a,task_b');
    await vi.waitFor(() => expect(toast.warning).toHaveBeenCalledTimes(1));
    const [, single] = toast.success.mock.calls[0]!;
    const [title, grouped] = toast.warning.mock.calls[0]!;
    expect(grouped.id).toBe(single.id);
    expect(title).toBe('2 tasks finished');
    single.action.onClick();
    grouped.action.onClick();
    expect(go.mock.calls).toEqual([['/tasks/task_a'], ['/gallery/compare?ids=task_a,task_b']]);
  });

  it('keeps browser notifications to one per group, replaced as it grows, opening where the toast does', async () => {
    const made: { title: string; tag?: string; close: ReturnType<typeof vi.fn>; onclick?: () => void }[] = [];
    class FakeNotification {
      static permission = 'granted';
      close = vi.fn();
      onclick?: () => void;
      constructor(title: string, options: { tag?: string }) {
        made.push(Object.assign(this, { title, tag: options.tag }) as never);
      }
    }
    vi.stubGlobal('Notification', FakeNotification);
    vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    try {
      const c = clock();
      const g = new FinishedGrouper(c.now);
      const go = vi.fn();
      announceFinished(g.add(ended('task_a', 'succeeded')), go, () => '/tasks');
      await vi.waitFor(() => expect(toastsRaised()).toBe(1));
      announceFinished(g.add(ended('task_b', 'succeeded')), go, () => '/tasks');
      await vi.waitFor(() => expect(toastsRaised()).toBe(2));
      expect(made.map((n) => [n.title, n.tag])).toEqual([
        ['Task succeeded', 'task_a'],
        ['2 tasks finished', expect.stringMatching(/^tasks-finished-/)],
      ]);
      expect(made[0]!.close).toHaveBeenCalled();
      c.advance(GROUP_WINDOW_MS + 1);
      g.closed(1);
      announceFinished(g.add(ended('task_c', 'failed')), go, () => '/tasks');
      await vi.waitFor(() => expect(toastsRaised()).toBe(3));
      // A new group leaves the last one's notification alone.
      expect(made[1]!.close).not.toHaveBeenCalled();
      expect(made[2]!.tag).toBe('task_c');
      made[1]!.onclick!();
      made[2]!.onclick!();
      expect(go.mock.calls).toEqual([['/tasks'], ['/tasks/task_c']]);
    } finally {
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    }
  });

  it('opens a whole batch that has ended in Compare, anything else in the monitor', () => {
    const batch = [
      tracked('v1', { batchId: 'b', createdAt: 1, last: { status: 'succeeded' } }),
      tracked('v2', { batchId: 'b', createdAt: 2, last: { status: 'failed' } }),
      tracked('v3', { batchId: 'b', createdAt: 3, last: { status: 'running' } }),
      tracked('x'),
    ];
    const events = [ended('v2', 'failed'), ended('v1', 'succeeded')];
    // v3 still runs: the monitor, where the batch shows it.
    expect(groupHref(events, batch)).toBe('/tasks');
    expect(groupHref([...events, ended('v3', 'succeeded')], batch)).toBe('/gallery/compare?ids=v1,v2,v3');
    expect(groupHref([ended('v1', 'succeeded'), ended('x', 'succeeded')], batch)).toBe('/tasks');
  });
});

describe('announcing finished groups while tasks end in bulk', () => {
  it('announces the first ending at once, then the latest state of each group at most every interval', () => {
    vi.useFakeTimers();
    try {
      const c = clock();
      const grouper = new FinishedGrouper(c.now);
      const announced: { serial: number; ids: string[] }[] = [];
      const a = throttledAnnouncer((g) =>
        announced.push({ serial: g.serial, ids: g.events.map((e) => e.task.id) }),
      );
      a.push(grouper.add(ended('t0', 'failed')));
      expect(announced).toEqual([{ serial: 1, ids: ['t0'] }]);
      // 200 more end before the interval is up: not 200 toast updates, one.
      for (let i = 1; i <= 200; i += 1) a.push(grouper.add(ended(`t${i}`, 'failed')));
      expect(announced).toHaveLength(1);
      vi.advanceTimersByTime(ANNOUNCE_EVERY_MS);
      expect(announced).toHaveLength(2);
      expect(announced[1]!.ids).toHaveLength(201);
      // Nothing new: nothing more; and after a quiet interval an ending is announced at once again.
      vi.advanceTimersByTime(ANNOUNCE_EVERY_MS * 4);
      expect(announced).toHaveLength(2);
      c.advance(GROUP_WINDOW_MS + 1);
      grouper.closed(1);
      a.push(grouper.add(ended('later', 'succeeded')));
      expect(announced[2]).toEqual({ serial: 2, ids: ['later'] });
      a.cancel();
    } finally {
      vi.useRealTimers();
    }
  });

  it('announces every group that grew in the interval, and nothing after cancel', () => {
    vi.useFakeTimers();
    try {
      const announce = vi.fn();
      const a = throttledAnnouncer(announce, 100);
      a.push({ serial: 1, events: [ended('a', 'failed')] });
      a.push({ serial: 1, events: [ended('a', 'failed'), ended('b', 'failed')] });
      a.push({ serial: 2, events: [ended('c', 'succeeded')] });
      vi.advanceTimersByTime(100);
      expect(announce.mock.calls.map(([g]) => [g.serial, g.events.length])).toEqual([
        [1, 1],
        [1, 2],
        [2, 1],
      ]);
      a.push({ serial: 2, events: [ended('c', 'succeeded'), ended('d', 'failed')] });
      a.cancel();
      vi.advanceTimersByTime(1_000);
      expect(announce).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
