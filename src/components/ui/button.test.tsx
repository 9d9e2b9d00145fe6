import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('a disabled primary button leaves the primary colour, so it does not look pressable in the dark theme', () => {
    render(<Button disabled>Assemble into one MP4</Button>);
    const button = screen.getByRole('button', { name: 'Assemble into one MP4' });
    expect(button).toBeDisabled();
    expect(button.className.split(' ')).toEqual(
      expect.arrayContaining(['disabled:bg-muted', 'disabled:text-muted-foreground']),
    );
  });
});
