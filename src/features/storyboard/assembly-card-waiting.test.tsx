import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useConnectionStore } from '@/api/connection-store';
import { TEST_CONNECTION } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import { AssemblyCard } from './assembly-card';
import { newShot, type Storyboard } from './storyboard';

const board = (runs: Array<'idle' | 'succeeded' | 'stale' | 'failed'>): Storyboard => ({
  id: 'sb',
  name: 'Pier',
  updatedAt: 0,
  cast: [],
  shots: runs.map((r, i) => ({
    ...newShot(),
    run:
      r === 'idle'
        ? { state: 'idle' as const }
        : r === 'failed'
          ? { state: 'failed' as const, taskId: `t${i}` }
          : {
              state: 'succeeded' as const,
              taskId: `t${i}`,
              resultUrl: `/files/${i}.mp4`,
              ...(r === 'stale' ? { stale: true } : {}),
            },
  })),
  joins: runs.slice(1).map(() => 'cut' as const),
});

const render = (b: Storyboard) =>
  renderRoutes({ '/': <AssemblyCard board={b} edit={() => undefined} /> }, { at: '/' });

beforeEach(() => useConnectionStore.setState({ ...TEST_CONNECTION, baseUrl: '' }));
afterEach(() => useConnectionStore.setState(TEST_CONNECTION));

describe('Assemble, not yet possible', () => {
  it('names the shot that holds it back when the others are ready (a stale take that succeeded)', () => {
    render(board(['succeeded', 'succeeded', 'stale']));
    expect(screen.getByRole('button', { name: 'Assemble into one MP4' })).toBeDisabled();
    expect(
      screen.getByText('Shot 3 is not ready: it needs a current take that succeeded. Run it first.'),
    ).toBeInTheDocument();
  });

  it('names every shot that holds it back', () => {
    render(board(['succeeded', 'failed', 'idle']));
    expect(
      screen.getByText('Shots 2, 3 are not ready: each needs a current take that succeeded. Run them first.'),
    ).toBeInTheDocument();
  });

  it('before any shot is ready, says only what Assemble will do', () => {
    render(board(['idle', 'idle']));
    expect(
      screen.getByText('When every shot has succeeded, the local server joins them in order into one MP4.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/not ready/)).toBeNull();
  });
});
