import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Task } from '@/api/tasks';
import type { CompareColumn } from './compare-column';
import { CompareStage } from './compare-stage';

/** Three finished image results, as the compare view hands them to the stage. */
const columns: CompareColumn[] = ['a', 'b', 'c'].map((name, i) => ({
  task: { id: `task_${name}`, kind: 'image', createdAt: i, source: 'composer' },
  data: {
    id: `task_${name}`,
    status: 'succeeded',
    video_url: `https://cdn.test/${name}.png`,
  } as unknown as Task,
  heading: `Result ${i + 1}`,
}));

const noop = () => undefined;

describe('compare stage, difference mode', () => {
  it('layers the second result over the first with mix-blend-mode difference, and says what black means', () => {
    render(<CompareStage columns={columns} mode="difference" onMode={noop} />);
    const overlay = screen.getByTestId('compare-difference');
    expect(overlay).toHaveAccessibleName(/Result 1.*Result 2/);
    expect(
      within(overlay)
        .getAllByRole('img')
        .map((img) => img.getAttribute('src')),
    ).toEqual(['https://cdn.test/a.png', 'https://cdn.test/b.png']);
    const second = screen.getByTestId('compare-second');
    expect(second.style.mixBlendMode).toBe('difference');
    expect(second.style.clipPath).toBe('');
    expect(within(second).getByRole('img')).toHaveAttribute('src', 'https://cdn.test/b.png');
    // No wipe here: no slider, no dividing line; the hint instead.
    expect(screen.queryByRole('slider', { name: 'Wipe position' })).toBeNull();
    expect(screen.getByRole('radio', { name: 'Difference' })).toHaveAttribute('aria-checked', 'true');
    expect(overlay.parentElement!.textContent).toMatch(/black/i);
  });

  it('steps the second side with the arrow keys, never onto the first, and keeps the pair in the wipe', async () => {
    const user = userEvent.setup();
    const view = render(<CompareStage columns={columns} mode="difference" onMode={noop} />);
    const second = screen.getByLabelText('Second');
    expect(second).toHaveValue('1');
    screen.getByTestId('compare-difference').focus();
    await user.keyboard('{ArrowRight}');
    expect(second).toHaveValue('2');
    await user.keyboard('{ArrowRight}');
    // Past the last it wraps, skipping the first side (column 0).
    expect(second).toHaveValue('1');
    await user.keyboard('{ArrowLeft}');
    expect(second).toHaveValue('2');
    expect(within(screen.getByTestId('compare-second')).getByRole('img')).toHaveAttribute(
      'src',
      'https://cdn.test/c.png',
    );

    view.rerender(<CompareStage columns={columns} mode="wipe" onMode={noop} />);
    expect(screen.getByLabelText('Second')).toHaveValue('2');
    expect(screen.getByTestId('compare-second').style.mixBlendMode).toBe('');
    expect(screen.getByRole('slider', { name: 'Wipe position' })).toBeInTheDocument();
  });
});
