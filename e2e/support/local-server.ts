import path from 'node:path';
import { startServerProcess, type ServerProcess } from '../../server/test/server-process';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The real server in a process of its own (server/test/server-process.ts), as e2e specs and benches use it. */
export type LocalServer = Pick<ServerProcess, 'url' | 'dataDir' | 'restart' | 'stop'>;

export interface LocalServerOptions {
  /** The built dashboard; E2E_STATIC_DIR (set by the e2e global setup), else dist/. */
  staticDir?: string;
  /** A DATA_DIR prepared beforehand (a seeded database), kept at stop; by default a fresh one, removed. */
  dataDir?: string;
  env?: Record<string, string>;
}

/**
 * `startServerProcess` with what the browser tests need: the built dashboard, EMULATOR_SPEED from
 * E2E_EMULATOR_SPEED (default 20), and the server's errors on this process's stderr, where the test
 * report shows them (request logs, on stdout, are not). `restart()` keeps the DATA_DIR and the port,
 * so a page's baseURL stays valid.
 */
export function startLocalServer(opts: LocalServerOptions = {}): Promise<LocalServer> {
  return startServerProcess({
    staticDir: opts.staticDir ?? process.env.E2E_STATIC_DIR ?? path.join(ROOT, 'dist'),
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
    env: { EMULATOR_SPEED: process.env.E2E_EMULATOR_SPEED ?? '20', ...opts.env },
    echoStderr: true,
  });
}
