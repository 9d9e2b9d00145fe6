import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs `server/main.ts` the way `npm run serve` does (tsx), in a process of its own. */
function start(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-studio-main-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, STATIC_DIR: path.join(dataDir, 'no-dist'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    const check = () => {
      const url = stdout.match(/Media Studio listening on (http:\/\/\S+)/)?.[1];
      if (url) resolve(url);
    };
    child.stdout!.on('data', check);
    void exited.then((code) => reject(new Error(`exited with ${code} before listening: ${stderr}`)));
  });
  // Tests that expect a failed start never await `listening`.
  listening.catch(() => undefined);
  return { child, exited, listening, output: () => ({ stdout, stderr }) };
}

describe('server/main.ts', () => {
  it('prints its URL and the default key, answers /healthz, and exits 0 on SIGTERM', async () => {
    const server = start({ PORT: '0', HOST: '127.0.0.1' });
    const url = await server.listening;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(url).not.toMatch(/:0$/);
    expect(server.output().stdout).toContain('sk-local-dev');
    // Which ffmpeg renders is said at start: path, version and where it was found.
    expect(server.output().stdout).toMatch(/^ {2}ffmpeg: \/\S+ \S+ \((on PATH|bundled|FFMPEG_PATH)\)$/m);
    expect(server.output().stdout).toMatch(/^ {2}ffprobe: \/\S+ \S+ \(/m);

    const res = await fetch(`${url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    const api = await fetch(`${url}/v1/assets`);
    expect(api.status).toBe(401);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });

  it('exits 0 on SIGINT and never prints configured keys', async () => {
    const server = start({ PORT: '0', API_KEYS: 'sk-very-secret-1,sk-very-secret-2' });
    await server.listening;
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
    const { stdout, stderr } = server.output();
    expect(stdout + stderr).not.toContain('sk-very-secret');
    expect(stdout).toContain('2 configured');
  });

  it('says which host names it answers to, and warns when the rebinding check is off', async () => {
    const server = start({ PORT: '0', ALLOWED_HOSTS: '*', TRUST_PROXY: 'loopback' });
    const url = await server.listening;
    expect(server.output().stdout).toMatch(/ALLOWED_HOSTS=\* answers any Host name/);
    expect(server.output().stdout).toMatch(/trusts X-Forwarded-Host\/-Proto from: loopback/);
    // The real server answers Node-level errors in the envelope too.
    const res = await fetch(`${url}/v1/assets?q=${'a'.repeat(17 * 1024)}`);
    expect(res.status).toBe(431);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('headers_too_large');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('exits 1 with a clear message on bad configuration', async () => {
    const server = start({ PORT: 'not-a-port' });
    expect(await server.exited).toBe(1);
    expect(server.output().stderr).toMatch(/invalid configuration: PORT must be a whole number/);
  });

  it.each([
    ['does not exist', '/nonexistent/ffmpeg', /FFMPEG_PATH=\/nonexistent\/ffmpeg does not exist/],
    ['is not ffmpeg', process.execPath, /FFMPEG_PATH=\S+ is not ffmpeg/],
  ])('refuses to start when FFMPEG_PATH %s, in one line', async (_, FFMPEG_PATH, message) => {
    const server = start({ PORT: '0', FFMPEG_PATH });
    expect(await server.exited).toBe(1);
    const { stdout, stderr } = server.output();
    expect(stdout).not.toContain('listening');
    expect(stderr).toMatch(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });

  it('exits 1 with a clear message when the port is taken', async () => {
    const first = start({ PORT: '0' });
    const url = await first.listening;
    const second = start({ PORT: new URL(url).port });
    expect(await second.exited).toBe(1);
    expect(second.output().stderr).toMatch(/already in use/);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  });
});
