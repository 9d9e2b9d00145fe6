import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context, type Next } from 'hono';
import { cors } from 'hono/cors';
import { listenOnLoopback } from '../../server/test/listen';
import { seedAssets, type DoubleGroup } from './spec-deployment-data';
import {
  deploymentStyle,
  Draws,
  taskShape,
  type DeploymentStyle,
  type TaskShape,
} from './spec-deployment-shapes';
import { assetRoutes } from './spec-double/assets';
import { errorEnvelope, type DoubleContext } from './spec-double/context';
import { groupRoutes } from './spec-double/groups';
import { addImageTask, taskRoutes } from './spec-double/tasks';
import { textRoutes } from './spec-double/text';

export { UNKNOWN_TASK_STATE } from './spec-double/tasks';

/**
 * A deployment double: a small Hono app that answers only what the API specification allows, in
 * a shape drawn by a seeded generator (spec-deployment-shapes.ts) rather than written by the
 * hands that wrote the client. Not the local server, on purpose: the dashboard must work against
 * any deployment that follows the specification. One handler module per resource
 * (spec-double/assets.ts, groups.ts, tasks.ts, text.ts) over a shared context (context.ts).
 *
 * - Assets: every alternative name, optional fields present/absent/null/empty, unknown fields, no
 *   `model` (the specification's Asset table has none); states including failed, disabled, review
 *   unknown/failed and rule 2's "review passed, preparation failed" (the Campaign group); spare
 *   assets without name, url, source_url, group_id or created_at, without any readiness field, of
 *   an unknown type or status, or ready with review unknown; `purpose` echoed or not.
 * - Asset list: the envelope of the specification with or without `total` and `page_size`, pages
 *   capped at 50 (`capPages` lowers it); one read refused with a 503 somewhere among the first.
 * - Uploads: the answer as the asset, wrapped in `data`, only the reference, or nothing naming it;
 *   a multipart upload may ignore `group_id` and `name`; the default group's id is drawn.
 * - Groups: list, create, patch and detail in one of the shapes the specification leaves open.
 * - Tasks: ids of any form (cgt-…, UUID, task_…, digits) where the style puts them; every
 *   documented state spelling and an unknown one, once mid-way or for good ("stuck" in the words);
 *   the result URL in one or several of its six places (a decoy in the lower ones, so precedence
 *   matters), or none ("no result"); `model` or not; failure fields, error.message included,
 *   present or not. Video bodies are refused where the specification marks them required or bounds
 *   them (model, duration, resolution, ratio); every JSON body needs its Content-Type.
 * - Errors along the way: 429 with Retry-After in seconds or as an HTTP-date, 503, on two polls in
 *   a row from a drawn one, and a 402 or 503 refusing the first music task, with a JSON body, one
 *   without error.message, an empty one or a non-JSON one.
 * - Image tasks (made by `addImageTask`: their creation is not shown) followed at
 *   `GET <imagePrefix>/task/{id}/fetch` at the drawn prefix only; the generic query knows them only
 *   as submitted.
 * - CORS for direct mode; media on another origin; no /bootstrap, no webhook log.
 */
export interface SpecDeployment {
  seed: number;
  style: DeploymentStyle;
  url: string;
  /** Origin of the uploaded media (a second listener: media lives on another origin). */
  mediaOrigin: string;
  /** A static host of the dashboard build without the local server's CSP (direct mode). */
  dashboardOrigin: string;
  /** The faults sent so far, in order, with where they were sent (`{ where: 'poll', status: 429 }`…). */
  faults: DoubleContext['faults'];
  /** How the task with this id is answered along its life (its drawn shape). */
  taskShapeOf(id: string): TaskShape;
  /** Bodies of POST /v1/videos and POST /v1/tasks, in order, as received. */
  created: Array<{ path: string; body: Record<string, unknown> }>;
  /** Registrations by URL, with the model each was registered for (the record never says it). */
  registeredFor: Array<{ url: string; model?: string }>;
  /** An image task made as by another client (its creation endpoint is not shown); its id. */
  addImageTask(): string;
  /** Paths of the image service's queries answered, at the style's `imagePrefix` only. */
  imageFetches: string[];
  /** Assets the double holds in a group (the default one when none is named). */
  assetsIn(group?: string): number;
  /** Caps list pages at `size` from now on (a deployment whose cap is below a view's page size). */
  capPages(size: number): void;
  close(): Promise<void>;
}

