import { screen, waitFor, within } from '@testing-library/react';
import { useState, type ComponentProps } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { newShot, shotBody, shotChanged, totalEstimate, type Storyboard } from './storyboard';
import { runAll, takeSettings } from './storyboard-runs';
import { PhoneRunBar, RunConfirm, RunPanel, scopeShots } from './run-panel';
import { stoppedBoard } from './stopped-takes';

/** Three shots, 2 and 3 continuing; all run and good, then shot 3 stale. */
function staleThird(): Storyboard {
  let b: Storyboard = runAll(
    {
      id: 'sb',
      name: 'Pier chase',
      updatedAt: 0,
      cast: [],
      shots: [
        newShot({ prompt: 'one' }),
        newShot({ prompt: 'two' }, true),
        newShot({ prompt: 'three' }, true),
      ],
      joins: ['cut', 'cut'],
    },
    'batch-1',
  );
  b.shots.forEach((s, i) => {
    b = shotChanged(b, s.id, { state: 'succeeded', taskId: `t${i}`, resultUrl: `https://x/${i}.mp4` });
  });
  return shotChanged(b, b.shots[2]!.id, { stale: true });
}

const render = (ui: React.ReactElement) => renderRoutes({ '/': ui }, { at: '/' });

/** The card for a board: not running, asking and stopping nothing, unless told otherwise. */
const panel = (board: Storyboard, props: Partial<ComponentProps<typeof RunPanel>> = {}) =>
  render(
    <RunPanel
      board={board}
      running={false}
      onAsk={() => undefined}
      onStop={() => undefined}
      errors={null}
      {...props}
    />,
  );

