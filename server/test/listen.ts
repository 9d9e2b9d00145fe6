import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';

export interface Listening {
  /** `http://<host>:<port>` */
  origin: string;
  port: number;
  server: http.Server;
  /** Closes every connection (kept-alive and hanging ones too) and the server. */
  close(): Promise<void>;
}

type FetchHandler = { fetch: (request: Request) => Response | Promise<Response> };

/**
 * A test double on a real loopback port: what the server under test reaches over the network (a
 * file host, an upstream, a webhook receiver, a redirect), written as a Node listener or as a
 * fetch handler (a Hono app). The server under test itself is never started here: it runs through
 * `app.request()` (helpers.ts) or as a process of its own (server-process.ts). `port` 0 (the
 * default) lets the OS pick, so concurrent runs never collide.
 */
export async function listenOnLoopback(
  handler: http.RequestListener | FetchHandler,
  { host = '127.0.0.1', port = 0 }: { host?: string; port?: number } = {},
): Promise<Listening> {
  const listener = typeof handler === 'function' ? handler : getRequestListener((req) => handler.fetch(req));
  const server = http.createServer(listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    origin: `http://${host}:${actual}`,
    port: actual,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port nothing listens on (bound, then released), for "connection refused". */
export async function closedPort(): Promise<number> {
  const { port, close } = await listenOnLoopback(() => undefined);
  await close();
  return port;
}