export const DOUBLE_KEY = 'sk-double-deployment';
export const DOUBLE_PAGE_CAP = 50;

/** Starts the double; `fixtureOrigin` serves sample.mp4/.mp3/.png (media on another origin). */
export async function startSpecDeployment(options: {
  fixtureOrigin: string;
  staticDir?: string;
  seed: number;
}): Promise<SpecDeployment> {
  const draws = new Draws(options.seed);
  const style = draws.draw('style', deploymentStyle);
  const defaultGroup = style.defaultGroupId;
  const groups: DoubleGroup[] = [
    { group_id: defaultGroup, name: 'Default' },
    { group_id: 'grp_campaign', name: 'Campaign', description: 'Spring launch' },
  ];
  let mediaOrigin = '';
  let seq = 0;
  const ctx: DoubleContext = {
    draws,
    style,
    defaultGroup,
    fixtureOrigin: options.fixtureOrigin,
    mediaDir: fs.mkdtempSync(path.join(os.tmpdir(), 'spec-double-media-')),
    mediaOrigin: () => mediaOrigin,
    assets: seedAssets(options.fixtureOrigin, defaultGroup),
    groups,
    tasks: new Map(),
    faults: [],
    created: [],
    registeredFor: [],
    imageFetches: [],
    pageCap: DOUBLE_PAGE_CAP,
    next: () => (seq += 1),
  };

  const api = new Hono();
  api.use(
    '*',
    cors({
      origin: '*',
      allowMethods: ['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
      allowHeaders: ['Authorization', 'Content-Type', 'Accept'],
      exposeHeaders: ['Retry-After', 'X-Request-Id'],
      maxAge: 600,
    }),
  );
  api.get('/healthz', (c) => c.json({ ok: true }));
  const auth = async (c: Context, next: Next) => {
    if (c.req.header('authorization') !== `Bearer ${DOUBLE_KEY}`)
      return c.json(errorEnvelope('invalid API key', 'authentication_error'), 401);
    await next();
  };
  api.use('/v1/*', auth);
  api.use(`${style.imagePrefix}/*`, auth);
  api.onError((error, c) => c.json(errorEnvelope(String(error), 'server_error'), 500));
  api.notFound((c) =>
    c.json(
      errorEnvelope(`this deployment does not offer ${c.req.method} ${c.req.path}`, 'invalid_request_error'),
      404,
    ),
  );
  assetRoutes(api, ctx);
  groupRoutes(api, ctx);
  taskRoutes(api, ctx);
  textRoutes(api, ctx);

  // Media on another origin: Hono's static serving (MIME by extension, Range, HEAD).
  const media = new Hono();
  media.use('*', cors({ origin: '*' }));
  media.use('/m/*', serveStatic({ root: ctx.mediaDir, rewriteRequestPath: (p) => p.replace(/^\/m/, '') }));

  // A plain static host of the build: files as they are, index.html for any other path, no CSP.
  const dashboard = new Hono();
  if (options.staticDir) {
    const root = path.resolve(options.staticDir);
    dashboard.use('*', serveStatic({ root }));
    dashboard.get('*', serveStatic({ root, path: 'index.html' }));
  }

  const apiServer = await listenOnLoopback(api);
  const mediaServer = await listenOnLoopback(media);
  mediaOrigin = mediaServer.origin;
  const dashboardServer = options.staticDir ? await listenOnLoopback(dashboard) : undefined;
  return {
    seed: options.seed,
    style,
    url: apiServer.origin,
    mediaOrigin,
    dashboardOrigin: dashboardServer?.origin ?? '',
    faults: ctx.faults,
    created: ctx.created,
    registeredFor: ctx.registeredFor,
    addImageTask: () => addImageTask(ctx),
    imageFetches: ctx.imageFetches,
    taskShapeOf: (id) => draws.draw(`task:${id}`, taskShape),
    assetsIn: (group) => ctx.assets.filter((a) => a.group_id === (group ?? defaultGroup)).length,
    capPages: (size) => {
      ctx.pageCap = size;
    },
    async close() {
      await Promise.all([apiServer, mediaServer, dashboardServer].flatMap((s) => (s ? [s.close()] : [])));
      fs.rmSync(ctx.mediaDir, { recursive: true, force: true });
    },
  };
}
