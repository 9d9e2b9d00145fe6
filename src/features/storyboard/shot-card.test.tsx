import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { ShotCard, type ShotActions } from './shot-card';
import { newShot, type Storyboard } from './storyboard';

// The shot card's own buttons: each says which shot it acts on, and those that would leave the
// board (up from the first, down from the last, removing the only shot) cannot be pressed.

const board = (count: number): Storyboard => ({
  id: 'sb-1',
  name: 'Pier chase',
  updatedAt: 0,
  cast: [],
  shots: Array.from({ length: count }, (_, i) => newShot({ prompt: `shot ${i}` })),
  joins: Array.from({ length: count - 1 }, () => 'cut' as const),
});

function renderCard(b: Storyboard, index: number) {
  const actions = {
    draftChanged: vi.fn(),
    continueChanged: vi.fn(),
    moved: vi.fn(),
    duplicated: vi.fn(),
    removed: vi.fn(),
    rerun: vi.fn(),
    frameChosen: vi.fn(),
    useKept: vi.fn(),
    pickTake: vi.fn(),
    shotChanged: vi.fn(),
  } satisfies ShotActions;
  renderRoutes(
    {
      '/': (
        <ol>
          <ShotCard
            board={b}
            index={index}
            feedback={() => undefined}
            actions={actions}
            dragging={false}
            onDragStart={() => undefined}
            onDropAt={() => undefined}
          />
        </ol>
      ),
    },
    { at: '/' },
  );
  return actions;
}

describe('A shot card’s buttons', () => {
  it('move the shot up or down, duplicate it and remove it', async () => {
    const actions = renderCard(board(3), 1);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Move shot 2 up' }));
    expect(actions.moved).toHaveBeenLastCalledWith(0);
    await user.click(screen.getByRole('button', { name: 'Move shot 2 down' }));
    expect(actions.moved).toHaveBeenLastCalledWith(2);
    await user.click(screen.getByRole('button', { name: 'Duplicate shot 2' }));
    expect(actions.duplicated).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Remove shot 2' }));
    expect(actions.removed).toHaveBeenCalledTimes(1);
  });

  it('cannot move the first shot up, the last down, nor remove the only one', () => {
    renderCard(board(1), 0);
    expect(screen.getByRole('button', { name: 'Move shot 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move shot 1 down' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove shot 1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Duplicate shot 1' })).toBeEnabled();
  });
});
