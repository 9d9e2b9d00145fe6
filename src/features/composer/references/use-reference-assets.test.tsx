import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { READY_ASSET_FIELDS } from '@/test/asset-fixtures';
import { json, LIST_ENVELOPE } from '@/test/fetch-mock';
import { composerPageSetup, mockComposerFetch, postedBodies } from '../composer-test-setup';

const asset = (id: string, group: string, over: Record<string, unknown>) => ({
  object: 'asset',
  id,
  group_id: group,
  url: `https://e.com/${id}.png`,
  type: 'image',
  model: 'video-2.0-cl',
  ...READY_ASSET_FIELDS,
  ...over,
});
/** Lookups wait for a pause in typing, then ask group by group. */
const WAIT = { timeout: 5000 };
const notFound = () =>
  json({ error: { message: 'No such asset', type: 'invalid_request_error', code: 'not_found' } }, 404);

/** Two assets in the default group, one in another group; asset_gone in none. */
function assetRoutes() {
  const byGroup: Record<string, Record<string, unknown>> = {
    grp_default: {
      asset_face: asset('asset_face', 'grp_default', { name: 'face.png' }),
      asset_clip: asset('asset_clip', 'grp_default', { name: 'clip.mp4', type: 'video' }),
    },
    grp_other: {
      asset_sky: asset('asset_sky', 'grp_other', { name: 'sky.png', model: 'video-2.0-cl-mini' }),
    },
  };
  const routes: Record<string, (url: URL) => Response> = {
    'GET /v1/asset-groups': () =>
      json({ ...LIST_ENVELOPE, data: [{ id: 'grp_default' }, { id: 'grp_other' }], count: 2, total: 2 }),
  };
  for (const id of ['asset_face', 'asset_clip', 'asset_sky', 'asset_gone']) {
    routes[`GET /v1/assets/${id}`] = (url) => {
      const found = byGroup[url.searchParams.get('group_id') ?? 'grp_default']?.[id];
      return found ? json(found) : notFound();
    };
  }
  return routes;
}

const { registry, renderComposer } = composerPageSetup();

describe('references named only by Asset:// id', { timeout: 30_000 }, () => {
  it('edit and re-run looks each asset up in its group and flags every model mismatch before submit', async () => {
    const fetchMock = mockComposerFetch(assetRoutes());
    registry().track({
      id: 'task_old',
      kind: 'video',
      createdAt: 1,
      source: 'composer',
      request: {
        model: 'video-2.0-cl-mini',
        prompt: '@face in @sky with @clip',
        references: [
          { role: 'first_frame', url: 'Asset://asset_face', media_type: 'image' },
          { role: 'reference_image', url: 'Asset://asset_sky', alias: 'sky', media_type: 'image' },
          { role: 'reference_video', url: 'Asset://asset_clip', alias: 'clip', media_type: 'video' },
        ],
      },
    });
    renderComposer('/composer?from=task_old');
    const list = await screen.findByRole('list', { name: /references/i });
    // Shown as when picked: name and the model each asset is prepared for.
    expect(await within(list).findByText('face.png', {}, WAIT)).toBeInTheDocument();
    expect(await within(list).findByText('sky.png', {}, WAIT)).toBeInTheDocument();
    expect(await within(list).findByText('clip.mp4', {}, WAIT)).toBeInTheDocument();
    // Both assets prepared for video-2.0-cl are flagged at once; the one for mini is not.
    const mismatches = await screen.findAllByText(
      /prepared for video-2.0-cl, not video-2.0-cl-mini/,
      {},
      WAIT,
    );
    expect(mismatches).toHaveLength(2);
    expect(screen.getByLabelText('Media of reference 2')).not.toHaveAttribute('aria-invalid');

    await userEvent.click(screen.getByRole('button', { name: 'Create video task' }));
    expect(postedBodies(fetchMock)).toEqual([]);
  });

  it('a pasted Asset:// id is looked up the same way, and one no group holds is refused', async () => {
    mockComposerFetch(assetRoutes());
    renderComposer();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add reference image' }));
    await user.click(screen.getByLabelText('Media of reference 1'));
    await user.paste('Asset://asset_sky');
    const list = screen.getByRole('list', { name: /references/i });
    expect(await within(list).findByText('sky.png', {}, WAIT)).toBeInTheDocument();
    expect(within(list).getByText('video-2.0-cl-mini')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add reference image' }));
    await user.click(screen.getByLabelText('Media of reference 2'));
    await user.paste('Asset://asset_gone');
    expect(await screen.findByText(/No asset asset_gone in any group/, {}, WAIT)).toBeInTheDocument();
  });
});
