import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { UnreadableItemNotice } from './unreadable-item';

const item = { index: 36, raw: '{\n  "name": "no id"\n}', reason: 'Invalid input' };

describe('UnreadableItemNotice', () => {
  it('says the item could not be read and shows its raw JSON on request', async () => {
    render(<UnreadableItemNotice item={item} />);
    expect(screen.getByText('This item could not be read')).toBeVisible();
    await userEvent.click(screen.getByText('Show its raw JSON'));
    expect(screen.getByText(/"name": "no id"/)).toBeVisible();
  });

  it('compact (a table row): the raw JSON opens in a dialog', async () => {
    render(<UnreadableItemNotice item={item} compact />);
    expect(screen.queryByText(/"name": "no id"/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show its raw JSON' }));
    const dialog = await screen.findByRole('dialog', { name: 'This item could not be read' });
    expect(dialog).toHaveTextContent('"name": "no id"');
  });
});
