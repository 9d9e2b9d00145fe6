import type { ServerConfig } from './config';
import { isLoopbackHost } from './loopback';

/**
 * What makes a configuration unsafe to serve, or undefined. Bound to a network address, the
 * built-in development key would let anyone who can reach the port (its value is in the README)
 * use the API, so the server refuses to start instead of only warning (decision 071).
 */
export function deploymentProblem(config: ServerConfig): string | undefined {
  if (config.usingDefaultKey && !isLoopbackHost(config.host)) {
    return (
      `HOST=${config.host} makes the server reachable from other machines, and no API_KEYS are set, so ` +
      'the public development key would be accepted. Set your own keys, e.g. ' +
      'API_KEYS="$(openssl rand -hex 24)" (comma-separate several), or bind to loopback with HOST=127.0.0.1.'
    );
  }
  return undefined;
}
