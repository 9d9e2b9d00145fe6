import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 60_000;

export interface LocalServer {
  /** Origin the server listens on, e.g. http://127.0.0.1:41234. */
  url: string;
  dataDir: string;
  /** Stops the server (SIGTERM, or SIGKILL with `{ crash: true }`) and starts it again on the same DATA_DIR and port. */
  restart(options?: { crash?: boolean }): Promise<void>;
  stop(): Promise<void>;
}

export interface LocalServerOptions {
  /** The built dashboard; E2E_STATIC_DIR (set by the e2e global setup), else dist/. */
  staticDir?: string;
  /** A DATA_DIR prepared beforehand (a seeded database), kept at stop; by default a fresh one, removed. */
  dataDir?: string;
  env?: Record<string, string>;
}

function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts `server/main.ts` as a child process with its own DATA_DIR on a free port (PORT=0; the
 * port is read from the line the server prints), as `npm start` would run it, and waits for
 * /healthz. Errors and the last output lines are kept for the failure message.
 */
async function launch(
  opts: LocalServerOptions,
  dataDir: string,
  port: number,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: opts.staticDir ?? process.env.E2E_STATIC_DIR ?? path.join(ROOT, 'dist'),
      EMULATOR_SPEED: process.env.E2E_EMULATOR_SPEED ?? '20',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stderr!.on('data', (chunk: Buffer) => {
    keep(chunk);
    // Server errors reach the test report; request logs (stdout) do not.
    process.stderr.write(chunk);
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`local server did not start within ${START_TIMEOUT_MS} ms:\n${output}`));
    }, START_TIMEOUT_MS);
    child.stdout!.on('data', (chunk: Buffer) => {
      keep(chunk);
      const m = /listening on (http:\/\/[^\s]+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`local server exited (${code ?? signal}) before listening:\n${output}`));
    });
  });
  // Drain stdout so a chatty server never blocks on a full pipe.
  child.stdout!.removeAllListeners('data');
  child.stdout!.resume();
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not accepting yet
    }
    if (Date.now() > deadline) throw new Error(`local server at ${url} never answered /healthz`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, url };
}

/** The one way tests and benches start a real server (e2e specs through useOwnServer or the fixture). */
export async function startLocalServer(opts: LocalServerOptions = {}): Promise<LocalServer> {
  const ownsDataDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'media-studio-e2e-data-'));
  let { child, url } = await launch(opts, dataDir, 0);
  const port = Number(new URL(url).port);

  const stopChild = async (signal: NodeJS.Signals) => {
    const exited = waitForExit(child);
    child.kill(signal);
    await exited;
  };

  return {
    get url() {
      return url;
    },
    dataDir,
    async restart(options = {}) {
      await stopChild(options.crash ? 'SIGKILL' : 'SIGTERM');
      ({ child, url } = await launch(opts, dataDir, port));
    },
    async stop() {
      await stopChild('SIGTERM');
      if (ownsDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
