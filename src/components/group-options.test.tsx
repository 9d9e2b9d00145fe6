import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useConnectionStore } from '@/api/connection-store';
import { json, mockFetch, TEST_CONNECTION } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { GroupOptions, groupSelectOptions } from './group-options';

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

  it("shows the deployment's default group once, whatever its id, as the default entry", async () => {
    useConnectionStore.setState(TEST_CONNECTION);
    const asked: string[] = [];
    mockFetch({
      'GET /v1/asset-groups': () =>
        json({
          data: [
            { group_id: 'grp_other', name: 'Other' },
            { group_id: 'default', name: 'Default' },
          ],
        }),
      // Asked without group_id: the default group's assets, which name its id.
      'GET /v1/assets': (url) => {
        asked.push(url.search);
        return json({ data: [{ id: 'asset_1', name: 'One', group_id: 'default' }] });
      },
    });
    renderWithProviders(<Picker initial="grp_default" />);
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Group' });
    await waitFor(() => expect(screen.getByRole('option', { name: 'Other' })).toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Default group', 'Other']),
    );
    // The default entry keeps the dashboard's id: lists and uploads into it omit group_id.
    expect(select.value).toBe('grp_default');
    expect(asked.every((q) => !q.includes('group_id'))).toBe(true);
  });
});

describe('groupSelectOptions', () => {
  const listed = [
    { id: 'grp_main', name: 'Main' },
    { id: 'grp_b', name: 'B' },
  ];

  it('folds the listed default group into the one default entry, under the id in use', () => {
    expect(groupSelectOptions(listed, 'grp_default', 'grp_main')).toEqual([
      { id: 'grp_default', isDefault: true },
      { id: 'grp_b', name: 'B' },
    ]);
    // Selected by its own id (a link, an upload's answer): the entry carries that id, still once.
    expect(groupSelectOptions(listed, 'grp_main', 'grp_main')).toEqual([
      { id: 'grp_main', isDefault: true },
      { id: 'grp_b', name: 'B' },
    ]);
  });

  it("lists the local server's grp_default once, and other groups as they are while the default's id is unknown", () => {
    const local = [
      { id: 'grp_b', name: 'B' },
      { id: 'grp_default', name: 'Default' },
    ];
    expect(groupSelectOptions(local, 'grp_b', 'grp_default')).toEqual([
      { id: 'grp_default', isDefault: true },
      { id: 'grp_b', name: 'B' },
    ]);
    expect(groupSelectOptions(listed, 'grp_gone', undefined)).toEqual([
      { id: 'grp_default', isDefault: true },
      ...listed,
      { id: 'grp_gone' },
    ]);
  });
});
