import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { newStoryboard } from './storyboard';
import { StoryboardHeader } from './storyboard-header';

afterEach(() => vi.restoreAllMocks());

describe('StoryboardHeader’s Delete', () => {
  it('asks, deletes through onDelete (which tells the other tabs), and leaves for the list once it is gone', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    let done!: () => void;
    const onDelete = vi.fn(() => new Promise<void>((resolve) => (done = resolve)));
    const board = { ...newStoryboard('Pier chase'), id: 'sb-1' };
    const { router } = renderRoutes(
      {
        '/storyboard/:id': (
          <StoryboardHeader board={board} running={false} onRename={() => undefined} onDelete={onDelete} />
        ),
        '/storyboard': <p>list</p>,
      },
      { at: '/storyboard/sb-1' },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    // Still here while the record is being deleted: the list would show it.
    expect(router.state.location.pathname).toBe('/storyboard/sb-1');
    done();
    await waitFor(() => expect(router.state.location.pathname).toBe('/storyboard'));
  });

  it('does nothing when the person says no', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    const onDelete = vi.fn(() => Promise.resolve());
    renderRoutes(
      {
        '/': (
          <StoryboardHeader
            board={newStoryboard('Pier')}
            running={false}
            onRename={() => undefined}
            onDelete={onDelete}
          />
        ),
      },
      { at: '/' },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onDelete).not.toHaveBeenCalled();
  });
});
