import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RegisterAssetDialog } from './register-asset-dialog';
import { EMPTY_DRAFT, useRegisterDraft } from './register-draft';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const groupList = { object: 'list', data: [], count: 0, total: 0, page: 1, page_size: 100 };

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  useRegisterDraft.setState({ draft: EMPTY_DRAFT });
});
afterEach(() => vi.unstubAllGlobals());

function renderDialog(onRegistered = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RegisterAssetDialog open onOpenChange={() => undefined} group="grp_a" onRegistered={onRegistered} />
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog', { name: 'Register an asset by URL' });
}

describe('RegisterAssetDialog', () => {
  it('the reference video preset sets type, purpose and role to the spec values, mode asset', async () => {
    const dialog = renderDialog();
    fetchMock.mockImplementation(async () => json(groupList));
    await userEvent.selectOptions(within(dialog).getByLabelText('Preset'), 'reference_video');
    expect(within(dialog).getByLabelText('Type')).toHaveValue('video');
    expect(within(dialog).getByLabelText('Purpose')).toHaveValue('reference_video');
    expect(within(dialog).getByLabelText('Role')).toHaveValue('reference_video');
    expect(within(dialog).getByLabelText('Mode', { exact: true })).toHaveValue('asset');
    // The draft is persisted for this tab, so a reload restores it.
    expect(
      JSON.parse(sessionStorage.getItem('media-studio:asset-register-draft')!).state.draft,
    ).toMatchObject({
      type: 'video',
      purpose: 'reference_video',
      role: 'reference_video',
    });
  });

  it('shows a server validation error next to the field its param names, with the message', async () => {
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === 'POST'
        ? json(
            {
              error: {
                message: 'model must be a model name such as video-2.0-cl',
                type: 'invalid_request_error',
                param: 'model',
              },
              request_id: 'req_1',
            },
            400,
          )
        : json(groupList),
    );
    const onRegistered = vi.fn();
    const dialog = renderDialog(onRegistered);
    // Pasted, as a URL usually is (typing it key by key only slows the test on a busy machine).
    await userEvent.click(within(dialog).getByLabelText('Public URL'));
    await userEvent.paste('https://example.com/cat.png');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    const model = within(dialog).getByLabelText('Model', { exact: true });
    await waitFor(() =>
      expect(model).toHaveAccessibleDescription('model must be a model name such as video-2.0-cl'),
    );
    expect(model).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(model).toHaveFocus());
    expect(onRegistered).not.toHaveBeenCalled();
    const body = JSON.parse(String(fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')![1]!.body));
    expect(body).toEqual({ url: 'https://example.com/cat.png', mode: 'asset', group_id: 'grp_a' });
  });

  it('checks the URL before sending anything', async () => {
    fetchMock.mockImplementation(async () => json(groupList));
    const dialog = renderDialog();
    await userEvent.type(within(dialog).getByLabelText('Public URL'), 'not a url');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(within(dialog).getByLabelText('Public URL')).toHaveAccessibleDescription(/public http\(s\) URL/);
    expect(fetchMock.mock.calls.some(([, i]) => i?.method === 'POST')).toBe(false);
  });
});
