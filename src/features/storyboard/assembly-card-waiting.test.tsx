import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useConnectionStore } from '@/api/connection-store';
import { json, mockFetch, TEST_CONNECTION } from '@/test/fetch-mock';
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
afterEach(() => {
  useConnectionStore.setState(TEST_CONNECTION);
  vi.unstubAllGlobals();
});

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

function Harness({ start }: { start: Storyboard }) {
  const [b, setB] = useState(start);
  return <AssemblyCard board={b} edit={(change) => setB(change)} />;
}

describe('Assemble, pressed', () => {
  it('leaves the focus in the card (on its title), not on the page, while the button is disabled', async () => {
    mockFetch({
      'POST /local/storyboard/assemblies': () => json({ id: 'asm_1', status: 'running', progress: 0 }),
      'GET /local/storyboard/assemblies/asm_1': () => json({ id: 'asm_1', status: 'running', progress: 0.5 }),
    });
    renderRoutes({ '/': <Harness start={board(['succeeded', 'succeeded'])} /> }, { at: '/' });
    const assemble = screen.getByRole('button', { name: 'Assemble into one MP4' });
    await userEvent.setup().click(assemble);
    await waitFor(() => expect(assemble).toBeDisabled());
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Assemble' }));
  });
});
