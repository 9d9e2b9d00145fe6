import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NumberField } from './field';

describe('a number setting of the playground', () => {
  it('says a value out of range is not the one sent, and which one is', async () => {
    const onChange = vi.fn();
    render(<NumberField label="Temperature" value={0.7} min={0} max={2} step={0.1} onChange={onChange} />);
    const field = screen.getByLabelText('Temperature');
    await userEvent.clear(field);
    await userEvent.type(field, '9');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Type a number from 0 to 2; 0.7 is sent until then.');
    expect(onChange).not.toHaveBeenCalledWith(9);

    await userEvent.clear(field);
    await userEvent.type(field, '1.5');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(onChange).toHaveBeenLastCalledWith(1.5);
  });
});
