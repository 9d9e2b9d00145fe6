import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { newShot, shotBody, shotChanged, type Storyboard } from './storyboard';
import { pickTake, rerunShot, takeSettings } from './storyboard-runs';
import { stoppedBoard, stoppedTaskEnded, withStoppedTask } from './stopped-takes';
import { ShotStatus } from './shot-status';

function oneShot(): Storyboard {
  return { id: 'sb', name: 'Pier', updatedAt: 0, cast: [], shots: [newShot({ prompt: 'one' })], joins: [] };
}

function failedRetake(): Storyboard {
  let b = oneShot();
  const id = b.shots[0]!.id;
  b = shotChanged(b, id, { state: 'succeeded', taskId: 'task_good', resultUrl: 'https://x/good.mp4' });
  b = rerunShot(b, id);
  return shotChanged(b, id, { state: 'failed', taskId: 'task_bad', error: 'refused by policy' });
}

describe('ShotStatus', () => {
  it('says a shot was edited since its take, and offers its retake', async () => {
    let b = oneShot();
    const id = b.shots[0]!.id;
    const settings = takeSettings(b, 0, shotBody(b, 0));
    const take = { taskId: 'task_1', resultUrl: 'https://x/1.mp4', settings };
    b = shotChanged(b, id, {
      state: 'succeeded',
      taskId: 'task_1',
      resultUrl: take.resultUrl,
      sent: settings,
      takes: [take],
    });
    const onRerun = vi.fn();
    const view = (board: Storyboard) => (
      <ShotStatus board={board} index={0} onRerun={onRerun} onFrameChosen={() => undefined} />
    );
    const { unmount } = renderRoutes({ '/': view(b) }, { at: '/' });
    expect(screen.queryByText('Edited')).toBeNull();
    expect(screen.queryByTestId('shot-edited-1')).toBeNull();
    unmount();
    const edited = {
      ...b,
      shots: [{ ...b.shots[0]!, draft: { ...b.shots[0]!.draft, prompt: 'one, at dawn' } }],
    };
    renderRoutes({ '/': view(edited) }, { at: '/' });
    expect(screen.getByText('Edited')).toBeVisible();
    expect(screen.getByTestId('shot-edited-1')).toHaveTextContent(
      'Run makes a take of the shot as it is now',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Re-run shot 1' }));
    expect(onRerun).toHaveBeenCalledOnce();
  });

  it('keeps the good take on the page after a later run of the shot failed, and can put it back', async () => {
    const onUseKept = vi.fn();
    renderRoutes(
      {
        '/': (
          <ShotStatus
            board={failedRetake()}
            index={0}
            onRerun={() => undefined}
            onFrameChosen={() => undefined}
            onUseKept={onUseKept}
          />
        ),
      },
      { at: '/' },
    );
    expect(screen.getByRole('alert')).toHaveTextContent('refused by policy');
    expect(screen.getByLabelText('Last good take of shot 1')).toHaveAttribute('src', 'https://x/good.mp4');
    expect(screen.getByText(/task_good/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Use this take again' }));
    expect(onUseKept).toHaveBeenCalled();
  });

  it('says why a run stopped in words, not a code', () => {
    let b = failedRetake();
    b = shotChanged(b, b.shots[0]!.id, { error: 'taskNotFound' });
    renderRoutes(
      { '/': <ShotStatus board={b} index={0} onRerun={() => undefined} onFrameChosen={() => undefined} /> },
      { at: '/' },
    );
    expect(screen.getByRole('alert')).toHaveTextContent("The server no longer knows this shot's task (404)");
  });

  it('says a send a reload cut off may have made a task, and that Run sends it again', () => {
    let b = failedRetake();
    b = shotChanged(b, b.shots[0]!.id, { taskId: undefined, error: 'sendCutOff' });
    renderRoutes(
      { '/': <ShotStatus board={b} index={0} onRerun={() => undefined} onFrameChosen={() => undefined} /> },
      { at: '/' },
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'A reload cut off sending this shot; it may have started a task anyway (it would show in Tasks, and is billed). Run sends it again.',
    );
  });

  it('shows the shot’s takes as a strip; picking one says which', async () => {
    let b = failedRetake();
    const take = (t: string) => ({ taskId: t, resultUrl: `https://x/${t}.mp4` });
    b = shotChanged(b, b.shots[0]!.id, {
      state: 'succeeded',
      taskId: 'task_b',
      resultUrl: 'https://x/task_b.mp4',
      error: undefined,
      takes: [take('task_a'), take('task_b')],
    });
    const onPickTake = vi.fn();
    renderRoutes(
      {
        '/': (
          <ShotStatus
            board={b}
            index={0}
            onRerun={() => undefined}
            onFrameChosen={() => undefined}
            onPickTake={onPickTake}
          />
        ),
      },
      { at: '/' },
    );
    const strip = screen.getByRole('group', { name: 'Takes of shot 1' });
    expect(within(strip).getByRole('button', { name: 'Take 2' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(strip).getByRole('button', { name: 'Take 1' }));
    expect(onPickTake).toHaveBeenCalledWith('task_a');
  });

  it('a stopped shot says its sent task still runs and will join its takes; once joined, the take can be picked', async () => {
    let b = oneShot();
    const id = b.shots[0]!.id;
    b = stoppedBoard(shotChanged(b, id, { state: 'running', taskId: 'task_1', progress: 0.4 }));
    const onPickTake = vi.fn();
    const view = (board: Storyboard) => (
      <ShotStatus
        board={board}
        index={0}
        onRerun={() => undefined}
        onFrameChosen={() => undefined}
        onPickTake={onPickTake}
      />
    );
    const { unmount } = renderRoutes({ '/': view(b) }, { at: '/' });
    // Stopped by the person: said so plainly, not as a failure.
    expect(within(screen.getByTestId('shot-status-1')).getByText('Stopped')).toBeInTheDocument();
    expect(screen.queryByText('Failed')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('shot-reason-1')).toHaveTextContent('Stopped: Run starts this shot again.');
    expect(screen.getByTestId('shot-stopped-tasks-1')).toHaveTextContent(
      "Its task sent before Stop (task_1) still runs on the server and is billed: its result will join this shot's takes.",
    );
    // The id in the note opens that task, as the shot's own task link does.
    expect(
      within(screen.getByTestId('shot-stopped-tasks-1')).getByRole('link', {
        name: 'Open the task of shot 1 sent before Stop (task_1) in the monitor',
      }),
    ).toHaveAttribute('href', '/tasks/task_1');
    unmount();

    b = stoppedTaskEnded(b, id, 'task_1', 'https://x/task_1.mp4');
    renderRoutes({ '/': view(b) }, { at: '/' });
    expect(screen.queryByTestId('shot-stopped-tasks-1')).toBeNull();
    expect(screen.getByTestId('shot-reason-1')).toHaveTextContent(
      'Stopped. The take that finished after Stop is below: pick it to use it, or Run starts this shot again.',
    );
    const strip = screen.getByRole('group', { name: 'Takes of shot 1' });
    await userEvent.click(within(strip).getByRole('button', { name: 'Take 1' }));
    expect(onPickTake).toHaveBeenCalledWith('task_1');
    // Picked, it is the shot's result.
    expect(pickTake(b, id, 'task_1').shots[0]!.run).toMatchObject({
      state: 'succeeded',
      taskId: 'task_1',
      resultUrl: 'https://x/task_1.mp4',
    });
  });

  it('names each of several stopped tasks by a link to it, in the sentence of the language', () => {
    let b = oneShot();
    const id = b.shots[0]!.id;
    b = stoppedBoard(shotChanged(b, id, { state: 'running', taskId: 'task_1', progress: 0.4 }));
    // A send Stop cut off, answered after it.
    b = withStoppedTask(b, id, 'task/2');
    renderRoutes(
      { '/': <ShotStatus board={b} index={0} onRerun={() => undefined} onFrameChosen={() => undefined} /> },
      { at: '/' },
    );
    const note = screen.getByTestId('shot-stopped-tasks-1');
    expect(note).toHaveTextContent(
      "Its 2 tasks sent before Stop (task_1, task/2) still run on the server and are billed: their results will join this shot's takes.",
    );
    const links = within(note).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['task_1', '/tasks/task_1'],
      ['task/2', '/tasks/task%2F2'],
    ]);
    expect(links[1]).toHaveAccessibleName('Open the task of shot 1 sent before Stop (task/2) in the monitor');
  });
});
