import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Asset, AssetSchema } from '@contract/asset-schemas';
import { type FixtureHost, startFixtureHost } from '../test/fixture-host';
import { closedPort } from '../test/listen';
import { makeTestApp, type TestApp } from '../test/helpers';

let host: FixtureHost;
let t: TestApp;
beforeAll(async () => {
  host = await startFixtureHost();
});
afterAll(() => host.close());
afterEach(() => t?.close());

const app = () => (t = makeTestApp({ env: { API_KEYS: 'k1,k2' } }));
type Json = Record<string, unknown> & { data: Asset[]; error: Record<string, unknown> };
const read = async (res: Response) => (await res.json()) as Json;

async function register(body: Record<string, unknown>, key = 'k1'): Promise<Asset> {
  const res = await t.req('/v1/assets/uploads', { key, json: body });
  expect(res.status, await res.clone().text()).toBe(200);
  return AssetSchema.parse(await res.json());
}

async function newGroup(key = 'k1'): Promise<string> {
  const res = await t.req('/v1/asset-groups', { key, json: { name: 'G' } });
  return String((await read(res)).id);
}

describe('POST /v1/assets/uploads (by URL)', () => {
  it('returns the full Asset with content type and size learned from the URL', async () => {
    app();
    const asset = await register({
      url: `${host.origin}/cat.png`,
      model: 'video-2.0-cl',
      purpose: 'reference_image',
      role: 'reference_image',
      metadata: { name: 'Cat', campaign: 7 },
      description: 'a cat',
    });
    expect(asset).toMatchObject({
      object: 'asset',
      group_id: 'grp_default',
      domain: 'media',
      type: 'image',
      asset_type: 'image',
      name: 'Cat',
      description: 'a cat',
      source_url: `${host.origin}/cat.png`,
      url: `${host.origin}/cat.png`,
      oss_url: '',
      content_type: 'image/png',
      size: 8757,
      duration: 0,
      visibility: 'private',
      model: 'video-2.0-cl',
      mode: 'asset',
      purpose: 'reference_image',
      metadata: { name: 'Cat', campaign: 7 },
    });
    expect(asset.id).toMatch(/^asset_[A-Za-z0-9]{20}$/);
    expect(asset.asset_id).toBe(asset.id);
    expect(asset.reference).toBe(`Asset://${asset.id}`);
    expect(asset.asset_ref).toBe(asset.reference);
    expect(asset.request_id).toMatch(/^req_/);
    expect(asset.created_at).toBeCloseTo(Date.now() / 1000, -1);
  });

  it('falls back to a ranged GET when HEAD is refused, and to the extension for a generic type', async () => {
    app();
    const asset = await register({ url: `${host.origin}/nohead/octet/clip.mp4` });
    expect(asset).toMatchObject({ type: 'video', content_type: 'video/mp4', size: 90037, name: 'clip.mp4' });
    expect(host.log).toContain('GET /nohead/octet/clip.mp4');
  });

  it('creates a failed asset naming the cause when the URL is unreachable', async () => {
    app();
    const missing = await register({ url: `${host.origin}/missing.png` });
    expect(missing).toMatchObject({ status: 'failed', sync_status: 'failed', preparation_status: 'failed' });
    expect(missing.generation_ready).toBe(false);
    expect(missing.type).toBe('image');
    expect(missing.sync_error).toMatch(/HTTP 404/);
    expect(missing.sync_error).toMatch(/publicly reachable/);

    const port = await closedPort();
    const refused = await register({ url: `http://127.0.0.1:${port}/a.mp4` });
    expect(refused.sync_error).toMatch(/connection refused/);
    expect(refused.type).toBe('video');
    const dns = await register({ url: 'http://no-such-host.invalid/a.png' });
    expect(dns.sync_error).toMatch(/DNS lookup failed/);
  });

  it('answers 400 or 404 with what to fix', async () => {
    app();
    const cases: Array<[unknown, number, string | undefined]> = [
      [{}, 400, 'url'],
      [{ url: 'ftp://x/y.png' }, 400, 'url'],
      // Any type text is taken (decision 377); only its length is bounded.
      [{ url: `${host.origin}/a.png`, type: 'x'.repeat(65) }, 400, 'type'],
      [{ url: `${host.origin}/a.png`, type: 'video' }, 400, 'type'],
      [{ url: `${host.origin}/a.png`, mode: 'copy' }, 400, 'mode'],
      [{ url: `${host.origin}/a.png`, model: 'has space' }, 400, 'model'],
      [{ url: `${host.origin}/a.png`, group_id: 'grp_nope' }, 404, 'group_id'],
      [[1, 2], 400, undefined],
    ];
    for (const [json, status, param] of cases) {
      const res = await t.req('/v1/assets/uploads', { key: 'k1', json });
      const b = await read(res);
      expect(res.status, JSON.stringify(json)).toBe(status);
      if (param) expect(b.error.param, JSON.stringify(json)).toBe(param);
      expect(String(b.error.message).length).toBeGreaterThan(10);
    }
    const badJson = await t.req('/v1/assets/uploads', {
      key: 'k1',
      method: 'POST',
      body: '{"url": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.status).toBe(400);
    const text = await t.req('/v1/assets/uploads', {
      key: 'k1',
      method: 'POST',
      body: 'url=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    // A digital-human model is fine for a non-video purpose.
    const avatar = await register({
      url: `${host.origin}/face.png`,
      model: 'digital-human-video-v8',
      purpose: 'digital_human_avatar',
    });
    expect(avatar.model).toBe('digital-human-video-v8');
    // Any model name: the specification's list is an example, a deployment may know more.
    const future = await register({ url: `${host.origin}/face.png`, model: 'video-3.0-future' });
    expect(future.model).toBe('video-3.0-future');
  });
});

describe('GET /v1/assets and detail', () => {
  it('lists the default group newest first with the list envelope, filters and paging', async () => {
    app();
    const png = await register({ url: `${host.origin}/1.png` });
    const mp3 = await register({ url: `${host.origin}/2.mp3` });
    const mp4 = await register({ url: `${host.origin}/3.mp4` });
    const failed = await register({ url: `${host.origin}/missing-4.png` });
    const other = await newGroup();
    await register({ url: `${host.origin}/5.png`, group_id: other });

    const all = await read(await t.req('/v1/assets', { key: 'k1' }));
    expect(all).toMatchObject({ object: 'list', count: 4, total: 4, page: 1, page_size: 20 });
    expect(all.data.map((a) => a.id)).toEqual([failed.id, mp4.id, mp3.id, png.id]);
    expect(all.request_id).toMatch(/^req_/);

    const images = await read(await t.req('/v1/assets?type=image', { key: 'k1' }));
    expect(images.data.map((a) => a.id)).toEqual([failed.id, png.id]);
    const failedOnly = await read(await t.req('/v1/assets?status=failed', { key: 'k1' }));
    expect(failedOnly.data.map((a) => a.id)).toEqual([failed.id]);
    const media = await read(await t.req('/v1/assets?domain=media&type=audio', { key: 'k1' }));
    expect(media.data.map((a) => a.id)).toEqual([mp3.id]);
    expect((await read(await t.req('/v1/assets?domain=other', { key: 'k1' }))).total).toBe(0);
    const inGroup = await read(await t.req(`/v1/assets?group_id=${other}`, { key: 'k1' }));
    expect(inGroup.total).toBe(1);
    expect((await read(await t.req('/v1/assets?type=', { key: 'k1' }))).total).toBe(4);

    const page2 = await read(await t.req('/v1/assets?page=2&page_size=3', { key: 'k1' }));
    expect(page2).toMatchObject({ count: 1, total: 4, page: 2, page_size: 3 });
    expect(page2.data[0]!.id).toBe(png.id);
    expect((await read(await t.req('/v1/assets?page_size=1000', { key: 'k1' }))).page_size).toBe(100);
    const beyond = await read(await t.req('/v1/assets?page=99', { key: 'k1' }));
    expect(beyond).toMatchObject({ count: 0, total: 4, data: [] });

    // "Common values": an unknown filter value is a filter that matches nothing, not a 400.
    for (const q of ['type=sticker', 'status=done', 'status=archived&type=model3d']) {
      const res = await t.req(`/v1/assets?${q}`, { key: 'k1' });
      expect(res.status, q).toBe(200);
      expect(await read(res), q).toMatchObject({ object: 'list', data: [], count: 0, total: 0 });
    }
    for (const [q, param] of [
      ['type=' + 'x'.repeat(65), 'type'],
      ['page=0', 'page'],
      ['page=x', 'page'],
      ['page_size=0', 'page_size'],
    ]) {
      const res = await t.req(`/v1/assets?${q}`, { key: 'k1' });
      expect(res.status, q).toBe(400);
      expect((await read(res)).error.param).toBe(param);
    }
    expect((await t.req('/v1/assets?group_id=grp_nope', { key: 'k1' })).status).toBe(404);
  });

  it('finds an asset in its group; another group or the default group without group_id is 404', async () => {
    app();
    const other = await newGroup();
    const inOther = await register({ url: `${host.origin}/a.png`, group_id: other });
    const inDefault = await register({ url: `${host.origin}/b.png` });

    expect((await t.req(`/v1/assets/${inDefault.id}`, { key: 'k1' })).status).toBe(200);
    const detail = await t.req(`/v1/assets/${inOther.id}?group_id=${other}`, { key: 'k1' });
    expect(detail.status).toBe(200);
    expect(AssetSchema.parse(await detail.json()).id).toBe(inOther.id);

    const noGroup = await t.req(`/v1/assets/${inOther.id}`, { key: 'k1' });
    expect(noGroup.status).toBe(404);
    // Not-found says only what was asked for, never where the asset is (issue 44).
    expect((await read(noGroup)).error.message).not.toContain(other);
    expect((await t.req(`/v1/assets/${inDefault.id}?group_id=${other}`, { key: 'k1' })).status).toBe(404);
    expect((await t.req(`/v1/assets/${inDefault.id}?group_id=grp_nope`, { key: 'k1' })).status).toBe(404);
    expect((await t.req('/v1/assets/asset_doesnotexist', { key: 'k1' })).status).toBe(404);

    const compat = await t.req(`/api/asset/get?asset_id=${inOther.id}&group_id=${other}`, { key: 'k1' });
    const compatBody = (await compat.json()) as Asset;
    const v1Body = (await (
      await t.req(`/v1/assets/${inOther.id}?group_id=${other}`, { key: 'k1' })
    ).json()) as Asset;
    expect({ ...compatBody, request_id: '', trace_id: '' }).toEqual({
      ...v1Body,
      request_id: '',
      trace_id: '',
    });
    expect((await t.req(`/api/asset/get?asset_id=${inOther.id}`, { key: 'k1' })).status).toBe(404);
    const missingId = await t.req('/api/asset/get', { key: 'k1' });
    expect(missingId.status).toBe(400);
    expect((await read(missingId)).error.param).toBe('asset_id');
  });

  it('isolates assets between API keys', async () => {
    app();
    const mine = await register({ url: `${host.origin}/private.png` }, 'k1');
    expect((await t.req(`/v1/assets/${mine.id}`, { key: 'k2' })).status).toBe(404);
    expect((await t.req(`/api/asset/get?asset_id=${mine.id}`, { key: 'k2' })).status).toBe(404);
    expect((await read(await t.req('/v1/assets', { key: 'k2' }))).total).toBe(0);
    const group = await newGroup('k1');
    expect((await t.req(`/v1/assets?group_id=${group}`, { key: 'k2' })).status).toBe(404);
    const intoOthers = await t.req('/v1/assets/uploads', {
      key: 'k2',
      json: { url: `${host.origin}/x.png`, group_id: group },
    });
    expect(intoOthers.status).toBe(404);
  });
});

describe('malformed requests', () => {
  it('never answer 5xx', async () => {
    app();
    const bad = '%E0%A4%A';
    for (const p of [`/v1/assets/${bad}`, `/v1/assets?group_id=${bad}`, `/api/asset/get?asset_id=${bad}`]) {
      const res = await t.req(p, { key: 'k1' });
      expect(res.status, p).toBeGreaterThanOrEqual(400);
      expect(res.status, p).toBeLessThan(500);
    }
    // An undecodable filter value is a value like any other: it matches nothing.
    expect((await t.req(`/v1/assets?type=${bad}`, { key: 'k1' })).status).toBe(200);
    for (const body of [
      'null',
      '"x"',
      '{"url": null}',
      '{"url":"http://[::1/a"}',
      '{"url":"https://x.test/a.png","metadata":[1]}',
    ]) {
      const res = await t.req('/v1/assets/uploads', {
        key: 'k1',
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, body).toBe(400);
    }
  });
});
