import { afterEach, describe, expect, it } from 'vitest';
import { GroupSchema } from '@contract/group-schemas';
import { makeTestApp, type TestApp } from '../test/helpers';

let t: TestApp;
afterEach(() => t?.close());

const app = () => (t = makeTestApp({ env: { API_KEYS: 'k1,k2' } }));

async function body(res: Response) {
  return (await res.json()) as Record<string, unknown> & { data: Array<Record<string, unknown>> };
}

describe('asset groups', () => {
  it('every key has a default group named Default, listed first, that always exists', async () => {
    app();
    const res = await t.req('/v1/asset-groups', { key: 'k1' });
    expect(res.status).toBe(200);
    const list = await body(res);
    expect(list).toMatchObject({ object: 'list', count: 1, total: 1, page: 1, page_size: 20 });
    expect(list.request_id).toMatch(/^req_/);
    expect(list.trace_id).toMatch(/^trace_/);
    expect(GroupSchema.parse(list.data[0])).toMatchObject({
      object: 'asset_group',
      id: 'grp_default',
      group_id: 'grp_default',
      name: 'Default',
      asset_count: 0,
    });
    const detail = await t.req('/v1/asset-groups/grp_default', { key: 'k2' });
    expect(detail.status).toBe(200);
    expect((await body(detail)).name).toBe('Default');
  });

  it('creates, reads and patches a group; duplicate names are allowed', async () => {
    app();
    const res = await t.req('/v1/asset-groups', {
      key: 'k1',
      json: { name: ' Campaign ', description: 'Q3' },
    });
    expect(res.status).toBe(200);
    const group = GroupSchema.parse(await res.json());
    expect(group).toMatchObject({ name: 'Campaign', description: 'Q3', asset_count: 0 });
    expect(group.id).toMatch(/^grp_[A-Za-z0-9]{20}$/);
    expect(group.group_id).toBe(group.id);

    const again = await t.req('/v1/asset-groups', { key: 'k1', json: { name: 'Campaign' } });
    expect(again.status).toBe(200);
    expect((await body(again)).id).not.toBe(group.id);

    const patched = await t.req(`/v1/asset-groups/${group.id}`, {
      key: 'k1',
      method: 'PATCH',
      json: { name: 'Renamed' },
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ name: 'Renamed', description: 'Q3' });
    const described = await t.req(`/v1/asset-groups/${group.id}`, {
      key: 'k1',
      method: 'PATCH',
      json: { description: '' },
    });
    expect(await described.json()).toMatchObject({ name: 'Renamed', description: '' });

    const list = await body(await t.req('/v1/asset-groups', { key: 'k1' }));
    expect(list.total).toBe(3);
    expect(list.data.map((g) => g.id)[0]).toBe('grp_default');
  });

  it('rejects invalid bodies with 400 naming the fix', async () => {
    app();
    const noName = await t.req('/v1/asset-groups', { key: 'k1', json: { description: 'x' } });
    expect(noName.status).toBe(400);
    expect((await body(noName)).error).toMatchObject({ type: 'invalid_request_error', param: 'name' });
    const long = await t.req('/v1/asset-groups', { key: 'k1', json: { name: 'x'.repeat(1_001) } });
    expect(long.status).toBe(400);
    for (const notObject of [[], null, 'name', 42]) {
      const res = await t.req('/v1/asset-groups', { key: 'k1', json: notObject });
      expect(res.status).toBe(400);
      expect(((await body(res)).error as { message: string }).message).toBe(
        'The request body must be a JSON object with the fields of this endpoint.',
      );
    }
    const badJson = await t.req('/v1/asset-groups', {
      key: 'k1',
      method: 'POST',
      body: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.status).toBe(400);

    const emptyPatch = await t.req('/v1/asset-groups/grp_default', { key: 'k1', method: 'PATCH', json: {} });
    // The specification does not show the PATCH body: {} changes nothing (issue 44).
    expect(emptyPatch.status).toBe(200);
    const noBody = await t.req('/v1/asset-groups/grp_default', { key: 'k1', method: 'PATCH' });
    expect(noBody.status).toBe(400);
    const rename = await t.req('/v1/asset-groups/grp_default', {
      key: 'k1',
      method: 'PATCH',
      json: { name: 'Mine' },
    });
    expect(rename.status).toBe(400);
    const describe = await t.req('/v1/asset-groups/grp_default', {
      key: 'k1',
      method: 'PATCH',
      json: { description: 'Everything else' },
    });
    expect(await describe.json()).toMatchObject({ name: 'Default', description: 'Everything else' });
  });

  it('isolates groups between API keys', async () => {
    app();
    const mine = await body(await t.req('/v1/asset-groups', { key: 'k1', json: { name: 'Private' } }));
    const other = await t.req(`/v1/asset-groups/${String(mine.id)}`, { key: 'k2' });
    expect(other.status).toBe(404);
    expect((await body(other)).error).toMatchObject({ code: 'group_not_found' });
    const patch = await t.req(`/v1/asset-groups/${String(mine.id)}`, {
      key: 'k2',
      method: 'PATCH',
      json: { name: 'x' },
    });
    expect(patch.status).toBe(404);
    const list = await body(await t.req('/v1/asset-groups', { key: 'k2' }));
    expect(list.data.map((g) => g.id)).toEqual(['grp_default']);
    const unknown = await t.req('/v1/asset-groups/grp_nope', { key: 'k1' });
    expect(unknown.status).toBe(404);
    expect((await t.req('/v1/asset-groups', { key: null })).status).toBe(401);
  });

  it('answers one group_not_found wherever a group_id names a group the key does not have', async () => {
    app();
    const mine = await body(await t.req('/v1/asset-groups', { key: 'k1', json: { name: 'Private' } }));
    const gid = String(mine.id);
    const answers = [
      await t.req(`/v1/asset-groups/${gid}`, { key: 'k2' }),
      await t.req(`/v1/asset-groups/${gid}`, { key: 'k2', method: 'PATCH', json: { description: 'x' } }),
      await t.req(`/v1/assets?group_id=${gid}`, { key: 'k2' }),
      await t.req(`/v1/assets/asset_x?group_id=${gid}`, { key: 'k2' }),
      await t.req(`/api/asset/get?asset_id=asset_x&group_id=${gid}`, { key: 'k2' }),
      await t.req('/v1/assets/uploads', {
        key: 'k2',
        json: { url: 'https://example.com/a.png', group_id: gid },
      }),
    ];
    const errors = await Promise.all(
      answers.map(async (res) => ({
        status: res.status,
        ...((await res.json()) as { error: { message: string } }).error,
      })),
    );
    for (const error of errors) {
      expect(error).toEqual({
        status: 404,
        type: 'invalid_request_error',
        code: 'group_not_found',
        param: 'group_id',
        message: expect.stringMatching(/^Asset group "grp_\w+" was not found\. List your groups with GET/),
      });
    }
    expect(new Set(errors.map((e) => e.message)).size).toBe(1);
  });

  it('echoes at most 80 characters of a 10 KB id in its 404, wherever the id comes in (paths too)', async () => {
    app();
    const huge = `grp_${'x'.repeat(10 * 1024)}`;
    const answers = [
      await t.req(`/v1/asset-groups/${huge}`, { key: 'k1' }),
      await t.req(`/v1/assets?group_id=${huge}`, { key: 'k1' }),
      await t.req(`/v1/assets/asset_x?group_id=${huge}`, { key: 'k1' }),
      await t.req(`/v1/assets/${huge}`, { key: 'k1' }),
      await t.req(`/v1/tasks/${huge}`, { key: 'k1' }),
      await t.req(`/v1/responses/${huge}`, { key: 'k1' }),
    ];
    answers.push(await t.req(`/v1/${huge}`, { key: 'k1' }));
    for (const res of answers) {
      expect(res.status).toBe(404);
      const { message } = ((await res.json()) as { error: { message: string } }).error;
      expect(message).toMatch(/grp_x{70,76}…/);
      expect(message.length).toBeLessThan(400);
    }
  });

  it('pages groups, caps page_size at 100 and rejects bad paging with 400', async () => {
    app();
    for (let i = 0; i < 4; i++) await t.req('/v1/asset-groups', { key: 'k1', json: { name: `g${i}` } });
    const page2 = await body(await t.req('/v1/asset-groups?page=2&page_size=2', { key: 'k1' }));
    expect(page2).toMatchObject({ count: 2, total: 5, page: 2, page_size: 2 });
    expect(page2.data.map((g) => g.name)).toEqual(['g2', 'g1']);
    const capped = await body(await t.req('/v1/asset-groups?page_size=500', { key: 'k1' }));
    expect(capped.page_size).toBe(100);
    for (const q of ['page=0', 'page=abc', 'page_size=0', 'page_size=-1', 'page_size=1.5']) {
      const res = await t.req(`/v1/asset-groups?${q}`, { key: 'k1' });
      expect(res.status, q).toBe(400);
    }
  });
});
