import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock';
import { registerAssetByUrl, uploadAssetFile } from './assets';
import { useConnectionStore } from './connection-store';
import { placedElsewhere } from './created-asset';

beforeEach(() => {
  useConnectionStore.setState({ baseUrl: '', apiKey: '', remember: false, keySource: 'none' });
});
afterEach(() => vi.unstubAllGlobals());

const now = () => Math.floor(Date.now() / 1000);
const file = () => new File(['abcd'], 'face.png', { type: 'image/png' });
const posts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').length;

describe('the answer of an upload (the specification: "the exact response body: not shown")', () => {
  it('reads an asset wrapped in data', async () => {
    mockFetch({
      'POST /v1/assets/uploads': () => json({ data: { asset_id: 'asset_w', group_id: 'grp_a' } }),
    });
    const asset = await uploadAssetFile(file(), { type: 'image', group_id: 'grp_a', name: 'face.png' });
    expect(asset).toMatchObject({ id: 'asset_w', group_id: 'grp_a' });
  });

  it('reads an answer that only gives the Asset:// reference, in the group it was asked for', async () => {
    mockFetch({
      'POST /v1/assets/uploads': () => json({ ok: true, reference: 'Asset://asset_r' }),
      'GET /v1/assets/asset_r': (url) =>
        url.searchParams.get('group_id') === 'grp_c'
          ? json({ id: 'asset_r' })
          : json({ error: { message: 'asset not found' } }, 404),
    });
    const asset = await registerAssetByUrl({ url: 'https://x.test/a.png', group_id: 'grp_c' });
    // Its readiness is then followed where it was put: a detail query without the group is a 404.
    expect(asset).toMatchObject({ id: 'asset_r', group_id: 'grp_c' });
  });

  it('finds the default group of a reference-only answer when the deployment ignored the group asked for', async () => {
    const fetchMock = mockFetch({
      'POST /v1/assets/uploads': () => json({ object: 'asset', reference: 'Asset://asset_r' }),
      'GET /v1/assets/asset_r': (url) =>
        url.searchParams.get('group_id')
          ? json({ error: { message: 'asset not found' } }, 404)
          : json({ id: 'asset_r', group_id: 'default' }),
    });
    const asset = await uploadAssetFile(file(), { type: 'image', group_id: 'grp_c', name: 'face.png' });
    expect(asset).toMatchObject({ id: 'asset_r', group_id: 'default' });
    expect(placedElsewhere('grp_c', asset)).toBe('default');
    expect(posts(fetchMock)).toBe(1);
  });

  it('keeps the group asked for when where the asset went cannot be read now', async () => {
    mockFetch({
      'POST /v1/assets/uploads': () => json({ reference: 'Asset://asset_r' }),
      'GET /v1/assets/asset_r': () => json({ error: { message: 'busy' } }, 503),
    });
    const asset = await uploadAssetFile(file(), { type: 'image', group_id: 'grp_c', name: 'face.png' });
    expect(asset).toMatchObject({ id: 'asset_r', group_id: 'grp_c' });
  });

  it('finds the asset of a minimal answer in the newest page of its group, and never uploads twice', async () => {
    const fetchMock = mockFetch({
      'POST /v1/assets/uploads': () => json({ ok: true }),
      'GET /v1/assets': (url) =>
        json({
          object: 'list',
          data:
            url.searchParams.get('group_id') === 'grp_a'
              ? [
                  { id: 'asset_old', name: 'face.png', created_at: now() - 86_400 },
                  { id: 'asset_new', name: 'face.png', created_at: now() },
                  { id: 'asset_x', name: 'other.png', created_at: now() },
                ]
              : [],
        }),
    });
    const asset = await uploadAssetFile(file(), { type: 'image', group_id: 'grp_a', name: 'face.png' });
    expect(asset.id).toBe('asset_new');
    expect(posts(fetchMock)).toBe(1);
  });

  it('finds it in the default group when the deployment ignored the group asked for, and says so', async () => {
    mockFetch({
      'POST /v1/assets/uploads': () => json({}),
      'GET /v1/assets': (url) =>
        json({
          object: 'list',
          data: url.searchParams.get('group_id') ? [] : [{ id: 'asset_d', size: 4, group_id: 'grp_main' }],
        }),
    });
    const asset = await uploadAssetFile(file(), { type: 'image', group_id: 'grp_a', name: 'face.png' });
    expect(asset.id).toBe('asset_d');
    expect(placedElsewhere('grp_a', asset)).toBe('grp_main');
  });

  it('says plainly that the asset was created but could not be found, once, without a second upload', async () => {
    const fetchMock = mockFetch({
      'POST /v1/assets/uploads': () => json({ ok: true }),
      'GET /v1/assets': () => json({ object: 'list', data: [] }),
    });
    await expect(uploadAssetFile(file(), { type: 'image', name: 'face.png' })).rejects.toThrow(
      /accepted.*does not name the asset.*before uploading again/,
    );
    expect(posts(fetchMock)).toBe(1);
  });
});

describe('placedElsewhere', () => {
  it('names the group the deployment used when it is not the one asked for', () => {
    expect(placedElsewhere('grp_a', { id: 'a', group_id: 'grp_a' })).toBeUndefined();
    expect(placedElsewhere('grp_a', { id: 'a', group_id: 'grp_b' })).toBe('grp_b');
    // Nothing to say when the answer names no group, or the default group was asked for (its id varies).
    expect(placedElsewhere('grp_a', { id: 'a' })).toBeUndefined();
    expect(placedElsewhere('grp_default', { id: 'a', group_id: 'grp_main' })).toBeUndefined();
    expect(placedElsewhere(undefined, { id: 'a', group_id: 'grp_main' })).toBeUndefined();
  });
});
