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

// Shapes the specification allows ("Response shapes … not shown") that the local server never sends.
describe('group answers of any shape the specification allows', () => {
  it('reads a bare array, and an envelope with only data, deriving count, total and page', async () => {
    fetchMock.mockResolvedValueOnce(json([{ group_id: 'grp_a', name: 'A' }, { id: 'grp_b' }]));
    const bare = await new QueryClient().fetchQuery(groupQueries.list());
    expect(bare).toMatchObject({ count: 2, total: 2, page: 1, total_derived: true });
    expect(bare.data.map((g) => g.id)).toEqual(['grp_a', 'grp_b']);

    fetchMock.mockResolvedValueOnce(json({ data: [{ group_id: 'grp_c' }], has_more: false }));
    const enveloped = await new QueryClient().fetchQuery(groupQueries.list({ page: 2, pageSize: 1 }));
    // A full page of one on page 2: one before, this one, and possibly more.
    expect(enveloped).toMatchObject({ count: 1, page: 2, total: 3 });
  });

  it('create: a 201 or 204 with an empty body, or a wrapped record, is a success', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(createGroup({ name: 'Empty' })).resolves.toBeUndefined();
    fetchMock.mockResolvedValueOnce(new Response('', { status: 201 }));
    await expect(createGroup({ name: 'Empty' })).resolves.toBeUndefined();
    fetchMock.mockResolvedValueOnce(json({ data: { group_id: 'grp_w', name: 'Wrapped' } }, 201));
    await expect(createGroup({ name: 'Wrapped' })).resolves.toMatchObject({ id: 'grp_w', name: 'Wrapped' });
    fetchMock.mockResolvedValueOnce(json({ group: { id: 'grp_g', name: 'G' } }));
    await expect(createGroup({ name: 'G' })).resolves.toMatchObject({ id: 'grp_g' });
  });

  it('patch answered with 204: the group is re-read', async () => {
    fetchMock
      .mockResolvedValueOnce(new Response(null, { status: 204 }))
      .mockResolvedValueOnce(json({ data: { group_id: 'grp_a', name: 'Renamed', description: 'd' } }));
    const saved = await updateGroup('grp_a', { name: 'Renamed' }, new QueryClient());
    expect(saved).toMatchObject({ id: 'grp_a', name: 'Renamed', description: 'd' });
    expect(String(fetchMock.mock.calls[1]![0])).toBe('/v1/asset-groups/grp_a');
  });

  it('detail wrapped in data is read', async () => {
    fetchMock.mockResolvedValueOnce(json({ data: { group_id: 'grp_a', name: 'A' } }));
    await expect(new QueryClient().fetchQuery(groupQueries.detail('grp_a'))).resolves.toMatchObject({
      id: 'grp_a',
      name: 'A',
    });
  });
});
