import 'fake-indexeddb/auto';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { saveTemplate } from '@/lib/templates/template-store';
import { TemplateVersions } from './template-versions';

describe("a template's versions, compared with the one difference table", () => {
  it('names the fields that differ between two versions, the defaults as {{name}}', async () => {
    const first = await saveTemplate({
      name: 'Walk',
      tags: [],
      model: 'v',
      kind: 'video',
      request: { model: 'v', prompt: 'A {{animal}} walks' },
      variables: [{ name: 'animal', default: 'fox' }],
    });
    const second = await saveTemplate({
      ...first,
      request: { model: 'v', prompt: 'A {{animal}} runs' },
      variables: [{ name: 'animal', default: 'hare' }],
    });
    render(<TemplateVersions template={second} />);
    const compare = screen.getByRole('region', { name: 'Compare versions' });
    expect(within(compare).getByRole('status')).toHaveTextContent('2 fields differ: prompt, {{animal}}');
    const prompt = within(compare).getByRole('row', { name: /^prompt ?\(differs\)/ });
    expect(within(prompt).getByText('runs', { selector: 'ins' })).toBeInTheDocument();
    expect(within(compare).getByRole('row', { name: /^model/ })).toHaveAttribute('data-differs', 'false');
    await userEvent.selectOptions(within(compare).getByLabelText('with'), '1');
    expect(within(compare).getByRole('status')).toHaveTextContent('The two versions are the same.');
  });

  it('says an empty default is empty, where a blank cell looked as if it had not loaded', async () => {
    const first = await saveTemplate({
      name: 'Mood',
      tags: [],
      model: 'v',
      kind: 'video',
      request: { model: 'v', prompt: 'A pier {{mood}}' },
      variables: [{ name: 'mood', default: '' }],
    });
    const second = await saveTemplate({
      ...first,
      request: { model: 'v', prompt: 'A pier {{mood}}' },
      variables: [{ name: 'mood', default: 'at dusk' }],
    });
    render(<TemplateVersions template={second} />);
    const compare = screen.getByRole('region', { name: 'Compare versions' });
    const row = within(compare).getByRole('row', { name: /^\{\{mood\}\} ?\(differs\)/ });
    const cells = within(row).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['(empty)', 'at dusk']);
  });
});
