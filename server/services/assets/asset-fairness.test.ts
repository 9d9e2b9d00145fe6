import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Asset } from '@contract/asset-schemas';
import { startWorkers } from '../../create-context';
import { makeTestApp, type TestApp } from '../../test/helpers';
import { listenOnLoopback, type Listening } from '../../test/listen';
import { downloadTo, SourceUnreachableError } from './asset-source';
import { MAX_WORK_PER_OWNER } from './asset-worker';

const PNG = fs.readFileSync(path.resolve('e2e/fixtures/sample.png'));

/**
 * A file host for hostile sources: HEAD answers at once (so registration is quick), a GET of a
 * `trickle` path sends headers and one byte, then holds the connection; other paths serve a PNG.
 */
let origin: string;
let server: Listening;
const trickling = new Set<http.ServerResponse>();
let trickleGets = 0;

beforeAll(async () => {
  server = await listenOnLoopback((req, res) => {
    const headers = { 'content-type': 'image/png', 'content-length': PNG.length };
    if (req.method === 'HEAD') return void res.writeHead(200, headers).end();
    if (req.url?.includes('trickle')) {
      trickleGets++;
      trickling.add(res);
      res.writeHead(200, headers);
      res.write(PNG.subarray(0, 1));
      return;
    }
    if (req.url?.includes('huge'))
      return void res.writeHead(200, { ...headers, 'content-length': 10 ** 9 }).end();
    res.writeHead(200, headers).end(PNG);
  });
  origin = server.origin;
});
afterAll(async () => {
  for (const res of trickling) res.destroy();
  await server.close();
});

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  for (const res of trickling) res.destroy();
  trickling.clear();
  // Each test counts its own stalled downloads (the deadline test also fetches a trickle path).
  trickleGets = 0;
});

async function register(key: string, url: string): Promise<Asset> {
  const res = await t!.req('/v1/assets/uploads', { key, json: { url, mode: 'oss' } });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Asset;
}

async function status(key: string, id: string): Promise<string> {
  const res = await t!.req(`/v1/assets/${id}`, { key });
  return ((await res.json()) as Asset).status;
}

describe('fair preparation between keys', () => {
  it("one key's stalled downloads cannot hold back another key's asset", async () => {
    t = makeTestApp({ env: { EMULATOR_SPEED: '50', API_KEYS: 'sk-hog,sk-other' } });
    startWorkers(t.ctx);
    const hogs = [];
    for (let i = 0; i < 6; i++) hogs.push(await register('sk-hog', `${origin}/trickle-${i}.png`));
    const started = Date.now();
    while (trickleGets < MAX_WORK_PER_OWNER) {
      if (Date.now() - started > 5_000) throw new Error(`only ${trickleGets} downloads started`);
      await new Promise((r) => setTimeout(r, 10));
    }
    const mine = await register('sk-other', `${origin}/mine.png`);
    // At speed 50 an image is ready 60 ms after creation; allow a loaded machine plenty, far under
    // the 30 s a stalled download is given.
    const deadline = Date.now() + 5_000;
    let seen = await status('sk-other', mine.id);
    while (seen !== 'ready' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      seen = await status('sk-other', mine.id);
    }
    expect(seen).toBe('ready');
    // The hog never got more than its share: one slot always stayed free.
    expect(trickleGets).toBe(MAX_WORK_PER_OWNER);
    for (const hog of hogs) expect(await status('sk-hog', hog.id)).toBe('syncing');
  });
});

describe('downloadTo limits', () => {
  const dest = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ms-dl-')), 'file.part');

  it('gives up at the overall deadline even while bytes keep coming', async () => {
    const started = Date.now();
    const err = await downloadTo(`${origin}/trickle-deadline.png`, dest(), {
      maxBytes: 10 ** 9,
      signal: new AbortController().signal,
      deadlineMs: 300,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SourceUnreachableError);
    expect((err as Error).message).toMatch(/did not finish within 300 ms/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses a declared size over the cap before reading the body', async () => {
    const err = await downloadTo(`${origin}/huge.png`, dest(), {
      maxBytes: 1024,
      signal: new AbortController().signal,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SourceUnreachableError);
    expect((err as Error).message).toMatch(/larger than 1024 bytes, the limit set by MAX_UPLOAD_BYTES/);
  });
});
