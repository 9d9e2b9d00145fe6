import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createApp } from './app';
import { ConfigError, loadConfig, type ServerConfig } from './config';
import type { AppContext } from './context';
import { closeContext, createContext, startWorkers } from './create-context';
import { deploymentProblem } from './deployment-check';
import { createHttpServer } from './http-server';
import { memoryCeiling } from './media/media-process';
import { mediaToolLines, mediaTools } from './media/media-tools';
import { isLoopbackHost } from './loopback';
import { webhookSecretNotice } from './services/webhooks/secret';

/** Long-lived responses (SSE, slow downloads) get this long to finish before being cut at shutdown. */
const SHUTDOWN_GRACE_MS = 5_000;

function fail(message: string): never {
  process.stderr.write(`Media Studio could not start: ${message}\n`);
  process.exit(1);
}

function urlFor(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
}

/** Which names the server answers to, so that a 421 for a name in use is no surprise. */
function hostNotices(config: ServerConfig): string[] {
  const lines: string[] = [];
  if (config.publicBaseUrl) lines.push(`  public URL: ${config.publicBaseUrl} (PUBLIC_BASE_URL)`);
  if (config.allowedHosts.includes('*')) {
    lines.push('  warning: ALLOWED_HOSTS=* answers any Host name: DNS-rebinding protection is off');
  } else if (config.allowedHosts.length > 0) {
    lines.push(`  also answers to: ${config.allowedHosts.join(', ')} (ALLOWED_HOSTS)`);
  }
  if (config.trustProxy.length > 0) {
    lines.push(`  trusts X-Forwarded-Host/-Proto from: ${config.trustProxy.join(', ')} (TRUST_PROXY)`);
  }
  return lines;
}

function announce(config: ServerConfig, port: number, webhookNotice?: string): void {
  const lines = [`Media Studio listening on ${urlFor(config.host, port)}`];
  if (config.host === '0.0.0.0' || config.host === '::') {
    lines.push(`  bound to ${config.host}: reachable from other machines on the network`);
  }
  lines.push(...hostNotices(config));
  if (config.usingDefaultKey) {
    lines.push(`  API key: ${config.apiKeys[0]} (the default; set API_KEYS to use your own)`);
    if (!isLoopbackHost(config.host)) {
      lines.push('  warning: the default key is public and this address is not loopback; set API_KEYS');
    }
  } else {
    lines.push(`  API keys: ${config.apiKeys.length} configured in API_KEYS`);
  }
  lines.push(
    config.upstreamBaseUrl
      ? `  mode: proxy to ${config.upstreamBaseUrl}`
      : `  mode: local (data in ${config.dataDir}, emulator speed ${config.emulatorSpeed}x)`,
  );
  if (config.upstreamBaseUrl) {
    // Counts only: which identity each key gets upstream is what an operator must be able to check.
    const mapped = config.upstreamKeyMap.size;
    const shared = config.apiKeys.length - mapped;
    lines.push(
      `  upstream keys: ${mapped} key(s) with their own (UPSTREAM_API_KEYS), ${shared} sharing UPSTREAM_API_KEY`,
    );
  }
  lines.push(...mediaToolLines());
  if (webhookNotice) lines.push(webhookNotice);
  process.stdout.write(`${lines.join('\n')}\n`);
}

function listen(ctx: AppContext): Promise<{ server: Server; port: number }> {
  const server = createHttpServer(ctx, createApp(ctx));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(ctx.config.port, ctx.config.host, () =>
      resolve({ server, port: (server.address() as AddressInfo).port }),
    );
  });
}

function listenError(err: unknown, config: ServerConfig): string {
  const code = (err as { code?: unknown }).code;
  if (code === 'EADDRINUSE')
    return `port ${config.port} on ${config.host} is already in use. Set PORT to another port.`;
  if (code === 'EACCES') return `no permission to listen on port ${config.port}. Use a port above 1023.`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
    return `HOST "${config.host}" is not an address of this machine. Use 127.0.0.1 or 0.0.0.0.`;
  }
  return err instanceof Error ? err.message : String(err);
}

async function main(): Promise<void> {
  let config: ServerConfig;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(`invalid configuration: ${err.message}`);
    throw err;
  }
  const unsafe = deploymentProblem(config);
  if (unsafe) fail(unsafe);
  // A wrong FFMPEG_PATH stops the server here rather than at the first render.
  const tools = mediaTools();
  const badTool = tools.ffmpeg.error ?? tools.ffprobe.error;
  if (badTool) fail(badTool);
  try {
    memoryCeiling();
  } catch (err) {
    fail(`invalid configuration: ${(err as Error).message}`);
  }

  let ctx: AppContext;
  try {
    ctx = createContext(config);
  } catch (err) {
    fail(
      `cannot open the database in DATA_DIR=${config.dataDir}: ${err instanceof Error ? err.message : err}`,
    );
  }

  // Handlers go in before the URL is printed: whoever reads it may signal at once.
  let server: Server | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      process.stderr.write(`${signal} again: exiting without waiting.\n`);
      process.exit(1);
    }
    stopping = true;
    ctx.log.info('shutting down', { signal });
    // A worker whose stop() never settles must not keep the process alive forever.
    setTimeout(() => {
      process.stderr.write('Shutdown took too long; exiting without waiting further.\n');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS * 2).unref();
    if (server) await closeServer(server);
    await closeContext(ctx);
    ctx.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  let port: number;
  try {
    ({ server, port } = await listen(ctx));
  } catch (err) {
    await closeContext(ctx);
    fail(listenError(err, config));
  }
  startWorkers(ctx);
  announce(config, port, webhookSecretNotice(ctx));
  ctx.log.info('server started', { host: config.host, port });
}

/** Stops accepting, lets in-flight requests finish, and cuts what is still open after the grace. */
function closeServer(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const force = setTimeout(() => {
    server.closeAllConnections();
  }, SHUTDOWN_GRACE_MS);
  force.unref();
  return closed;
}

process.on('unhandledRejection', (reason) => {
  process.stderr.write(`Unhandled rejection: ${reason instanceof Error ? reason.stack : String(reason)}\n`);
});

main().catch((err: unknown) => {
  process.stderr.write(
    `Media Studio crashed at start-up: ${err instanceof Error ? err.stack : String(err)}\n`,
  );
  process.exit(1);
});
