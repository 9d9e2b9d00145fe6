import fs from 'node:fs';
import { BOOTSTRAP_SERVICE, type Bootstrap } from '@contract/bootstrap';
import { Hono } from 'hono';
import type { ServerConfig } from '../config';
import type { AppContext, AppEnv } from '../context';
import { json } from '../http';
import { mediaTools } from '../media/media-tools';

function readVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version?: unknown;
    };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export const SERVER_VERSION = readVersion();

/** 127.0.0.0/8, ::1 (also IPv4-mapped) and localhost: only this machine can reach the server. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h.endsWith('.localhost') || h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  const v4 = h.startsWith('::ffff:') ? h.slice('::ffff:'.length) : h;
  const octets = v4.split('.');
  return (
    octets.length === 4 && octets[0] === '127' && octets.every((o) => /^\d{1,3}$/.test(o) && Number(o) <= 255)
  );
}

/**
 * The default key is handed to the page only when nobody but this machine can ask for it and it is
 * the well-known development key anyway; a configured key is never revealed.
 */
export function bootstrapInfo(config: ServerConfig): Bootstrap {
  const exposeKey = config.usingDefaultKey && isLoopbackHost(config.host);
  return {
    object: 'bootstrap',
    service: BOOTSTRAP_SERVICE,
    version: SERVER_VERSION,
    mode: config.upstreamBaseUrl ? 'proxy' : 'local',
    ...(config.upstreamBaseUrl
      ? {
          upstream_base_url: config.upstreamBaseUrl,
          upstream_host: new URL(config.upstreamBaseUrl).host,
          local_features: config.localFeatures,
        }
      : {}),
    emulator_speed: config.emulatorSpeed,
    media_tools: Object.fromEntries(
      Object.entries(mediaTools()).map(([name, { tool }]) => [
        name,
        { version: tool.version, source: tool.source },
      ]),
    ),
    ...(exposeKey ? { default_api_key: config.apiKeys[0] } : {}),
  };
}

/** Routes that answer without a key: the readiness probe and what the dashboard needs first. */
export function systemRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // Exactly `{"ok":true}` (the start-up contract's probe body); the ids are in the headers.
  app.get('/healthz', (c) => c.json({ ok: true }, 200, { 'Cache-Control': 'no-store' }));
  app.get('/bootstrap', (c) => json(c, bootstrapInfo(ctx.config), 200, { 'Cache-Control': 'no-store' }));
  return app;
}