describe('RunPanel', () => {
  it('offers to run only the stale shot, with its estimate in one shot’s words and with separators', async () => {
    const board = staleThird();
    const onAsk = vi.fn();
    panel(board, { onAsk });
    const tokens = totalEstimate(board, [2])!;
    expect(tokens).toBeGreaterThanOrEqual(1000);
    expect(screen.getByTestId('storyboard-estimate')).toHaveTextContent(
      `≈ ${tokens.toLocaleString('en')} tokens for 1 shot`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Run 1 shot' }));
    expect(onAsk).toHaveBeenCalledWith('pending');
    await userEvent.click(screen.getByRole('button', { name: 'Run every shot again' }));
    expect(onAsk).toHaveBeenLastCalledWith('all');
  });

  it('tells the order of the shots Run sends, not of every shot: a shot after a good take starts at once', () => {
    const board = staleThird();
    const { unmount } = panel(board);
    expect(screen.getByText('Shot 3 starts at once.')).toBeInTheDocument();
    expect(screen.queryByText('Shot 1 starts at once.')).toBeNull();
    expect(screen.queryByText('Shot 2 waits for shot 1.')).toBeNull();
    expect(screen.queryByText('Shot 3 waits for shot 2.')).toBeNull();
    unmount();
    // Shot 2 failed: it and shot 3 after it are sent, shot 3 waiting for it.
    const failed = shotChanged(board, board.shots[1]!.id, { state: 'failed' });
    panel(failed);
    expect(screen.getByText('Shot 2 starts at once.')).toBeInTheDocument();
    expect(screen.getByText('Shot 3 waits for shot 2.')).toBeInTheDocument();
    expect(screen.queryByText(/^Shot 1 /)).toBeNull();
  });

  it('while a run goes on, here or in another tab, says so instead of "every shot has a good take"', () => {
    const board = staleThird();
    const { unmount } = panel(board, { running: true });
    expect(screen.getByTestId('storyboard-estimate')).toHaveTextContent('A run is under way');
    expect(screen.getByRole('button', { name: 'Stop' })).toBeVisible();
    unmount();
    panel(board, { running: true, elsewhere: true });
    expect(screen.getByTestId('storyboard-estimate')).toHaveTextContent('A run is under way');
    expect(screen.getByRole('status')).toHaveTextContent('running in another tab');
    expect(screen.queryByRole('button', { name: /^(Stop|Run)\b/ })).toBeNull();
  });

  it('stopped with its sent tasks still followed (here or in another tab): Run is offered (decision 691)', () => {
    const base = staleThird();
    const board = stoppedBoard(shotChanged(base, base.shots[2]!.id, { state: 'running', taskId: 't3' }));
    expect(board.shots[2]!.stoppedTasks).toHaveLength(1);
    // Following them holds no run lock: no tab sees the board run elsewhere because of them.
    panel(board);
    expect(screen.getByRole('button', { name: /^Run \d/ })).toBeEnabled();
    expect(screen.queryByTestId('storyboard-elsewhere')).toBeNull();
  });

  it('shows no progress bar once a run has ended (failed), only while one goes on', () => {
    let board = staleThird();
    board = shotChanged(board, board.shots[2]!.id, { state: 'failed', error: 'policy', stale: false });
    const { unmount } = panel(board);
    expect(screen.queryByRole('progressbar')).toBeNull();
    unmount();
    panel(board, { running: true });
    expect(screen.getByRole('progressbar', { name: 'Progress of the storyboard' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();
  });
});

describe('RunConfirm', () => {
  it('lists what Run sends and why, with the estimate, and runs just that', async () => {
    const board = staleThird();
    const onConfirm = vi.fn();
    render(<RunConfirm board={board} scope="pending" onConfirm={onConfirm} onCancel={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Run 1 shot?' });
    expect(within(dialog).getByRole('list', { name: 'Shots this run sends' })).toHaveTextContent(
      'Shot 3: stale (shot 2 was run again after it)',
    );
    expect(dialog).toHaveTextContent('for 1 shot');
    expect(dialog).toHaveTextContent('2 shots with a good, current take are kept as they are.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Run 1 shot' }));
    expect(onConfirm).toHaveBeenCalledWith([2]);
  });

  it('a shot edited since its take is run, with the shot continuing from it, and says why', async () => {
    let board = staleThird();
    board = shotChanged(board, board.shots[2]!.id, { stale: false });
    board.shots.forEach((s, i) => {
      const settings = takeSettings(board, i, shotBody(board, i));
      board = shotChanged(board, s.id, {
        sent: settings,
        takes: [{ taskId: `t${i}`, resultUrl: `https://x/${i}.mp4`, settings }],
      });
    });
    expect(scopeShots(board, 'pending')).toEqual([]);
    const two = board.shots[1]!;
    board = {
      ...board,
      shots: board.shots.map((s) =>
        s === two ? { ...s, draft: { ...s.draft, prompt: 'two, in rain' } } : s,
      ),
    };
    const onConfirm = vi.fn();
    render(<RunConfirm board={board} scope="pending" onConfirm={onConfirm} onCancel={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Run 2 shots?' });
    expect(within(dialog).getByRole('list', { name: 'Shots this run sends' })).toHaveTextContent(
      'Shot 2: edited since its take' + 'Shot 3: continues from a shot this run sends',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Run 2 shots' }));
    expect(onConfirm).toHaveBeenCalledWith([1, 2]);
  });

  it('"Run every shot again" asks for all of them', async () => {
    const onConfirm = vi.fn();
    render(<RunConfirm board={staleThird()} scope="all" onConfirm={onConfirm} onCancel={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Run every shot again (3)?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Run 3 shots' }));
    expect(onConfirm).toHaveBeenCalledWith([0, 1, 2]);
  });
});

describe('RunConfirm, closed', () => {
  // As the editor opens it: from a button of the page, no Radix trigger of its own.
  function Opener() {
    const [asking, setAsking] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setAsking(true)}>
          Open
        </button>
        {asking && (
          <RunConfirm
            board={staleThird()}
            scope="pending"
            onConfirm={() => setAsking(false)}
            onCancel={() => setAsking(false)}
          />
        )}
      </>
    );
  }

  it('gives the focus back to what opened it, on Cancel as on Run', async () => {
    render(<Opener />);
    const open = screen.getByRole('button', { name: 'Open' });
    for (const answer of ['Cancel', 'Run 1 shot']) {
      await userEvent.click(open);
      await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: answer }));
      await waitFor(() => expect(document.activeElement).toBe(open));
    }
  });
});

describe('PhoneRunBar', () => {
  it('carries Run and the way to Assemble', async () => {
    const onAsk = vi.fn();
    const onAssemble = vi.fn();
    render(
      <PhoneRunBar
        board={staleThird()}
        running={false}
        onAsk={onAsk}
        onStop={() => undefined}
        onAssemble={onAssemble}
      />,
    );
    const bar = screen.getByRole('region', { name: 'Run and assemble' });
    expect(bar).toHaveClass('sticky', 'bottom-0');
    await userEvent.click(within(bar).getByRole('button', { name: 'Run 1 shot' }));
    await userEvent.click(within(bar).getByRole('button', { name: 'Assemble' }));
    expect(onAsk).toHaveBeenCalledWith('pending');
    expect(onAssemble).toHaveBeenCalled();
  });

  it('says in one line that another tab runs it: the bar stays in view over the shots', () => {
    render(
      <PhoneRunBar
        board={staleThird()}
        running
        elsewhere
        onAsk={() => undefined}
        onStop={() => undefined}
        onAssemble={() => undefined}
      />,
    );
    const bar = screen.getByRole('region', { name: 'Run and assemble' });
    // The card's explanation took three lines of a 390 px phone in Chinese and seven in English.
    expect(within(bar).getByRole('status')).toHaveTextContent(/^Running in another tab$/);
    expect(within(bar).queryByRole('button', { name: /^(Stop|Run)\b/ })).toBeNull();
    expect(within(bar).getByRole('button', { name: 'Assemble' })).toBeVisible();
  });
});
