import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PromptEditor } from './prompt-editor';

function Harness({
  initial = '',
  aliases = ['hero', 'heron', 'video1'],
}: {
  initial?: string;
  aliases?: string[];
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="p">Prompt</label>
      <PromptEditor id="p" value={value} onChange={setValue} aliases={aliases} />
    </>
  );
}

describe('PromptEditor', () => {
  it('offers the defined aliases on @, moves with the arrows and takes one with Enter', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const prompt = screen.getByRole('combobox', { name: 'Prompt' });
    expect(prompt).toHaveAttribute('aria-expanded', 'false');
    await user.type(prompt, 'A @he');
    const list = screen.getByRole('listbox', { name: 'Aliases' });
    expect(prompt).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['@hero', '@heron']);
    expect(within(list).getByRole('option', { name: '@hero' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    const heron = within(list).getByRole('option', { name: '@heron' });
    expect(heron).toHaveAttribute('aria-selected', 'true');
    expect(prompt).toHaveAttribute('aria-activedescendant', heron.id);
    await user.keyboard('{Enter}');
    expect(prompt).toHaveValue('A @heron ');
    expect(prompt).toHaveAttribute('aria-expanded', 'false');
  });

  it('Escape closes the list without changing the text; a click on an option takes it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const prompt = screen.getByRole('combobox', { name: 'Prompt' });
    await user.type(prompt, '@');
    expect(prompt).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(prompt).toHaveAttribute('aria-expanded', 'false');
    expect(prompt).toHaveValue('@');
    await user.type(prompt, 'v');
    await user.click(screen.getByRole('option', { name: '@video1' }));
    expect(prompt).toHaveValue('@video1 ');
  });

  it('highlights defined mentions and marks undefined ones, as text only', () => {
    render(<Harness initial="<b>x</b> @hero meets @ghost" />);
    const layer = screen.getByTestId('prompt-highlights');
    expect(layer.querySelector('mark[data-alias-state="alias"]')).toHaveTextContent('@hero');
    expect(layer.querySelector('mark[data-alias-state="unknown"]')).toHaveTextContent('@ghost');
    expect(layer.querySelector('b')).toBeNull();
    expect(layer).toHaveTextContent('<b>x</b>');
  });

  it('opens nothing for an e-mail address or when no alias fits', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const prompt = screen.getByRole('combobox', { name: 'Prompt' });
    await user.type(prompt, 'mail me@he');
    expect(prompt).toHaveAttribute('aria-expanded', 'false');
    await user.type(prompt, ' @zzz');
    expect(prompt).toHaveAttribute('aria-expanded', 'false');
  });
});
