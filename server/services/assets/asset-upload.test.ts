import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Asset, AssetSchema } from '@contract/asset-schemas';
import { startWorkers } from '../../create-context';
import { pollAsset, settled } from '../../test/asset-polling';
import { makeTestApp, type TestApp } from '../../test/helpers';

const FIXTURES = path.resolve('e2e/fixtures');
let t: TestApp;
afterEach(() => t?.close());

function form(
  fields: Record<string, string>,
  file?: { name: string; type: string; bytes: Buffer },
): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  if (file) f.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return f;
}

const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));
const upload = (body: FormData, key?: string) =>
  t.req('/v1/assets/uploads', { method: 'POST', body, ...(key ? { key } : {}) });

/** Every file below DATA_DIR/files and DATA_DIR/tmp, to prove nothing partial is left. */
function storedFiles(): string[] {
  const roots = ['files', 'tmp'].map((d) => path.join(t.dataDir, d)).filter((d) => fs.existsSync(d));
  return roots.flatMap((root) =>
    (fs.readdirSync(root, { recursive: true }) as string[]).filter((p) =>
      fs.statSync(path.join(root, p)).isFile(),
    ),
  );
}

/**
 * The temp file of a refused upload is removed once its write stream has closed, which can be after
 * the answer: wait for that, bounded, instead of sleeping and hoping it was enough.
 */
const expectNothingStored = () =>
  vi.waitFor(() => expect(storedFiles()).toEqual([]), { timeout: 5_000, interval: 10 });

