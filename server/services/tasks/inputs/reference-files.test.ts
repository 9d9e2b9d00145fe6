import type * as ChildProcess from 'node:child_process';
import fs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startWorkers } from '../../../create-context';
import { FFMPEG_PATH } from '../../../media/ffmpeg';
import { fixture } from '../../../test/test-media';
import { makeTestApp, type TestApp } from '../../../test/helpers';
import { closedPort, listenOnLoopback, type Listening } from '../../../test/listen';
import { isTerminal, pollTask } from '../../../test/task-fixtures';
import { taskTempDir } from '../runner/runner';

// Every process the server starts is recorded, so that the test can read ffmpeg's arguments.
const spawned = vi.hoisted(() => [] as Array<{ command: string; args: string[] }>);
vi.mock('node:child_process', async (importOriginal) => {
  const real = await importOriginal<typeof ChildProcess>();
  const spawn = (command: string, args: string[], ...rest: unknown[]) => {
    spawned.push({ command, args: [...args] });
    return (real.spawn as (...a: unknown[]) => ChildProcess.ChildProcess)(command, args, ...rest);
  };
  return { ...real, default: { ...real, spawn }, spawn };
});

/** An ffmpeg run, started directly or under the memory ceiling's wrapper (decision 353). */
const isFfmpeg = (s: { command: string; args: string[] }) =>
  s.command === FFMPEG_PATH || s.args.includes(FFMPEG_PATH);

const apps: TestApp[] = [];
const servers: Listening[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
  spawned.length = 0;
});

/** Serves the PNG fixture on 127.0.0.1 and counts the requests for each path. */
async function mediaHost(): Promise<{ port: number; hits: Map<string, number> }> {
  const png = fs.readFileSync(fixture('sample.png'));
  const hits = new Map<string, number>();
  const server = await listenOnLoopback((req, res) => {
    hits.set(req.url ?? '', (hits.get(req.url ?? '') ?? 0) + 1);
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length }).end(png);
  });
  servers.push(server);
  return { port: server.port, hits };
}

/** A server bound to a network whose guard takes media.test for public and secret.test for private. */
function networkApp(): TestApp {
  const t = makeTestApp({
    env: { HOST: '0.0.0.0', API_KEYS: 'sk-net', EMULATOR_SPEED: '1000' },
    urlGuard: {
      resolve: async (hostname) => [
        { address: hostname === 'secret.test' ? '10.0.0.5' : '127.0.0.1', family: 4 },
      ],
      isBlocked: (ip) => ip === '10.0.0.5',
    },
  });
  apps.push(t);
  startWorkers(t.ctx);
  return t;
}

async function createVideo(t: TestApp, media: Record<string, unknown>): Promise<string> {
  const res = await t.req('/v1/videos', {
    key: 'sk-net',
    json: {
      model: 'video-2.0-cl',
      prompt: 'A lighthouse with @logo',
      duration: 4,
      resolution: '480p',
      ...media,
    },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

const logo = (url: string) => ({ references: [{ role: 'reference_image', url, alias: 'logo' }] });

describe('task references reach ffmpeg as local files (decision 098)', { timeout: 90_000 }, () => {
  it('fetches a reference URL once through the guard, gives ffmpeg no URL, and removes the copy', async () => {
    const { port, hits } = await mediaHost();
    const t = networkApp();
    const url = `http://media.test:${port}/frame.png?token=abc`;
    const id = await createVideo(t, { first_frame_url: url, ...logo(url) });
    const { task } = await pollTask(t, id, isTerminal, { key: 'sk-net', timeoutMs: 80_000 });
    expect(task.status, JSON.stringify(task.error)).toBe('succeeded');
    // Used twice in the request, fetched once, by the server (not by ffmpeg: it has no resolver for media.test).
    expect(hits).toEqual(new Map([['/frame.png?token=abc', 1]]));
    const runs = spawned.filter(isFfmpeg);
    expect(runs.length).toBeGreaterThanOrEqual(3);
    for (const { args } of runs) {
      expect(args.join(' ')).not.toMatch(/https?:/i);
      args.forEach((arg, i) => {
        // The file protocol alone for user media, pipes too for the server's own lavfi graphs (decision 353).
        if (arg === '-i')
          expect(args.slice(i - 2, i).join(' ')).toMatch(/^-protocol_whitelist file(,pipe)?$/);
      });
    }
    const left = fs.existsSync(taskTempDir(t.ctx)) ? fs.readdirSync(taskTempDir(t.ctx)) : [];
    expect(left.filter((f) => f.endsWith('.png'))).toEqual([]);
  });

  it('refuses a reference that redirects to a private address before ffmpeg runs', async () => {
    const { port, hits } = await mediaHost();
    const redirect = await listenOnLoopback((_req, res) =>
      res.writeHead(302, { location: `http://secret.test:${port}/meta-data.png` }).end(),
    );
    servers.push(redirect);
    const t = networkApp();
    const from = `http://media.test:${redirect.port}/go.png`;
    const id = await createVideo(t, logo(from));
    const { task } = await pollTask(t, id, isTerminal, { key: 'sk-net', timeoutMs: 80_000 });
    expect(task.status).toBe('failed');
    expect(task.error).toMatchObject({
      code: 'input_unavailable',
      message: expect.stringMatching(/secret\.test:\d+ resolves to 10\.0\.0\.5.*ALLOW_PRIVATE_URLS=1/),
    });
    expect(hits.size).toBe(0);
    expect(spawned.filter(isFfmpeg)).toEqual([]);
  });

  it('names a reference that cannot be fetched, without its query string', async () => {
    const t = networkApp();
    const port = await closedPort();
    const id = await createVideo(t, logo(`http://media.test:${port}/gone.png?sig=s3cr3t`));
    const { task } = await pollTask(t, id, isTerminal, { key: 'sk-net', timeoutMs: 80_000 });
    expect(task.error).toMatchObject({
      code: 'input_unreadable',
      message: expect.stringContaining(
        `The reference image http://media.test:${port}/gone.png could not be fetched`,
      ),
    });
    // The request's own URL is echoed in input_references; the failure never repeats its query.
    expect(`${task.error?.message} ${String(task.fail_reason)}`).not.toContain('s3cr3t');
  });
});
