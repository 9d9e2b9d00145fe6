import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock';
import { READY_ASSET_FIELDS } from '@/test/asset-fixtures';
import { lookupAsset } from './asset-lookup';

afterEach(() => vi.unstubAllGlobals());

const GROUPS = 230;
/** A deployment that caps pages at 40 groups whatever is asked, and does not echo page_size. */
const CAP = 40;
const groups = Array.from({ length: GROUPS }, (_, i) => ({ id: `grp_${i}`, name: `Group ${i}` }));

function deployment(holder: string | undefined) {
  const pagesAsked: number[] = [];
  const detailGroups: string[] = [];
  const fetchMock = mockFetch({
    'GET /v1/asset-groups': (url) => {
      const page = Number(url.searchParams.get('page'));
      pagesAsked.push(page);
      const size = Math.min(CAP, Number(url.searchParams.get('page_size')));
      const data = groups.slice((page - 1) * size, page * size);
      return json({ object: 'list', data, count: data.length, total: GROUPS, page });
    },
    'GET /v1/assets/asset_far': (url) => {
      const group = url.searchParams.get('group_id') ?? 'default';
      detailGroups.push(group);
      return group === holder
        ? json({ id: 'asset_far', type: 'image', name: 'far.png', group_id: group, ...READY_ASSET_FIELDS })
        : json({ error: { message: 'asset not found', type: 'not_found' } }, 404);
    },
  });
  return { fetchMock, pagesAsked, detailGroups };
}

describe('asset lookup', () => {
  it('finds an asset in a group past the first hundred, on a server that caps its pages, and stops there', async () => {
    const d = deployment('grp_170');
    const asset = await lookupAsset(new QueryClient(), 'asset_far');
    expect(asset).toMatchObject({ id: 'asset_far', name: 'far.png' });
    // 170 is on the fifth page of 40; the sixth is never asked.
    expect(d.pagesAsked).toEqual([1, 2, 3, 4, 5]);
    expect(d.detailGroups).not.toContain('grp_199');
  });

  it('asks every group once before saying no group holds it, and reuses the group pages for the next lookup', async () => {
    const d = deployment(undefined);
    const client = new QueryClient();
    expect(await lookupAsset(client, 'asset_far')).toBeNull();
    expect(d.pagesAsked).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Set(d.detailGroups).size).toBe(GROUPS + 1);
    d.pagesAsked.length = 0;
    expect(await lookupAsset(client, 'asset_far')).toBeNull();
    expect(d.pagesAsked).toEqual([]);
  });

  it('passes on a failure that is not "not found"', async () => {
    mockFetch({
      'GET /v1/assets/asset_far': () =>
        json({ error: { message: 'bad key', type: 'authentication_error' } }, 401),
    });
    await expect(lookupAsset(new QueryClient(), 'asset_far')).rejects.toMatchObject({ status: 401 });
  });
});
