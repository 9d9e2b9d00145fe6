import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cappedList } from '@/test/capped-list';
import { GroupsPage } from './groups-page';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const groups = [
  { id: 'grp_default', name: 'Default', description: '', asset_count: 12, updated_at: 1_700_000_000 },
  { id: 'grp_a', name: 'Spring launch', description: 'Campaign', asset_count: 3, updated_at: 1_700_000_000 },
];

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/groups/*', element: <GroupsPage /> }], {
    initialEntries: [url],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('GroupsPage', () => {
  it('lists groups with their asset counts and links each to the library filtered by it', async () => {
    fetchMock.mockImplementation(async () =>
      json({ object: 'list', data: groups, count: 2, total: 2, page: 1, page_size: 50 }),
    );
    renderAt('/groups');
    const row = await screen.findByRole('row', { name: /Spring launch/ });
    expect(within(row).getByRole('cell', { name: '3' })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Open in library: Spring launch' })).toHaveAttribute(
      'href',
      '/assets?group_id=grp_a',
    );
    expect(within(row).getByRole('link', { name: 'Edit Spring launch' })).toHaveAttribute(
      'href',
      '/groups/grp_a',
    );
    // The default group always exists and is not renamed from here.
    const defaultRow = screen.getByRole('row', { name: /Default group/ });
    expect(within(defaultRow).queryByRole('link', { name: /^Edit/ })).toBeNull();
  });

  it("names the deployment's default group as the default whatever its id, and offers no edit of it", async () => {
    fetchMock.mockImplementation(async (input) =>
      new URL(String(input), 'http://x.test').pathname === '/v1/assets'
        ? // Asked without group_id: the default group's assets name its id.
          json({ data: [{ id: 'asset_1', name: 'One', group_id: 'grp_main' }] })
        : json({ data: [{ group_id: 'grp_main', name: 'Main' }, groups[1]] }),
    );
    renderAt('/groups');
    const defaultRow = await screen.findByRole('row', { name: /Default group/ });
    expect(within(defaultRow).getByText('grp_main')).toBeInTheDocument();
    expect(within(defaultRow).queryByRole('link', { name: /^Edit/ })).toBeNull();
    expect(screen.queryByRole('row', { name: /Main/ })).toBeNull();
  });

  it("asks for the default group's id alongside the group list, not after it arrives", async () => {
    // The group list does not answer: the default group's id must be asked for all the same, or a
    // first open shows the deployment's default group as a plain group (with an edit) until it is.
    fetchMock.mockImplementation((input, init) =>
      new URL(String(input), 'http://x.test').pathname === '/v1/assets'
        ? Promise.resolve(json({ data: [] }))
        : new Promise((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
    );
    renderAt('/groups');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://x.test').pathname),
      ).toContain('/v1/assets'),
    );
  });

  it('create dialog: checks the name before sending, and shows a server error next to its field', async () => {
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === 'POST'
        ? json(
            {
              error: {
                message: 'name is already used by another group',
                type: 'invalid_request_error',
                param: 'name',
              },
            },
            400,
          )
        : json({ object: 'list', data: groups, count: 2, total: 2, page: 1, page_size: 50 }),
    );
    renderAt('/groups?new=1');
    const dialog = await screen.findByRole('dialog', { name: 'Create a group' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/name is required/);
    // Nothing was sent (the form's duplicate-name check reads the group list, a GET).
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);

    // A name another group has is allowed, with a warning.
    await userEvent.type(within(dialog).getByLabelText('Name'), groups[0]!.name!);
    expect(
      await within(dialog).findByText(/Another group is already called “Default”/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Name'));
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Spring launch');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
    const name = within(dialog).getByLabelText('Name');
    await waitFor(() => expect(name).toHaveAccessibleDescription('name is already used by another group'));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    // The refusal in full stays in the form's panel, and the field it names takes focus.
    expect(within(dialog).getByTestId('submit-refusal')).toHaveTextContent('The group could not be created.');
    await waitFor(() => expect(name).toHaveFocus());
    // What was typed is kept for a reload.
    expect(sessionStorage.getItem('media-studio:group-create-draft')).toContain('Spring launch');
  });

  it('pages by what a deployment capping pages below 50 answered, on its last page too (decision 215)', async () => {
    const many = Array.from({ length: 45 }, (_, i) => ({
      id: `grp_${i}`,
      name: `Group ${i}`,
      asset_count: 0,
    }));
    const capped = cappedList(many, 20);
    fetchMock.mockImplementation(async (input) => capped(new URL(String(input), 'http://x')));
    // A deep link to the last page: its 5 items alone would read as pages of 5 ("Page 3 of 9").
    renderAt('/groups?page=3');
    await screen.findByRole('row', { name: /Group 44/ });
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    await within(pager).findByText('Page 3 of 3');
    expect(within(pager).getByRole('button', { name: /Next/ })).toBeDisabled();
  });
});
