import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaskFinishedEvent } from '@/api/tasks';
import { announceFinished, MAX_SEPARATE_ANNOUNCEMENTS, resetAnnouncementsForTests } from './task-notify';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));
vi.mock('@/lib/toaster-host', () => ({ toasterReady: () => Promise.resolve() }));

const ended = (i: number): TaskFinishedEvent => ({
  task: { id: `task_${i}`, status: 'succeeded', prompt: `Prompt ${i}` },
  status: 'succeeded',
});

/** The toasts once `count` have been fired (each awaits sonner's lazy import). */
async function shown(count: number) {
  await vi.waitFor(() => {
    expect(toast.success.mock.calls.length + toast.info.mock.calls.length).toBe(count);
  });
  return { separate: toast.success.mock.calls, summary: toast.info.mock.calls };
}

describe('announceFinished', () => {
  beforeEach(() => resetAnnouncementsForTests());
  afterEach(() => vi.clearAllMocks());

  it('gives the first ends their own toast and counts the rest up in one summary that opens Tasks', async () => {
    const open = vi.fn();
    const openAll = vi.fn();
    const now = 1_000_000;
    for (let i = 0; i < 200; i += 1) announceFinished(ended(i), open, openAll, now + i * 10);
    const { separate, summary } = await shown(200);
    expect(separate).toHaveLength(MAX_SEPARATE_ANNOUNCEMENTS);
    expect(separate[0]![1]).toMatchObject({ description: 'Prompt 0 (task_0)' });
    // One toast, updated in place (same id), however many ended.
    expect(new Set(summary.map(([, o]) => (o as { id: string }).id)).size).toBe(1);
    expect(summary.at(-1)![0]).toBe('197 more tasks finished');
    (summary.at(-1)![1] as { action: { onClick: () => void } }).action.onClick();
    expect(openAll).toHaveBeenCalledOnce();
    expect(open).not.toHaveBeenCalled();
  });

  it('announces separately again once the earlier toasts are gone', async () => {
    const now = 1_000_000;
    for (let i = 0; i < 4; i += 1) announceFinished(ended(i), vi.fn(), vi.fn(), now);
    announceFinished(ended(9), vi.fn(), vi.fn(), now + 10_001);
    const { separate, summary } = await shown(5);
    expect(separate.map(([, o]) => (o as { description: string }).description)).toEqual([
      'Prompt 0 (task_0)',
      'Prompt 1 (task_1)',
      'Prompt 2 (task_2)',
      'Prompt 9 (task_9)',
    ]);
    expect(summary.map(([title]) => title as string)).toEqual(['1 more task finished']);
  });
});
