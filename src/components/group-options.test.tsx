import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useConnectionStore } from '@/api/connection-store';
import { json, mockFetch, TEST_CONNECTION } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { GroupOptions } from './group-options';

/** A select like the composer's picker: the options re-render on their own query, not the select. */
function Picker({ initial }: { initial: string }) {
  const [group, setGroup] = useState(initial);
  return (
    <select aria-label="Group" value={group} onChange={(e) => setGroup(e.target.value)}>
      <GroupOptions value={group} />
    </select>
  );
}

describe('GroupOptions', () => {
  it('keeps the remembered group selected when the list arrives after the select has rendered', async () => {
    useConnectionStore.setState(TEST_CONNECTION);
    let answer: (response: Response) => void = () => undefined;
    mockFetch({ 'GET /v1/asset-groups': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderWithProviders(<Picker initial="grp_pack" />);
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Group' });
    // Before the list: the remembered id stands in for itself.
    expect(select.value).toBe('grp_pack');
    answer(
      json({
        object: 'list',
        data: [
          { id: 'grp_default', name: 'Default' },
          { id: 'grp_other', name: 'Other' },
          { id: 'grp_pack', name: 'Test pack A' },
        ],
      }),
    );
    await waitFor(() => expect(screen.getByRole('option', { name: 'Test pack A' })).toBeInTheDocument());
    expect(select.value).toBe('grp_pack');
    expect(select.selectedOptions[0]).toHaveTextContent('Test pack A');
  });
});
