import { BOOTSTRAP_SERVICE, type Bootstrap } from '@contract/bootstrap';
import { Hono } from 'hono';
import type { ServerConfig } from '../config';
import type { AppContext, AppEnv } from '../context';
import { json } from '../http';
import { isLoopbackHost } from '../loopback';
import { mediaToolVersions } from '../services/media-tool-versions';
import { SERVER_VERSION } from '../version';

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
    media_tools: mediaToolVersions(),
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