describe('POST /v1/assets/uploads (multipart)', () => {
  it('streams the file to DATA_DIR, serves it under /files/ and reads the real duration', async () => {
    t = makeTestApp({ env: { EMULATOR_SPEED: '100' } });
    startWorkers(t.ctx);
    const res = await upload(
      form(
        { type: 'video', purpose: 'reference_video', role: 'reference_video', model: 'video-2.0-cl' },
        {
          name: 'My Clip (final).mp4',
          type: 'video/mp4',
          bytes: fixture('sample.mp4'),
        },
      ),
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const asset = AssetSchema.parse(await res.json());
    expect(asset).toMatchObject({
      type: 'video',
      asset_type: 'video',
      name: 'My Clip (final).mp4',
      content_type: 'video/mp4',
      size: 90037,
      source_url: '',
      mode: 'oss',
      purpose: 'reference_video',
      role: 'reference_video',
      group_id: 'grp_default',
      status: 'created',
    });
    expect(asset.url).toMatch(
      new RegExp(`^http://localhost/files/[0-9a-f]+/${asset.id}/My_Clip_final_\\.mp4$`),
    );
    expect(asset.oss_url).toBe(asset.url);
    const stored = path.join(t.dataDir, 'files', ...new URL(asset.url).pathname.split('/').slice(2));
    expect(fs.readFileSync(stored).equals(fixture('sample.mp4'))).toBe(true);

    const ready = (await pollAsset(t, asset, settled)).asset;
    expect(ready.status).toBe('ready');
    expect(ready.duration).toBeCloseTo(2.0, 1);
    const served = await t.req(new URL(asset.url).pathname, { key: null });
    expect(served.headers.get('content-type')).toBe('video/mp4');
  });

  it('infers the type from the part MIME type, then from the extension', async () => {
    t = makeTestApp({ env: { EMULATOR_SPEED: '100' } });
    startWorkers(t.ctx);
    const byMime = (await (
      await upload(form({}, { name: 'voice', type: 'audio/mpeg', bytes: fixture('sample.mp3') }))
    ).json()) as Asset;
    expect(byMime).toMatchObject({ type: 'audio', content_type: 'audio/mpeg' });
    expect(byMime.url).toMatch(/\/voice\.mp3$/);
    const byExt = (await (
      await upload(
        form({}, { name: 'photo.png', type: 'application/octet-stream', bytes: fixture('sample.png') }),
      )
    ).json()) as Asset;
    expect(byExt).toMatchObject({ type: 'image', content_type: 'image/png' });
    const audio = (await pollAsset(t, byMime, settled)).asset;
    expect(audio.duration).toBeCloseTo(2.04, 1);
  });

  it('fails (not 500) a file that is not readable as the declared video', async () => {
    t = makeTestApp({ env: { EMULATOR_SPEED: '100' } });
    startWorkers(t.ctx);
    const res = await upload(
      form(
        { type: 'video' },
        { name: 'fake.mp4', type: 'video/mp4', bytes: Buffer.from('not a video at all') },
      ),
    );
    expect(res.status).toBe(200);
    const asset = (await pollAsset(t, (await res.json()) as Asset, settled)).asset;
    expect(asset).toMatchObject({ status: 'failed', preparation_status: 'failed', generation_ready: false });
    expect(asset.sync_error).toMatch(/could not be read as video/);
  });

  it('applies `reject` from the file name', async () => {
    t = makeTestApp({ env: { EMULATOR_SPEED: '100' } });
    startWorkers(t.ctx);
    const res = await upload(
      form({}, { name: 'reject.png', type: 'image/png', bytes: fixture('sample.png') }),
    );
    const asset = (await pollAsset(t, (await res.json()) as Asset, settled)).asset;
    expect(asset).toMatchObject({ status: 'failed', review_status: 'succeeded', review_passed: true });
  });

  it('answers 413 past MAX_UPLOAD_BYTES and leaves no file behind', async () => {
    t = makeTestApp({ env: { MAX_UPLOAD_BYTES: '20000' } });
    const res = await upload(
      form({ type: 'video' }, { name: 'big.mp4', type: 'video/mp4', bytes: fixture('sample.mp4') }),
    );
    expect(res.status).toBe(413);
    const body = (await res.json()) as { error: { message: string; type: string } };
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toMatch(/20000 bytes/);
    await expectNothingStored();
    expect((await (await t.req('/v1/assets')).json()) as { total: number }).toMatchObject({ total: 0 });
    const small = await upload(form({}, { name: 'ok.png', type: 'image/png', bytes: fixture('sample.png') }));
    expect(small.status).toBe(200);
  });

  it('answers 400/404 for a missing file, bad fields or a wrong group, and removes the upload', async () => {
    t = makeTestApp({ env: { API_KEYS: 'k1,k2' } });
    const png = { name: 'a.png', type: 'image/png', bytes: fixture('sample.png') };
    const noFile = await upload(form({ type: 'image' }), 'k1');
    expect(noFile.status).toBe(400);
    expect(((await noFile.json()) as { error: { message: string } }).error.message).toBe(
      'multipart field `file` is required',
    );
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ type: 'x'.repeat(65) }, 400, 'type'],
      [{ type: 'video' }, 400, 'type'],
      [{ model: 'no such model!' }, 400, 'model'],
      [{ group_id: 'grp_missing' }, 404, 'group_id'],
    ];
    for (const [fields, status, param] of cases) {
      const res = await upload(form(fields, png), 'k1');
      expect(res.status, JSON.stringify(fields)).toBe(status);
      expect(((await res.json()) as { error: { param: string } }).error.param).toBe(param);
    }
    // The form is judged at the route, file first: an empty file is refused before the group is looked up.
    const empty = await upload(form({ group_id: 'grp_missing' }, { ...png, bytes: Buffer.alloc(0) }), 'k1');
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      error: { param: 'file', code: 'empty_file', message: expect.stringContaining('choose a file') },
    });
    const twoFiles = form({}, png);
    twoFiles.append('file', new Blob([new Uint8Array(png.bytes)], { type: 'image/png' }), 'b.png');
    expect((await upload(twoFiles, 'k1')).status).toBe(400);
    const broken = await t.req('/v1/assets/uploads', {
      key: 'k1',
      method: 'POST',
      body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(broken.status).toBe(400);
    const noBoundary = await t.req('/v1/assets/uploads', {
      key: 'k1',
      method: 'POST',
      body: 'abc',
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(noBoundary.status).toBe(400);
    await expectNothingStored();

    const group = (await (await t.req('/v1/asset-groups', { key: 'k1', json: { name: 'G' } })).json()) as {
      id: string;
    };
    expect((await upload(form({ group_id: group.id }, png), 'k2')).status).toBe(404);
    const ok = await upload(form({ group_id: group.id, name: 'Named' }, png), 'k1');
    expect(await ok.json()).toMatchObject({ group_id: group.id, name: 'Named' });
  });
});
