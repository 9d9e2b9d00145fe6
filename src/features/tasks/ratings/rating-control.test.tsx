import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { RatingNote, StarRating } from './rating-control';
import { rateTask, useRating } from './ratings-store';

function Shown({ id }: { id: string }) {
  return <p data-testid="saved">{useRating(id)?.note ?? ''}</p>;
}

describe('rating control', { timeout: 20_000 }, () => {
  it('draws a saved rating gold, not in the grey of an unset star', async () => {
    rateTask('task_gold', { stars: 3 });
    renderWithProviders(<StarRating taskId="task_gold" />);
    const stars = await screen.findAllByRole('button');
    for (const star of stars.slice(0, 3)) {
      expect(star.className).toContain('text-amber-500');
      expect(star.className).not.toContain('text-muted-foreground');
    }
    expect(stars[3]!.className).toContain('text-muted-foreground');
    expect(stars[3]!.className).not.toMatch(/(^| )text-amber-500/);
  });

  it('keeps a typed note when the field goes away without a blur (a dialog closed with Escape)', async () => {
    const view = renderWithProviders(
      <>
        <RatingNote taskId="task_esc" />
        <Shown id="task_esc" />
      </>,
    );
    await userEvent.setup().type(await screen.findByRole('textbox'), 'keep this');
    expect(screen.getByTestId('saved')).toHaveTextContent('');
    view.rerender(<Shown id="task_esc" />);
    expect(screen.getByTestId('saved')).toHaveTextContent('keep this');
  });

  it("moved to another result, saves the first one's note there and shows the other's", async () => {
    rateTask('task_two', { note: 'second' });
    const view = renderWithProviders(<RatingNote taskId="task_one" />);
    await userEvent.setup().type(await screen.findByRole('textbox'), 'first');
    view.rerender(<RatingNote taskId="task_two" />);
    expect(screen.getByRole('textbox')).toHaveValue('second');
    view.rerender(<Shown id="task_one" />);
    expect(screen.getByTestId('saved')).toHaveTextContent('first');
  });
});
