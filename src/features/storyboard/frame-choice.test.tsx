import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render';
import { ShotCard } from './shot-card';
import { shotActions } from './shot-actions';
import { newShot, shotChanged, type Storyboard } from './storyboard';
import { takeSettings } from './storyboard-runs';

// Continue from a chosen frame, through the real shot card and its actions: scrub the previous
// take, the shot says which frame it starts from and keeps the second for the run (the runner's
// test checks the second reaches the frame taker); "Use the last frame" goes back to the default.

const seen: { board?: Storyboard } = {};
function Harness({ start }: { start: Storyboard }) {
  const [board, setBoard] = useState(start);
  useEffect(() => {
    seen.board = board;
  }, [board]);
  const edit = (change: (b: Storyboard) => Storyboard) => setBoard(change);
  return (
    <ol>
      <ShotCard
        board={board}
        index={1}
        feedback={() => undefined}
        dragging={false}
        onDragStart={() => undefined}
        onDropAt={() => undefined}
        actions={shotActions(board.shots[1]!, 1, edit, { move: () => undefined, useFrame: () => undefined })}
      />
    </ol>
  );
}

function board(): Storyboard {
  const b: Storyboard = {
    id: 'sb-1',
    name: 'Pier chase',
    updatedAt: 0,
    cast: [],
    shots: [newShot({ prompt: 'harbour' }), newShot({ prompt: 'pier' }, true)],
    joins: ['cut'],
  };
  return shotChanged(b, b.shots[0]!.id, {
    state: 'succeeded',
    taskId: 'task_1',
    resultUrl: 'https://cdn.example/task_1.mp4',
  });
}

describe('Continue from a chosen frame', () => {
  it('scrubs the previous take to a second, keeps it for the run, and goes back to the last frame', async () => {
    renderRoutes({ '/': <Harness start={board()} /> }, { at: '/' });
    const user = userEvent.setup();
    expect(screen.getByTestId('frame-choice-2')).toHaveTextContent('Starts from the last frame of shot 1.');

    await user.click(screen.getByRole('button', { name: 'Choose another frame of shot 1' }));
    const preview = screen.getByLabelText<HTMLVideoElement>('The take of shot 1');
    expect(preview).toHaveAttribute('src', 'https://cdn.example/task_1.mp4');
    // The take's length bounds the scrubber once the browser has read it.
    Object.defineProperty(preview, 'duration', { value: 5, configurable: true });
    fireEvent.loadedMetadata(preview);
    const scrub = screen.getByRole('slider', { name: 'Frame of shot 1 to continue from' });
    expect(scrub).toHaveAttribute('max', '5');

    fireEvent.change(scrub, { target: { value: '2.48' } });
    expect(screen.getByTestId('frame-choice-2')).toHaveTextContent(
      'Starts from the frame at 2.48 s of shot 1.',
    );
    expect(seen.board!.shots[1]!.frameAt).toBe(2.48);
    // The preview shows the chosen frame, and the take will record it.
    expect(preview.currentTime).toBeCloseTo(2.48);
    expect(takeSettings(seen.board!, 1, { model: 'video-2.0-cl', prompt: 'pier' })).toMatchObject({
      frameAt: 2.48,
    });

    await user.click(screen.getByRole('button', { name: 'Use the last frame' }));
    expect(screen.getByTestId('frame-choice-2')).toHaveTextContent('Starts from the last frame of shot 1.');
    expect(seen.board!.shots[1]!.frameAt).toBeUndefined();
  });
});
