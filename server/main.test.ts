import { afterEach, describe, expect, it } from 'vitest';
import { ServerStartError, startServerProcess, type ServerProcess } from './test/server-process';

const servers: ServerProcess[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

/** Runs `server/main.ts` the way `npm run serve` does (bundled, decision 383), in a process of its own. */
async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess({ env });
  servers.push(server);
  return server;
}

/** A start that must fail: how the process exited and what it wrote. */
async function refused(env: Record<string, string>): Promise<ServerStartError> {
  const error = await startServerProcess({ env }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ServerStartError);
  return error as ServerStartError;
}

describe('server/main.ts', () => {
  it('prints its URL and the default key, answers /healthz, and exits 0 on SIGTERM', async () => {
    const server = await start({ PORT: '0', HOST: '127.0.0.1' });
    const url = server.url;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(url).not.toMatch(/:0$/);
    expect(server.stdout()).toContain('sk-local-dev');
    // Which ffmpeg renders is said at start: path, version and where it was found.
    expect(server.stdout()).toMatch(/^ {2}ffmpeg: \/\S+ \S+ \((on PATH|bundled|FFMPEG_PATH)\)$/m);
    expect(server.stdout()).toMatch(/^ {2}ffprobe: \/\S+ \S+ \(/m);

    const res = await fetch(`${url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    const api = await fetch(`${url}/v1/assets`);
    expect(api.status).toBe(401);

    expect(await server.kill('SIGTERM')).toEqual({ code: 0, signal: null });
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });

  // One process for both: a start costs about half a CPU-second, twice per CI.
  it('says which host names it answers to, warns when the rebinding check is off, exits 0 on SIGINT and never prints configured keys', async () => {
    const server = await start({
      PORT: '0',
      API_KEYS: 'sk-very-secret-1,sk-very-secret-2',
      ALLOWED_HOSTS: '*',
      TRUST_PROXY: 'loopback',
    });
    const url = server.url;
    expect(server.stdout()).toMatch(/ALLOWED_HOSTS=\* answers any Host name/);
    expect(server.stdout()).toMatch(/trusts X-Forwarded-Host\/-Proto from: loopback/);
    // The real server answers Node-level errors in the envelope too.
    const res = await fetch(`${url}/v1/assets?q=${'a'.repeat(17 * 1024)}`);
    expect(res.status).toBe(431);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('headers_too_large');
    expect(await server.kill('SIGINT')).toEqual({ code: 0, signal: null });
    const [stdout, stderr] = [server.stdout(), server.stderr()];
    expect(stdout + stderr).not.toContain('sk-very-secret');
    expect(stdout).toContain('2 configured');
  });

  it('exits 1 with a clear message on bad configuration', async () => {
    // Side by side: each start waits on its own process.
    const [server, ceiling] = await Promise.all([
      refused({ PORT: 'not-a-port' }),
      refused({ PORT: '0', FFMPEG_MEMORY_BYTES: '1g' }),
    ]);
    expect(server.exit?.code).toBe(1);
    expect(server.stderr).toMatch(/invalid configuration: PORT must be a whole number/);
    expect(ceiling.exit?.code).toBe(1);
    expect(ceiling.stderr).toMatch(
      /invalid configuration: FFMPEG_MEMORY_BYTES must be a whole number of bytes/,
    );
  });

  it.each([
    ['does not exist', '/nonexistent/ffmpeg', /FFMPEG_PATH=\/nonexistent\/ffmpeg does not exist/],
    ['is not ffmpeg', process.execPath, /FFMPEG_PATH=\S+ is not ffmpeg/],
  ])('refuses to start when FFMPEG_PATH %s, in one line', async (_, FFMPEG_PATH, message) => {
    const { exit, stdout, stderr } = await refused({ PORT: '0', FFMPEG_PATH });
    expect(exit?.code).toBe(1);
    expect(stdout).not.toContain('listening');
    expect(stderr).toMatch(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });

  it('exits 1 with a clear message when the port is taken', async () => {
    const first = await start({ PORT: '0' });
    const second = await refused({ PORT: new URL(first.url).port });
    expect(second.exit?.code).toBe(1);
    expect(second.stderr).toMatch(/already in use/);
    expect(await first.kill('SIGTERM')).toEqual({ code: 0, signal: null });
  });
});
