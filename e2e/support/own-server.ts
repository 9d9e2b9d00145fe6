import { startLocalServer, type LocalServer } from './local-server';
import { test } from './test';

/**
 * A server of this describe block's (or file's) own, with `env` (for example its own API_KEYS, or a
 * slow EMULATOR_SPEED), started before its first test and stopped after its last. `env` may be a
 * function, read at start, when it depends on another server (a proxy's UPSTREAM_BASE_URL).
 */
export function useOwnServer(env: Record<string, string> | (() => Record<string, string>)): LocalServer {
  let server: LocalServer | undefined;
  test.beforeAll(async () => {
    server = await startLocalServer({ env: typeof env === 'function' ? env() : env });
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  const started = () => {
    if (!server) throw new Error('useOwnServer: the server starts in beforeAll; use it inside a test');
    return server;
  };
  return {
    get url() {
      return started().url;
    },
    get dataDir() {
      return started().dataDir;
    },
    restart: (options) => started().restart(options),
    stop: () => started().stop(),
  };
}
