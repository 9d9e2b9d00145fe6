import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RadixTooltip } from './tooltip-primitive';

// A lazy tooltip's trigger is re-created once its chunk arrives; the new one takes focus only if
// focus fell with the old one. The library's grid flaked on this: a second ArrowRight moved focus
// to the next card, then the armed badge pulled it back.
describe('RadixTooltip focusTrigger', () => {
  it('takes focus over when the element it replaces had it (focus fell to the body)', () => {
    render(
      <RadixTooltip content="Tip" focusTrigger>
        <button type="button">Badge</button>
      </RadixTooltip>,
    );
    expect(screen.getByRole('button', { name: 'Badge' })).toHaveFocus();
  });

  it('leaves focus where a key moved it before the tooltip mounted', () => {
    render(<button type="button">Next card</button>);
    // Focus moved on between arming and the render that mounts the tooltip.
    screen.getByRole('button', { name: 'Next card' }).focus();
    render(
      <RadixTooltip content="Tip" focusTrigger>
        <button type="button">Badge</button>
      </RadixTooltip>,
    );
    expect(screen.getByRole('button', { name: 'Next card' })).toHaveFocus();
  });
});
