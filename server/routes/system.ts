import { BOOTSTRAP_SERVICE, type Bootstrap } from '@contract/bootstrap';
import { Hono } from 'hono';
import type { ServerConfig } from '../config';
import type { AppContext, AppEnv } from '../context';
import { brotliIfAccepted, withIds } from '../http';
import { isLoopbackHost } from '../loopback';
import { validKeyCheck } from '../middleware/auth';
import { mediaToolVersions } from '../services/media-tool-versions';
import { SERVER_VERSION } from '../version';
import { DEFAULT_IMAGE_PREFIX } from '../config-image-prefix';

/**
 * The default key is handed to the page only when nobody but this machine can ask for it and it is
 * the well-known development key anyway; a configured key is never revealed. The upstream's full
 * base URL (its path may name a tenant or a gateway route) only to a caller with a valid key
 * (issue 41); its host, which the dashboard's header shows before any key, to everyone.
 */
export function bootstrapInfo(config: ServerConfig, keyed = false): Bootstrap {
  const exposeKey = config.usingDefaultKey && isLoopbackHost(config.host);
  return {
    object: 'bootstrap',
    service: BOOTSTRAP_SERVICE,
    version: SERVER_VERSION,
    mode: config.upstreamBaseUrl ? 'proxy' : 'local',
    ...(config.upstreamBaseUrl
      ? {
          ...(keyed ? { upstream_base_url: config.upstreamBaseUrl } : {}),
          upstream_host: new URL(config.upstreamBaseUrl).host,
          local_features: config.localFeatures,
        }
      : {}),
    // Where this origin answers the image service's query, so Settings can compare its own prefix.
    image_service_prefixes: config.upstreamBaseUrl ? config.upstreamImagePrefixes : [DEFAULT_IMAGE_PREFIX],
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
  const hasValidKey = validKeyCheck(ctx.config.apiKeys);
  app.get('/bootstrap', (c) =>
    brotliIfAccepted(
      c,
      JSON.stringify(withIds(c, bootstrapInfo(ctx.config, hasValidKey(c.req.header('authorization'))))),
      {
        'Content-Type': 'application/json',
        'Cache-Control': 'no-store',
      },
    ),
  );
  return app;
}
