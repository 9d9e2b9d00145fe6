import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { newShot, shotChanged, type Storyboard } from './storyboard';
import { rerunShot } from './storyboard-runs';
import { ShotStatus } from './shot-status';

function failedRetake(): Storyboard {
  let b: Storyboard = {
    id: 'sb',
    name: 'Pier',
    updatedAt: 0,
    cast: [],
    shots: [newShot({ prompt: 'one' })],
    joins: [],
  };
  const id = b.shots[0]!.id;
  b = shotChanged(b, id, { state: 'succeeded', taskId: 'task_good', resultUrl: 'https://x/good.mp4' });
  b = rerunShot(b, id);
  return shotChanged(b, id, { state: 'failed', taskId: 'task_bad', error: 'refused by policy' });
}

describe('ShotStatus', () => {
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
});
