import { Hono } from 'hono';
import type { AppContext, AppEnv } from './context';
import { bearerAuth } from './middleware/auth';
import { jsonBodyLimit } from './middleware/body-limit';
import { errorHandler, notFoundHandler } from './middleware/error-handler';
import { hostGuard } from './middleware/host-guard';
import { requestContext } from './middleware/request-context';
import { securityHeaders } from './middleware/security-headers';
import { proxyRoutes } from './proxy/proxy';
import { systemRoutes } from './routes/system';
import { dashboardRoutes } from './static';
import { assetRoutes } from './routes/assets';
import { groupRoutes } from './routes/groups';
import { fileRoutes } from './routes/files';
import { taskRoutes } from './routes/tasks';
import { videoRoutes } from './routes/videos';
import { storyboardRoutes } from './routes/storyboard';
import { webhookRoutes } from './routes/webhooks';
import { textRoutes } from './routes/text';
import { anthropicErrorShape } from './middleware/anthropic-error-shape';
import { localDouble } from './middleware/local-double';
import { mediaWork } from './middleware/media-work';
import { localDoubleRoutes } from './routes/local-double';
import { imageTaskRoutes } from './routes/image-tasks';
import { idempotency } from './middleware/idempotency';

const API_PATHS = ['/v1/*', '/api/*', '/mj/*'] as const;
/** The create POSTs that honour an Idempotency-Key (decision 640): video, then generic tasks. */
const CREATE_PATHS = ['/v1/videos', '/v1/tasks'] as const;

/**
 * Builds the whole server as one Hono app, testable with `app.request()` and no port. Order matters:
 * ids first (so every error carries them), then headers, then auth and body limits for the API,
 * then routes; the dashboard's catch-all comes last.
 */
export function createApp(ctx: AppContext): Hono<AppEnv> {
  const { config } = ctx;
  const app = new Hono<AppEnv>();

  app.use(requestContext(ctx.log));
  app.use(securityHeaders());
  app.use(hostGuard(config));
  // Before auth, so that a refused key on the Messages API is answered in Anthropic's error shape.
  if (!config.upstreamBaseUrl) app.use('/v1/messages/*', anthropicErrorShape());
  for (const path of API_PATHS) app.use(path, bearerAuth(config.apiKeys), mediaWork(config.ffmpeg.waitMs));
  // A proxy forwards the image service's query at each configured prefix, behind the same key
  // (decision 378); only the `/task/` subtree, so a prefix never hides a page of the dashboard.
  if (config.upstreamBaseUrl)
    for (const prefix of config.upstreamImagePrefixes)
      if (prefix !== '/mj') app.use(`${prefix}/task/*`, bearerAuth(config.apiKeys));
  // The storyboard's local endpoints: this server's, never forwarded, behind the same key (README).
  app.use(
    '/local/*',
    bearerAuth(config.apiKeys),
    mediaWork(config.ffmpeg.waitMs),
    jsonBodyLimit(config.maxJsonBytes),
  );

  app.route('/', systemRoutes(ctx));

  if (config.upstreamBaseUrl) {
    // Here the upstream's answer is what a key records; it is this server's, never forwarded.
    const keys = idempotency(ctx);
    for (const path of CREATE_PATHS) app.use(path, keys);
    // Proxy mode: the upstream enforces its own body limits; bodies are piped, never buffered.
    app.route('/', proxyRoutes(ctx));
  } else {
    for (const path of API_PATHS) app.use(path, jsonBodyLimit(config.maxJsonBytes));
    // Before the local double, so that the answer it shapes is the one a key records.
    const keys = idempotency(ctx);
    for (const path of CREATE_PATHS) app.use(path, keys);
    // Faults and answer forms on demand (decision 290); a proxy answers as its upstream does.
    for (const path of API_PATHS) app.use(path, localDouble(ctx));
    app.route('/', localDoubleRoutes(ctx));
    // The image service's own prefix (decision 291); a proxy forwards its upstream's (decision 378).
    app.route('/', imageTaskRoutes(ctx));
  }

  app.route('/', assetRoutes(ctx));
  app.route('/', groupRoutes(ctx));
  app.route('/', fileRoutes(ctx));
  app.route('/', videoRoutes(ctx));
  app.route('/', taskRoutes(ctx));
  app.route('/', webhookRoutes(ctx));
  app.route('/', textRoutes(ctx));
  app.route('/', storyboardRoutes(ctx));

  app.route('/', dashboardRoutes(config, ctx.log));

  app.notFound(notFoundHandler(app));
  app.onError(errorHandler(ctx.log));
  return app;
}
