import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testServerBundle } from '../../scripts/server-bundle.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 60_000;
/** Each stream keeps its last this many characters: an e2e worker's server logs every request. */
const KEEP_CHARS = 2_000_000;

export interface ServerProcessOptions {
  /** Added to (and overriding) the defaults below and the test's own environment. */
  env?: Record<string, string>;
  /** A DATA_DIR prepared beforehand (a seeded database), kept at stop; by default a fresh one, removed. */
  dataDir?: string;
  /** STATIC_DIR, the built dashboard; by default none (a folder that does not exist). */
  staticDir?: string;
  /** Also write the server's stderr to this process's stderr (so server errors reach a test report). */
  echoStderr?: boolean;
  /**
   * The process's limit of open files (`ulimit -n`, soft and hard, so Node cannot raise it): a test
   * of what exhausts descriptors then needs hundreds of connections, not tens of thousands.
   */
  fileLimit?: number;
}

export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  /** The origin the server printed, e.g. http://127.0.0.1:41234; changes only if a restart moves port. */
  readonly url: string;
  readonly pid: number;
  readonly dataDir: string;
  /** What the running process wrote so far (the last KEEP_CHARS of each stream). */
  stdout(): string;
  stderr(): string;
  /** Highest resident set size of the process so far (Linux VmHWM), in bytes. */
  peakRss(): number;
  /** Sends `signal` (SIGTERM by default) and resolves with how the process ended. */
  kill(signal?: NodeJS.Signals): Promise<ServerExit>;
  /**
   * Stops the process (SIGTERM, or SIGKILL with `crash`) and starts it again on the same DATA_DIR,
   * on the same port unless `samePort: false`, with `env` added to the first start's.
   */
  restart(options?: { crash?: boolean; samePort?: boolean; env?: Record<string, string> }): Promise<void>;
  /** SIGTERM, then removes the DATA_DIR if it was made here. */
  stop(): Promise<void>;
}

/** A start that ended before the server listened: how it exited and what it wrote. */
export class ServerStartError extends Error {
  constructor(
    message: string,
    readonly exit: ServerExit | undefined,
    readonly stdout: string,
    readonly stderr: string,
  ) {
    super(message);
  }
}

const live = new Set<ChildProcess>();
// A test that failed before its stop() must not leave a server behind.
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

interface Tail {
  add(chunk: string): void;
  text(): string;
}

/** The last KEEP_CHARS of a stream, kept as chunks and joined only when read: a busy server logs a lot. */
function tail(): Tail {
  const chunks: string[] = [];
  let size = 0;
  return {
    add(chunk) {
      chunks.push(chunk);
      size += chunk.length;
      while (size - chunks[0]!.length >= KEEP_CHARS) size -= chunks.shift()!.length;
    },
    text: () => chunks.join('').slice(-KEEP_CHARS),
  };
}

let bundled: Promise<string> | undefined;
/**
 * The server as `npm run serve` runs it: the sources bundled (scripts/server-bundle.mjs, decision
 * 383), built once per test process from the sources as they are, so a test never runs a stale one.
 */
function serverEntry(): Promise<string> {
  bundled ??= testServerBundle();
  return bundled;
}

interface Running {
  child: ChildProcess;
  url: string;
  exited: Promise<ServerExit>;
  out: { stdout: Tail; stderr: Tail };
}

/** `port` is the one a restart keeps; a first start takes env.PORT, else one the OS picks. */
async function launch(
  opts: ServerProcessOptions,
  env: Record<string, string>,
  dataDir: string,
  port?: number,
) {
  const node = [process.execPath, '--enable-source-maps', await serverEntry()];
  const [command, ...args] =
    opts.fileLimit === undefined
      ? node
      : ['/bin/sh', '-c', `ulimit -n ${Math.floor(opts.fileLimit)} && exec "$0" "$@"`, ...node];
  // With `exec`, the shell becomes the server: the pid and signals are the server's own.
  const child = spawn(command!, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: opts.staticDir ?? path.join(dataDir, 'no-dist'),
      ...env,
      PORT: port === undefined ? (env.PORT ?? '0') : String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  const out = { stdout: tail(), stderr: tail() };
  child.once('exit', () => live.delete(child));
  // 'close', not 'exit': 'exit' can come before the pipes are read to their end, and then a refused
  // start's one line of stderr was not yet in `out` (the CI run of 013d885 saw exit 1 with "").
  const exited = new Promise<ServerExit>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  child.stdout!.on('data', (chunk: Buffer) => out.stdout.add(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => {
    out.stderr.add(chunk.toString());
    if (opts.echoStderr) process.stderr.write(chunk);
  });
  const failed = (why: string, exit?: ServerExit) => {
    const [stdout, stderr] = [out.stdout.text(), out.stderr.text()];
    return new ServerStartError(`${why}:\n${stderr}${stdout.slice(-8_000)}`, exit, stdout, stderr);
  };

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(failed(`server did not listen within ${START_TIMEOUT_MS} ms`));
    }, START_TIMEOUT_MS);
    const listening = () => {
      const found = /listening on (http:\/\/\S+)/.exec(out.stdout.text())?.[1];
      if (!found) return;
      clearTimeout(timer);
      child.stdout!.off('data', listening);
      resolve(found);
    };
    child.stdout!.on('data', listening);
    void exited.then((exit) => {
      clearTimeout(timer);
      reject(failed(`server exited (${exit.code ?? exit.signal}) before listening`, exit));
    });
  });
  // Listening is not yet serving: the first request waits for /healthz, not for a guess of time.
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const ok = await fetch(`${url}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null || child.signalCode !== null) throw failed('server exited before /healthz');
    if (Date.now() > deadline) throw failed(`server at ${url} never answered /healthz`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, url, exited, out } satisfies Running;
}

/**
 * The one way a test starts the real server in a process of its own: `server/main.ts` as `npm start`
 * runs it (bundled), on 127.0.0.1 and a port the OS picks, with its own DATA_DIR; resolves once it printed
 * its URL and answers /healthz, or rejects with a ServerStartError. For what needs a real port, a
 * process's memory or a signal: server tests, the e2e workers (e2e/support/local-server.ts), benches.
 * Everything else goes through `app.request()` (makeTestApp in helpers.ts).
 */
export async function startServerProcess(opts: ServerProcessOptions = {}): Promise<ServerProcess> {
  const ownsDataDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'media-studio-proc-'));
  let env = { ...opts.env };
  let running: Running;
  try {
    running = await launch(opts, env, dataDir);
  } catch (error) {
    if (ownsDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const kill = async (signal: NodeJS.Signals = 'SIGTERM') => {
    const { child, exited } = running;
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return {
    get url() {
      return running.url;
    },
    get pid() {
      return running.child.pid!;
    },
    dataDir,
    stdout: () => running.out.stdout.text(),
    stderr: () => running.out.stderr.text(),
    peakRss() {
      const status = fs.readFileSync(`/proc/${running.child.pid}/status`, 'utf8');
      return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    },
    kill,
    async restart({ crash = false, samePort = true, env: more = {} } = {}) {
      await kill(crash ? 'SIGKILL' : 'SIGTERM');
      env = { ...env, ...more };
      running = await launch(opts, env, dataDir, samePort ? Number(new URL(running.url).port) : 0);
    },
    async stop() {
      await kill('SIGTERM');
      if (ownsDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
