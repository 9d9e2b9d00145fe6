import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../app';
import { loadConfig } from '../config';
import type { AppContext } from '../context';
import { closeContext, createContext, startWorkers } from '../create-context';
import { createHttpServer } from '../http-server';
import type { Logger } from '../logger';

export interface RealServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  ctx: AppContext;
  /** Every log line the server wrote, as the JSON the real logger would print. */
  lines: string[];
  close(): Promise<void>;
}

/**
 * The server of main.ts (real HTTP server, workers started) on 127.0.0.1 with a port picked by the
 * OS, its own DATA_DIR, and log lines recorded instead of printed: one half of the two-instance
 * proxy set-up (an upstream in local mode, a proxy pointing at it).
 */
export async function startRealServer(env: Record<string, string>): Promise<RealServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-studio-real-'));
  const ctx = createContext(loadConfig({ DATA_DIR: dataDir, ...env }), { silent: true });
  const lines: string[] = [];
  const record =
    (level: string) =>
    (msg: string, fields?: Record<string, unknown>): void => {
      lines.push(JSON.stringify({ level, msg, ...fields }));
    };
  const log: Logger = { info: record('info'), warn: record('warn'), error: record('error') };
  ctx.log = log;
  const server: Server = createHttpServer(ctx, createApp(ctx));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  startWorkers(ctx);
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    ctx,
    lines,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await closeContext(ctx);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
