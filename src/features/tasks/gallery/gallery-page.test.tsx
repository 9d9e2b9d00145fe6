import { act, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackedTask } from '@/api/task-registry';
import { mockFetch } from '@/test/fetch-mock';
import { createTestRegistry, renderRoutes } from '@/test/render';
import { GalleryPage } from './gallery-page';

/** Frames run only when the test says so: what happens between two frames is what is counted. */
const frames = new Map<number, FrameRequestCallback>();
let nextFrame = 0;
function runFrame() {
  const due = [...frames.values()];
  frames.clear();
  act(() => due.forEach((f) => f(performance.now())));
}

function task(i: number, status: string): TrackedTask {
  return {
    id: `task_${String(i).padStart(4, '0')}`,
    kind: 'video',
    model: 'video-2.0-cl',
    prompt: `Task ${i}`,
    createdAt: 1_700_000_000_000 - i * 60_000,
    source: 'imported',
    last: { status },
  };
}

describe('the gallery while many tasks end at once', () => {
  beforeEach(() => {
    mockFetch({});
    vi.stubGlobal('requestAnimationFrame', (f: FrameRequestCallback) => {
      frames.set(++nextFrame, f);
      return nextFrame;
    });
    vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
  });
  afterEach(() => {
    frames.clear();
    vi.unstubAllGlobals();
  });

  it('derives its list at most twice in a frame, however many tasks end in it, and shows every ending', async () => {
    const registry = createTestRegistry();
    const running = Array.from({ length: 40 }, (_, i) => task(i, 'running'));
    for (const t of [...running, ...Array.from({ length: 260 }, (_, i) => task(40 + i, 'succeeded'))])
      registry.track(t);
    let commits = 0;
    renderRoutes(
      {
        '/gallery/*': (
          <Profiler id="gallery" onRender={() => (commits += 1)}>
            <GalleryPage />
          </Profiler>
        ),
      },
      { at: '/gallery?state=failed', registry },
    );
    expect(await screen.findByText('0 of 300 tracked tasks')).toBeInTheDocument();
    runFrame();

    // One ending after a quiet frame is shown at once.
    act(() => registry.recordSnapshot(running[0]!.id, { status: 'failed' }));
    expect(screen.getByText('1 of 300 tracked task')).toBeInTheDocument();
    runFrame();
    commits = 0;

    // Each ending comes with its own answer from the server: a task of the event loop of its own.
    for (const t of running.slice(1)) act(() => registry.recordSnapshot(t.id, { status: 'failed' }));
    expect(commits).toBeLessThanOrEqual(2);

    runFrame();
    expect(screen.getByText('40 of 300 tracked tasks')).toBeInTheDocument();
    expect(commits).toBeLessThanOrEqual(3);
  });
});
