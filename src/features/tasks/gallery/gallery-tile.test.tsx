import { act, screen } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TrackedTask } from '@/api/task-registry';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { GalleryTile, type GalleryTileProps } from './gallery-tile';

const now = Date.now();
const running: TrackedTask = {
  id: 'task_run',
  kind: 'video',
  model: 'video-2.0-cl',
  prompt: 'A running one',
  createdAt: now,
  source: 'composer',
  last: { status: 'running', progress: 40, seenAt: now },
};
const done: TrackedTask = {
  ...running,
  id: 'task_done',
  prompt: 'A finished one',
  last: { status: 'succeeded', seenAt: now },
};

function tile(task: TrackedTask, settled: boolean): GalleryTileProps {
  return { task, settled, onOpen: () => {}, selected: false, onSelect: () => {}, selectDisabled: false };
}

/** The grid's part: one `settled` for all its tiles, flipped from outside as the scroll moves. */
const scroll = {
  settled: false,
  listeners: new Set<() => void>(),
  subscribe: (listener: () => void) => {
    scroll.listeners.add(listener);
    return () => scroll.listeners.delete(listener);
  },
};
function setSettled(settled: boolean) {
  scroll.settled = settled;
  for (const listener of scroll.listeners) listener();
}
function Grid({ tasks }: { tasks: TrackedTask[] }) {
  const settled = useSyncExternalStore(scroll.subscribe, () => scroll.settled);
  return tasks.map((task) => <GalleryTile key={task.id} {...tile(task, settled)} />);
}

afterEach(() => vi.unstubAllGlobals());

describe('a gallery tile that scrolls into view mid-fling (issue 43)', () => {
  it('shows its state and title only, reads nothing and spins nothing, until the scroll settles', async () => {
    const fetch = mockFetch({
      'GET /v1/tasks/task_done': () => json({ id: 'task_done', status: 'succeeded', content: {} }),
    });
    setSettled(false);
    const { container, client } = renderWithProviders(<Grid tasks={[running, done]} />);
    expect(screen.getByText('A running one')).toBeInTheDocument();
    expect(screen.getByText('A finished one')).toBeInTheDocument();
    expect(screen.getByText(/40\s*%/)).toBeInTheDocument();
    // No controls, no animation: each costs style and layout on every tile flying past.
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryAllByRole('group', { name: /rating/i })).toHaveLength(0);
    expect(container.querySelector('.animate-spin')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    // Nor a query per tile: a fling past 10,000 tiles left 10,000 in the cache, for 5 minutes.
    expect(client.getQueryCache().findAll()).toHaveLength(0);

    act(() => setSettled(true));
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
    expect(screen.getAllByRole('group', { name: /rating/i })).toHaveLength(2);
    expect(container.querySelector('[data-task-id="task_run"] .animate-spin')).not.toBeNull();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(String(fetch.mock.calls[0]![0])).toContain('/v1/tasks/task_done');
  });

  it('keeps its controls once armed, when the grid scrolls again', () => {
    mockFetch({ 'GET /v1/tasks/task_run': () => json({ id: 'task_run', status: 'running' }) });
    setSettled(true);
    renderWithProviders(<Grid tasks={[running]} />);
    act(() => setSettled(false));
    expect(screen.getByRole('checkbox')).toBeInTheDocument();
  });
});
