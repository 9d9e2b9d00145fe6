import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { DEFAULT_API_KEY } from '../config';
import { makeTestApp, type TestApp } from './helpers';

export interface LiveServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  key: string;
  test: TestApp;
  close(): Promise<void>;
}

/**
 * A test app listening on a real port (127.0.0.1, picked by the OS), for the official openai and
 * Anthropic clients, which need an HTTP URL rather than `app.request()`.
 */
export async function startLiveServer(
  opts: { env?: Record<string, string>; dataDir?: string } = {},
): Promise<LiveServer> {
  const test = makeTestApp(opts);
  const { server, port } = await new Promise<{ server: ServerType; port: number }>((resolve, reject) => {
    const s = serve({ fetch: test.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ server: s, port: info.port }),
    );
    s.once('error', reject);
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    key: DEFAULT_API_KEY,
    test,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
      await test.close();
    },
  };
}
