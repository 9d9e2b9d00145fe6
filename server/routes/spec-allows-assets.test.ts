import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Asset } from '@contract/asset-schemas';
import { NAME_MAX } from '@contract/text-bounds';
import { startWorkers } from '../create-context';
import { pollAsset, settled } from '../test/asset-polling';
import { type FixtureHost, startFixtureHost } from '../test/fixture-host';
import { seedDigitalHumanAsset } from '../test/generic-task-fixtures';
import { DEFAULT_API_KEY } from '../config';
import { makeTestApp, type TestApp } from '../test/helpers';

/**
 * Issue 44, point 1, the rows on asset types, names and the music prompt: the specification's
 * "common values" of `type` are not a closed list, and it sets no length on names or prompts.
 * Each was a 400 before (decision 377; the README lists the bound this server keeps on names).
 */

// The helpers' own key: pollAsset reads with it.
const A = DEFAULT_API_KEY;
let host: FixtureHost;
let t: TestApp;
beforeAll(async () => {
  host = await startFixtureHost();
});
afterAll(() => host.close());
afterEach(() => t?.close());

type Json = Record<string, unknown> & { error?: { message: string; param?: string } };

async function post(
  path: string,
  init: { json?: unknown; body?: FormData },
): Promise<{ status: number; body: Json }> {
  const res = await t.req(path, {
    key: A,
    ...(init.body ? { method: 'POST', body: init.body } : { json: init.json }),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

function pdfForm(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  const bytes = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  f.append('file', new Blob([bytes], { type: 'application/pdf' }), 'brief.pdf');
  return f;
}

describe('asset type beyond the common values (issue 44, point 1)', () => {
  it('type=document on upload becomes an asset of that type, prepared as a plain file and ready', async () => {
    t = makeTestApp({ env: { EMULATOR_SPEED: '100' } });
    startWorkers(t.ctx);
    const r = await post('/v1/assets/uploads', { body: pdfForm({ type: 'document', purpose: 'brief' }) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      type: 'document',
      asset_type: 'document',
      content_type: 'application/pdf',
    });
    const { asset } = await pollAsset(t, r.body as unknown as Asset, settled, { timeoutMs: 10_000 });
    // No media probe: a PDF is not media, and nothing here claims it is.
    expect(asset).toMatchObject({
      status: 'ready',
      preparation_status: 'ready',
      type: 'document',
      duration: 0,
    });
    expect(asset.sync_error).toBeUndefined();
    const list = await t.req('/v1/assets?type=document', { key: A });
    expect(((await list.json()) as { data: Asset[] }).data.map((a) => a.id)).toEqual([asset.id]);
  });

  it('type=document (and any other text) on URL registration is kept as given', async () => {
    t = makeTestApp();
    for (const type of ['document', 'model3d']) {
      const r = await post('/v1/assets/uploads', { json: { url: `${host.origin}/sample.mp3`, type } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ type, asset_type: type });
    }
    // A common value in another case is that value, still checked against the content.
    const r = await post('/v1/assets/uploads', { json: { url: `${host.origin}/sample.png`, type: 'IMAGE' } });
    expect(r.body).toMatchObject({ type: 'image' });
    const wrong = await post('/v1/assets/uploads', {
      json: { url: `${host.origin}/sample.png`, type: 'Video' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ param: 'type' });
  });
});

describe('names and the music prompt have no bound of the specification (issue 44, point 1)', () => {
  it('an asset name of 1,000 characters (was 200); past this server’s own bound, a 400 naming name', async () => {
    t = makeTestApp();
    const url = `${host.origin}/sample.png`;
    const ok = await post('/v1/assets/uploads', { json: { url, name: 'n'.repeat(NAME_MAX) } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(String(ok.body.name)).toHaveLength(NAME_MAX);
    const over = await post('/v1/assets/uploads', { json: { url, name: 'n'.repeat(NAME_MAX + 1) } });
    expect(over.status).toBe(400);
    expect(over.body.error).toMatchObject({ param: 'name' });
  });

  it('a group name of 1,000 characters (was 100), on create and on PATCH', async () => {
    t = makeTestApp();
    const created = await post('/v1/asset-groups', { json: { name: 'g'.repeat(NAME_MAX) } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const res = await t.req(`/v1/asset-groups/${String(created.body.id)}`, {
      key: A,
      method: 'PATCH',
      json: { name: 'h'.repeat(NAME_MAX) },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Json).name).toBe('h'.repeat(NAME_MAX));
  });

  it('a digital-human task name of 1,000 characters (was 200)', async () => {
    const key = 'sk-test-dh';
    t = makeTestApp({ env: { API_KEYS: key } });
    const avatar = seedDigitalHumanAsset(t.ctx, key, 'avatar');
    const res = await t.req('/v1/tasks', {
      key,
      json: {
        model: 'digital-human-video-v8',
        avatar_asset_id: avatar,
        audio_url: 'https://example.com/speech.mp3',
        name: 'p'.repeat(NAME_MAX),
      },
    });
    expect(res.status, await res.text()).toBe(200);
  });

  it('a music prompt of 20,000 characters (was 3,000)', async () => {
    t = makeTestApp();
    const r = await post('/v1/tasks', {
      json: { model: 'music-v5.5', prompt: 'calm piano, '.repeat(1_700) },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });
});
