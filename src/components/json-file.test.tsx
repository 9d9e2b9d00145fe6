import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { datedJsonName, ImportJsonButton } from './json-file';

describe('the JSON file buttons of the task and template pages', () => {
  it('hands the chosen file over, the same file again when chosen twice', async () => {
    const onFile = vi.fn();
    render(<ImportJsonButton label="Import" onFile={onFile} />);
    const file = new File(['{}'], 'export.json', { type: 'application/json' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.accept).toContain('.json');
    await userEvent.upload(input, file);
    await userEvent.upload(input, file);
    expect(onFile).toHaveBeenCalledTimes(2);
    expect(onFile).toHaveBeenLastCalledWith(file);
    // One Import control for assistive technology: the button.
    expect(screen.getAllByRole('button', { name: 'Import' })).toHaveLength(1);
  });

  it('names an export by its day', () => {
    expect(datedJsonName('tasks', new Date('2026-11-29T23:00:00Z'))).toBe('tasks-2026-11-29.json');
  });
});
