import type * as ChildProcess from 'node:child_process';
import fs from 'node:fs';
import type http from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startWorkers } from '../../create-context';
import { FFPROBE_PATH } from '../../media/probe';
import { fixture } from '../../test/test-media';
import { pollAsset, settled } from '../../test/asset-polling';
import { makeTestApp, type TestApp } from '../../test/helpers';
import { listenOnLoopback, type Listening } from '../../test/listen';
import { assetTempDir } from './asset-files';

// Every process the server starts is recorded, so that the test can read ffprobe's arguments.
const spawned = vi.hoisted(() => [] as Array<{ command: string; args: string[] }>);
vi.mock('node:child_process', async (importOriginal) => {
  const real = await importOriginal<typeof ChildProcess>();
  const spawn = (command: string, args: string[], ...rest: unknown[]) => {
    spawned.push({ command, args: [...args] });
    return (real.spawn as (...a: unknown[]) => ChildProcess.ChildProcess)(command, args, ...rest);
  };
  return { ...real, default: { ...real, spawn }, spawn };
});

/** An ffprobe run, started directly or under the memory ceiling's wrapper (decision 353). */
const isFfprobe = (s: { command: string; args: string[] }) =>
  s.command === FFPROBE_PATH || s.args.includes(FFPROBE_PATH);

const apps: TestApp[] = [];
const servers: Listening[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
  spawned.length = 0;
});

async function serve(handler: http.RequestListener): Promise<number> {
  const server = await listenOnLoopback(handler);
  servers.push(server);
  return server.port;
}

/** Bound to a network; the guard takes media.test for public and secret.test for private. */
function networkApp(): TestApp {
  const t = makeTestApp({
    env: { HOST: '0.0.0.0', EMULATOR_SPEED: '1000' },
    urlGuard: {
      resolve: async (host) => [{ address: host === 'secret.test' ? '10.0.0.5' : '127.0.0.1', family: 4 }],
      isBlocked: (ip) => ip === '10.0.0.5',
    },
  });
  apps.push(t);
  startWorkers(t.ctx);
  return t;
}

async function register(t: TestApp, url: string): Promise<{ id: string; group_id: string }> {
  const res = await t.req('/v1/assets/uploads', {
    json: { url, model: 'video-2.0-cl', mode: 'asset', type: 'audio' },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { id: string; group_id: string };
}

describe('a mode=asset source off loopback is probed from a guarded copy (decision 098)', () => {
  it('reads the duration without ffprobe touching the network, and removes the copy', async () => {
    const mp3 = fs.readFileSync(fixture('sample.mp3'));
    const port = await serve((_req, res) =>
      res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': mp3.length }).end(mp3),
    );
    const t = networkApp();
    const created = await register(t, `http://media.test:${port}/voice.mp3`);
    const { asset } = await pollAsset(t, created, settled, { timeoutMs: 30_000 });
    expect(asset.status, JSON.stringify(asset)).toBe('ready');
    expect((asset as { duration?: number }).duration).toBeGreaterThan(0);
    const probes = spawned.filter(isFfprobe);
    expect(probes.length).toBeGreaterThanOrEqual(1);
    for (const { args } of probes) {
      expect(args.join(' ')).not.toMatch(/https?:/i);
      expect(args).toContain('-protocol_whitelist');
    }
    expect(fs.existsSync(assetTempDir(t.ctx)) ? fs.readdirSync(assetTempDir(t.ctx)) : []).toEqual([]);
  }, 40_000);

  it('fails the asset when its source later redirects to a private address, fetching nothing there', async () => {
    let secretHits = 0;
    const secretPort = await serve((_req, res) => {
      secretHits++;
      res.end('secret');
    });
    // Registration's HEAD sees a public answer; the download that follows is redirected.
    const port = await serve((req, res) => {
      if (req.method === 'HEAD') return res.writeHead(200, { 'content-type': 'audio/mpeg' }).end();
      res.writeHead(302, { location: `http://secret.test:${secretPort}/meta-data` }).end();
    });
    const t = networkApp();
    const created = await register(t, `http://media.test:${port}/voice.mp3`);
    const { asset } = await pollAsset(t, created, settled, { timeoutMs: 30_000 });
    expect(asset.status).toBe('failed');
    expect(JSON.stringify(asset)).toMatch(/secret\.test:\d+ resolves to 10\.0\.0\.5/);
    expect(secretHits).toBe(0);
    expect(spawned.filter(isFfprobe)).toEqual([]);
  }, 40_000);
});
