import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGroup, groupMutations, updateGroup } from './group-mutations';
import { groupKeys, groupQueries } from './groups';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('group queries', () => {
  it('uses keys from generic to specific', () => {
    expect(groupKeys.list()).toEqual(['groups', 'list', { page: 1, pageSize: 100 }]);
    expect(groupKeys.detail('grp_a')).toEqual(['groups', 'detail', 'grp_a']);
    expect(groupQueries.detail('grp_a').queryKey).toEqual(groupKeys.detail('grp_a'));
  });

  it('parses the list envelope leniently: id from group_id, unknown fields kept', async () => {
    fetchMock.mockResolvedValue(
      json({
        object: 'list',
        data: [{ group_id: 'grp_a', name: 'A', asset_count: 3, colour: 'red' }],
        count: 1,
        total: 1,
        page: 1,
        page_size: 100,
      }),
    );
    const list = await new QueryClient().fetchQuery(groupQueries.list());
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/v1/asset-groups?page=1&page_size=100');
    expect(list.data[0]).toMatchObject({ id: 'grp_a', name: 'A', asset_count: 3, colour: 'red' });
  });

  it('surfaces a server validation error with its param', async () => {
    fetchMock.mockResolvedValue(
      json(
        {
          error: { message: 'name is required', type: 'invalid_request_error', param: 'name' },
          request_id: 'req_1',
        },
        400,
      ),
    );
    await expect(createGroup({ name: '' })).rejects.toMatchObject({
      info: { param: 'name' },
      requestId: 'req_1',
    });
  });
});

describe('group mutations', () => {
  it('creating invalidates only the group lists', async () => {
    const client = new QueryClient();
    client.setQueryData(groupKeys.list(), {});
    client.setQueryData(groupKeys.list({ page: 2, pageSize: 50 }), {});
    client.setQueryData(groupKeys.detail('grp_a'), {});
    fetchMock.mockResolvedValue(json({ id: 'grp_new', name: 'New' }));
    const m = groupMutations.create(client);
    await m.onSuccess();
    expect(client.getQueryState(groupKeys.list())?.isInvalidated).toBe(true);
    expect(client.getQueryState(groupKeys.list({ page: 2, pageSize: 50 }))?.isInvalidated).toBe(true);
    expect(client.getQueryState(groupKeys.detail('grp_a'))?.isInvalidated).toBe(false);
  });

  it('renaming PATCHes the group and refreshes its detail and the lists', async () => {
    fetchMock.mockResolvedValue(json({ id: 'grp_a', name: 'Renamed' }));
    const saved = await updateGroup('grp_a', { name: 'Renamed' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/v1/asset-groups/grp_a');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'Renamed' });

    const client = new QueryClient();
    client.setQueryData(groupKeys.detail('grp_b'), {});
    const spy = vi.spyOn(client, 'invalidateQueries');
    await groupMutations.update(client).onSuccess(saved);
    expect(client.getQueryData(groupKeys.detail('grp_a'))).toMatchObject({ name: 'Renamed' });
    expect(spy.mock.calls.map(([f]) => f?.queryKey)).toEqual([groupKeys.detail('grp_a'), groupKeys.lists()]);
    expect(client.getQueryState(groupKeys.detail('grp_b'))?.isInvalidated).toBe(false);
  });
});
