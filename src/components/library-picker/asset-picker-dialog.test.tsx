import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { AssetPickerDialog } from './asset-picker-dialog';
import { READY_ASSET_FIELDS } from '@/test/asset-fixtures';
import { cappedList } from '@/test/capped-list';

const READY = READY_ASSET_FIELDS;
const asset = (id: string, over: Record<string, unknown>) => ({
  object: 'asset',
  id,
  group_id: 'grp_default',
  url: `https://e.com/${id}.png`,
  source_url: `https://e.com/${id}.png`,
  type: 'image',
  ...READY,
  ...over,
});
const list = (data: unknown[]) =>
  json({ object: 'list', data, count: data.length, total: data.length, page: 1, page_size: 24 });

function renderPicker(onPick = vi.fn()) {
  renderWithProviders(
    <AssetPickerDialog
      open
      onOpenChange={() => undefined}
      referenceRole="first_frame"
      model="video-2.0-cl-fast"
      onPick={onPick}
    />,
  );
  return onPick;
}

describe('AssetPickerDialog', { timeout: 20_000 }, () => {
  it('offers only assets ready for the model, says why the others are not, and prepares one for it', async () => {
    const assets = [
      asset('asset_fast', { name: 'fast.png', model: 'video-2.0-cl-fast' }),
      asset('asset_cl', { name: 'cl.png', model: 'video-2.0-cl' }),
      asset('asset_vid', { name: 'clip.mp4', type: 'video', model: 'video-2.0-cl-fast' }),
      asset('asset_busy', {
        name: 'busy.png',
        model: 'video-2.0-cl-fast',
        status: 'syncing',
        generation_ready: false,
      }),
    ];
    const fetchMock = mockFetch({
      'GET /v1/asset-groups': () => list([]),
      'GET /v1/assets': () => list(assets),
      'POST /v1/assets/uploads': () =>
        json(
          asset('asset_copy', {
            name: 'cl.png (video-2.0-cl-fast)',
            model: 'video-2.0-cl-fast',
            status: 'syncing',
            generation_ready: false,
          }),
        ),
      'GET /v1/assets/asset_copy': () =>
        json(asset('asset_copy', { name: 'cl.png (video-2.0-cl-fast)', model: 'video-2.0-cl-fast' })),
    });
    const onPick = renderPicker();
    const dialog = await screen.findByRole('dialog', { name: 'First frame from the library' });
    const rows = await within(dialog).findByRole('list', { name: 'Assets' });

    // A first-frame slot asks the library for images only.
    const listCall = fetchMock.mock.calls.find(([input]) => String(input).includes('/v1/assets?'))!;
    expect(new URL(String(listCall[0]), 'http://x').searchParams.get('type')).toBe('image');
    expect(within(rows).getByRole('button', { name: 'Use fast.png' })).toBeEnabled();
    const cl = within(rows).getByRole('listitem', { name: 'cl.png' });
    expect(cl).toHaveTextContent('Prepared for video-2.0-cl, not video-2.0-cl-fast.');
    expect(within(rows).getByRole('listitem', { name: 'clip.mp4' })).toHaveTextContent(
      'This is a video; this role needs an image.',
    );
    expect(within(rows).getByRole('listitem', { name: 'busy.png' })).toHaveTextContent(
      'Not ready: it is still being processed; the server has not marked it ready for generation yet.',
    );
    expect(within(rows).getByRole('button', { name: 'Use busy.png' })).toBeDisabled();

    await userEvent.click(within(cl).getByRole('button', { name: 'Prepare cl.png for video-2.0-cl-fast' }));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toMatchObject({
      url: 'https://e.com/asset_cl.png',
      model: 'video-2.0-cl-fast',
      mode: 'asset',
      type: 'image',
    });
    // The copy goes into the slot at once (the composer follows its preparation).
    await waitFor(() => expect(onPick).toHaveBeenCalledTimes(1));
    expect(onPick).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'asset_copy', model: 'video-2.0-cl-fast' }),
    );
  });

  it('pages by what a deployment capping pages below 24 answered, on its last page too (decision 215)', async () => {
    const assets = Array.from({ length: 25 }, (_, i) =>
      asset(`asset_${i}`, { name: `still-${i}.png`, model: 'video-2.0-cl-fast' }),
    );
    mockFetch({ 'GET /v1/asset-groups': () => list([]), 'GET /v1/assets': cappedList(assets, 10) });
    renderPicker();
    const dialog = await screen.findByRole('dialog', { name: 'First frame from the library' });
    const pager = await within(dialog).findByRole('navigation', { name: 'Pages' });
    await within(pager).findByText('Page 1 of 3');
    await userEvent.click(within(pager).getByRole('button', { name: /Next/ }));
    await within(dialog).findByRole('listitem', { name: 'still-10.png' });
    await userEvent.click(within(pager).getByRole('button', { name: /Next/ }));
    await within(dialog).findByRole('listitem', { name: 'still-24.png' });
    // The last page's 5 items alone would read as pages of 5: "Page 3 of 5", and a Next to nothing.
    expect(within(pager).getByText('Page 3 of 3')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: /Next/ })).toBeDisabled();
  });
});
