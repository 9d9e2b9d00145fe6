import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { openStoryboardChannel } from '@/lib/storyboard/storyboard-channel';
import type { StoryboardProgress } from '@/lib/storyboard/storyboard-progress';
import { renderRoutes } from '@/test/render';
import { StoryboardRuns } from './task-watcher';

const run = (change: Partial<StoryboardProgress> = {}): StoryboardProgress => ({
  id: 'sb-kite',
  name: 'Kite',
  total: 3,
  done: 1,
  failed: 0,
  fraction: 0.5,
  active: true,
  ...change,
});

describe('the progress strip on every page (issue 42, decision 650)', () => {
  it('shows a storyboard another tab runs, live, saying so, and lets it go when it ends there', async () => {
    // The other tab of the browser: its own channel, as its storyboard runner's writes tell it.
    const otherTab = openStoryboardChannel()!;
    try {
      renderRoutes({ '/tasks': <StoryboardRuns pathname="/tasks" /> }, { at: '/tasks' });
      otherTab.post({ kind: 'progress', progress: run() });
      expect(await screen.findByRole('status')).toHaveTextContent(
        'Storyboard “Kite”, running in another tab: 1/3 shots done',
      );
      expect(screen.getByRole('progressbar', { name: 'Progress of storyboard “Kite”' })).toBeInTheDocument();
      // Run there, it has nothing here to dismiss.
      expect(screen.queryByRole('button', { name: 'Dismiss “Kite”' })).toBeNull();

      otherTab.post({ kind: 'progress', progress: run({ done: 2, fraction: 0.8 }) });
      expect(
        await screen.findByText('Storyboard “Kite”, running in another tab: 2/3 shots done'),
      ).toBeVisible();

      otherTab.post({ kind: 'progress', progress: run({ done: 3, fraction: 1, active: false }) });
      await expect.poll(() => screen.queryByRole('status')).toBeNull();
    } finally {
      otherTab.close();
    }
  });

  it('lets a run go when the tab that ran it falls silent (crashed: it says nothing, not even that it closed)', async () => {
    // Only the beat is faked: the channel's messages still come as they do.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const crashed = openStoryboardChannel()!;
    try {
      renderRoutes({ '/tasks': <StoryboardRuns pathname="/tasks" /> }, { at: '/tasks' });
      crashed.post({ kind: 'progress', progress: run({ id: 'sb-lost', name: 'Lost' }) });
      expect(await screen.findByRole('status')).toHaveTextContent(
        'Storyboard “Lost”, running in another tab: 1/3 shots done',
      );
      vi.advanceTimersByTime(10_000);
      expect(screen.getByRole('status')).toHaveTextContent('Lost');
      vi.advanceTimersByTime(5_000);
      await expect.poll(() => screen.queryByRole('status')).toBeNull();
    } finally {
      crashed.close();
      vi.useRealTimers();
    }
  });
});
