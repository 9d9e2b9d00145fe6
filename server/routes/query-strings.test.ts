import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../test/helpers';

// Query strings come in at one edge, like JSON bodies: validQuery with a contract schema
// (contract/query-schemas.ts, contract/pagination.ts). A bad one is the JSON error envelope, a 400
// naming the parameter and what to send, never a 5xx.

let t: TestApp;
afterEach(() => t?.close());
const app = () => (t = makeTestApp({ env: { API_KEYS: 'k1' } }));

async function refusal(url: string) {
  const res = await t.req(url, { key: 'k1' });
  const body = (await res.json()) as {
    error: { message: string; type: string; param?: string };
    request_id?: string;
  };
  return { status: res.status, ...body.error, request_id: body.request_id };
}

describe('bad query strings: 400 with the envelope, naming the parameter', () => {
  it.each([
    ['/v1/assets?page=abc', 'page', /page must be a whole number of 1 or more/],
    ['/v1/assets?page=0', 'page', /page must be a whole number of 1 or more/],
    ['/v1/assets?page=99999999999999999999', 'page', /page must be at most/],
    ['/v1/assets?page_size=1e2', 'page_size', /page_size must be a whole number from 1 to 100/],
    ['/v1/assets?page_size=-5', 'page_size', /page_size must be a whole number from 1 to 100/],
    ['/v1/assets?page=x&page=1', 'page', /page must be a whole number/],
    [`/v1/assets?status=${'s'.repeat(65)}`, 'status', /status must be at most 64 characters/],
    [`/v1/assets?type=${'t'.repeat(65)}`, 'type', /type must be at most 64 characters/],
    ['/v1/asset-groups?page=abc', 'page', /page must be a whole number of 1 or more/],
    ['/v1/asset-groups?page_size=0', 'page_size', /page_size must be a whole number from 1 to 100/],
    ['/api/asset/get', 'asset_id', /asset_id is required: GET \/api\/asset\/get\?asset_id=/],
    ['/api/asset/get?asset_id=%20%20', 'asset_id', /asset_id is required/],
    ['/api/asset/get?group_id=grp_default', 'asset_id', /asset_id is required/],
  ])('%s', async (url, param, message) => {
    app();
    const error = await refusal(url);
    expect(error).toMatchObject({ status: 400, type: 'invalid_request_error', param });
    expect(error.message).toMatch(message);
    expect(error.request_id).toMatch(/^req_/);
  });
});

describe('what a query string may leave out or leave empty', () => {
  it('reads empty parameters as not given and applies the defaults (a form left on "All")', async () => {
    app();
    const res = await t.req('/v1/assets?type=&status=&group_id=&page=&page_size=', { key: 'k1' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ object: 'list', page: 1, page_size: 20 });
    const groups = await t.req('/v1/asset-groups?page=%20&page_size=', { key: 'k1' });
    expect(await groups.json()).toMatchObject({ object: 'list', page: 1, page_size: 20 });
  });

  it('caps page_size at 100 and takes the first of a repeated parameter', async () => {
    app();
    expect(await (await t.req('/v1/assets?page_size=5000', { key: 'k1' })).json()).toMatchObject({
      page_size: 100,
    });
    expect(await (await t.req('/v1/assets?page=2&page=x', { key: 'k1' })).json()).toMatchObject({ page: 2 });
  });

  it('answers a detail with an empty group_id from the default group, and odd bytes as not found', async () => {
    app();
    const error = await refusal('/v1/assets/asset_none?group_id=');
    expect(error).toMatchObject({ status: 404 });
    expect(error.message).toContain('default group');
    expect((await refusal('/api/asset/get?asset_id=%FF')).status).toBe(404);
    expect((await t.req('/v1/assets?type=%E0%A4%A', { key: 'k1' })).status).toBe(200);
  });
});

describe('the one edge', () => {
  it('no route reads a query string outside validQuery or judges input with parseOrThrow', () => {
    const dir = path.dirname(new URL(import.meta.url).pathname);
    const offenders = fs
      .readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .filter((f) => /parseOrThrow|c\.req\.quer(y|ies)\(/.test(fs.readFileSync(path.join(dir, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});

describe('GET /v1/responses/{id}/input_items', () => {
  /** A stored response that answered 30 messages, for pages of every size. */
  async function storedResponse(): Promise<string> {
    const input = Array.from({ length: 30 }, (_, i) => ({ role: 'user', content: `message ${i}` }));
    const res = await t.req('/v1/responses', { key: 'k1', json: { model: 'service-chat', input } });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { id: string }).id;
  }
  const page = async (url: string) =>
    (await (await t.req(url, { key: 'k1' })).json()) as { data: unknown[]; has_more: boolean };

  it('reads an empty limit as not given, like page and page_size: the default of 20', async () => {
    app();
    const id = await storedResponse();
    for (const query of ['', '?limit=', '?limit=%20', '?limit=&order=&after=']) {
      expect(await page(`/v1/responses/${id}/input_items${query}`), query).toMatchObject({
        data: { length: 20 },
        has_more: true,
      });
    }
    expect((await page(`/v1/responses/${id}/input_items?limit=100`)).data).toHaveLength(30);
  });

  it.each(['abc', '0', '101', '2.5'])('refuses limit=%s with a 400 saying the range', async (limit) => {
    app();
    const id = await storedResponse();
    expect(await refusal(`/v1/responses/${id}/input_items?limit=${limit}`)).toMatchObject({
      status: 400,
      param: 'limit',
      message: 'limit must be a whole number from 1 to 100.',
    });
  });
});
