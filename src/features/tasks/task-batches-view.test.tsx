import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TrackedTask } from '@/api/task-registry';
import { dismissStoryboardProgress, publishStoryboardProgress } from '@/lib/storyboard/storyboard-progress';
import { renderRoutes } from '@/test/render';
import { TaskBatchesView } from './task-batches-view';

const shot = (id: string, n: number, createdAt: number, status: string): TrackedTask => ({
  id,
  kind: 'video',
  createdAt,
  source: 'storyboard',
  prompt: `the boat, shot ${n}`,
  batchId: 'run-1',
  storyboard: { id: 'sb-pier', name: 'Pier', shot: n },
  last: { status },
});

function renderBatches(tasks: TrackedTask[]) {
  return renderRoutes({ '/tasks': <TaskBatchesView tasks={tasks} search="" /> }, { at: '/tasks' });
}

describe('TaskBatchesView', () => {
  it('shows a storyboard run as its shots, a retake after its first take, with a link to the storyboard', () => {
    renderBatches([
      shot('t1', 1, 1, 'succeeded'),
      shot('t2', 2, 2, 'failed'),
      shot('t3', 3, 3, 'succeeded'),
      shot('t2b', 2, 4, 'succeeded'),
    ]);
    const run = screen.getByRole('region', { name: 'Storyboard “Pier”: 3 shots' });
    expect(
      within(run)
        .getAllByRole('listitem')
        .map((row) => within(row).getByRole('link').textContent),
    ).toEqual([
      'Shot 1 · the boat, shot 1',
      'Shot 2 · the boat, shot 2',
      'Shot 2, retake · the boat, shot 2',
      'Shot 3 · the boat, shot 3',
    ]);
    expect(within(run).getByRole('link', { name: 'Open storyboard' })).toHaveAttribute(
      'href',
      '/storyboard/sb-pier',
    );
    expect(within(run).getByRole('link', { name: 'Compare' })).toBeInTheDocument();
    expect(run).not.toHaveTextContent(/Varied|Variant/);
  });

  it('counts a run this tab drives as the strip above does: the same shots and the same done', () => {
    // Shot 3 of 3 not sent yet; shot 2 running: the strip says 1/3 shots done.
    publishStoryboardProgress({
      id: 'sb-pier',
      name: 'Pier',
      total: 3,
      done: 1,
      failed: 0,
      fraction: 0.5,
      active: true,
    });
    try {
      renderBatches([shot('t1', 1, 1, 'succeeded'), shot('t2', 2, 2, 'running')]);
      const run = screen.getByRole('region', { name: 'Storyboard “Pier”: 3 shots' });
      expect(run).toHaveTextContent('1 of 3 done');
    } finally {
      publishStoryboardProgress({
        id: 'sb-pier',
        name: 'Pier',
        total: 3,
        done: 1,
        failed: 0,
        fraction: 0.5,
        active: false,
      });
      dismissStoryboardProgress('sb-pier');
    }
  });

  it('keeps naming variations as a batch of variants', () => {
    renderBatches(
      [5, 10].map((duration, i) => ({
        id: `v${i}`,
        kind: 'video',
        createdAt: i,
        source: 'composer',
        batchId: 'b-1',
        request: { duration },
      })),
    );
    const batch = screen.getByRole('region', { name: 'Batch of 2 variations' });
    expect(
      within(batch)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Variant 1 · Duration 5 s', 'Variant 2 · Duration 10 s']);
    expect(within(batch).queryByRole('link', { name: 'Open storyboard' })).toBeNull();
  });
});

describe('TaskBatchesView and the search', () => {
  const variant = (id: string, batchId: string, prompt: string, status = 'succeeded'): TrackedTask => ({
    id,
    kind: 'video',
    createdAt: 10,
    source: 'composer',
    prompt,
    batchId,
    last: { status },
  });

  it('shows only the batches with a task the search matched', () => {
    const tasks = [
      shot('t1', 1, 1, 'succeeded'),
      variant('v1', 'sweep', 'model sweep, the pier'),
      variant('v2', 'sweep', 'model sweep, the pier'),
    ];
    renderRoutes(
      { '/tasks': <TaskBatchesView tasks={tasks} matched={[tasks[1]!]} search="?q=model+sweep" /> },
      { at: '/tasks' },
    );
    expect(screen.getByRole('region', { name: 'Batch of 2 variations' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Storyboard/ })).not.toBeInTheDocument();
  });

  it('offers no Compare for a batch of one', () => {
    renderBatches([variant('lone', 'b1', 'alone')]);
    const batch = screen.getByRole('region', { name: 'Batch of 1 variation' });
    expect(within(batch).queryByRole('link', { name: 'Compare' })).not.toBeInTheDocument();
    expect(batch).not.toHaveTextContent('Compare opens');
  });
});
