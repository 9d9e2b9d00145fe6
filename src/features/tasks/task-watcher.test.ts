import { describe, expect, it } from 'vitest';
import type { TrackedTask } from '@/api/task-registry';
import { countRunning, openTaskId } from './task-watcher';

const t = (id: string, extra: Partial<TrackedTask> = {}): TrackedTask => ({
  id,
  kind: 'video',
  createdAt: 1,
  source: 'composer',
  ...extra,
});

describe('task watcher', () => {
  it('counts the tasks of this connection last seen waiting or running', () => {
    const tasks = [
      t('task_run', { last: { status: 'running', progress: 10 } }),
      t('task_queued', { last: { status: 'QUEUED' } }),
      t('task_done', { last: { status: 'SUCCESS' } }),
      t('task_unseen'),
      t('task_gone', { last: { status: 'running', notFound: true } }),
      t('task_other', { baseUrl: 'https://elsewhere.example', last: { status: 'running' } }),
      t('task_here', { baseUrl: 'https://here.example', last: { status: 'pending' } }),
    ];
    expect(countRunning(tasks, 'https://here.example')).toBe(3);
    expect(countRunning([], '')).toBe(0);
  });

  it('leaves the task open in the detail to the detail', () => {
    expect(openTaskId('/tasks/task_1')).toBe('task_1');
    expect(openTaskId('/tasks/a%20b/x')).toBe('a b');
    expect(openTaskId('/tasks/%E0%A4%A')).toBe('%E0%A4%A');
    expect(openTaskId('/tasks')).toBeUndefined();
    expect(openTaskId('/playground')).toBeUndefined();
  });
});
