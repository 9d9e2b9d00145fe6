import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { newShot, rerunShot, shotChanged, type Storyboard } from './storyboard';
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
});
