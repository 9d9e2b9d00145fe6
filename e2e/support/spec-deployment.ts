import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { listenOnLoopback } from '../../server/test/listen';
import { seedAssets, type DoubleAsset, type DoubleGroup, type DoubleTask } from './spec-deployment-data';
import {
  assetShape,
  deploymentStyle,
  Draws,
  groupShape,
  OPTIONAL_ASSET_FIELDS,
  RESULT_PLACES,
  setPath,
  taskShape,
  withPresence,
  type DeploymentStyle,
  type Fault,
} from './spec-deployment-shapes';

/**
 * A deployment double: a small Hono app that answers only what the API specification allows, in
 * a shape drawn by a seeded generator (spec-deployment-shapes.ts) rather than written by the
 * hands that wrote the client. Not the local server, on purpose: the dashboard must work against
 * any deployment that follows the specification.
 *
 * - Assets: every alternative name, optional fields present/absent/null/empty, unknown fields, no
 *   `model` (the specification's Asset table has none); states including failed, disabled, review
 *   unknown/failed and rule 2's "review passed, preparation failed" (the Campaign group).
 * - Asset list: the envelope of the specification, pages capped at 50 (`capPages` lowers it).
 * - Groups: list, create, patch and detail in one of the shapes the specification leaves open.
 * - Tasks: the id where the style puts it; every documented state spelling and an unknown one;
 *   the result URL in one or several of its six places (a decoy in the lower ones, so precedence
 *   matters); `model` or not; failure fields present or not.
 * - Errors along the way: 429 with Retry-After in seconds or as an HTTP-date, 503, and a 402 or
 *   503 refusing the first music task, with a JSON or a non-JSON body.
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
  /** The faults sent so far, in order (`429`, `503`, `402`…). */
  faults: number[];
  /** Bodies of POST /v1/videos and POST /v1/tasks, in order, as received. */
  created: Array<{ path: string; body: Record<string, unknown> }>;
  /** Registrations by URL, with the model each was registered for (the record never says it). */
  registeredFor: Array<{ url: string; model?: string }>;
  /** Caps list pages at `size` from now on (a deployment whose cap is below a view's page size). */
  capPages(size: number): void;
  close(): Promise<void>;
}

export const DOUBLE_KEY = 'sk-double-deployment';
export const DOUBLE_PAGE_CAP = 50;
const DEFAULT_GROUP = 'grp_default';
/** Seeded assets the double refuses in a task (not prepared for any model): the Campaign poster. */
const NOT_PREPARED = new Set(['asset_campaign1']);
/** The state the specification does not list, sent once mid-way by some tasks. */
export const UNKNOWN_TASK_STATE = 'WARMING_UP';

function errorEnvelope(message: string, type: string) {
  return { error: { message, type } };
}

/** Starts the double; `fixtureOrigin` serves sample.mp4/.mp3/.png (media on another origin). */
export async function startSpecDeployment(options: {
  fixtureOrigin: string;
  staticDir?: string;
  seed: number;
}): Promise<SpecDeployment> {
  const draws = new Draws(options.seed);
  const style = draws.draw('style', deploymentStyle);
  const assets: DoubleAsset[] = seedAssets(options.fixtureOrigin);
  const groups: DoubleGroup[] = [
    { group_id: DEFAULT_GROUP, name: 'Default' },
    { group_id: 'grp_campaign', name: 'Campaign', description: 'Spring launch' },
  ];
  const tasks = new Map<string, DoubleTask>();
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spec-double-media-'));
  const faults: number[] = [];
  const created: SpecDeployment['created'] = [];
  const registeredFor: SpecDeployment['registeredFor'] = [];
  let taskPolls = 0;
  let musicCreates = 0;
  let seq = 0;
  let mediaOrigin = '';
  let pageCap = DOUBLE_PAGE_CAP;
  const decoy = `${options.fixtureOrigin}/not-the-result.bin`;

  const pageOf = <T>(c: Context, rows: T[]) => {
    const page = Math.max(1, Number(c.req.query('page')) || 1);
    const size = Math.min(pageCap, Math.max(1, Number(c.req.query('page_size')) || 20));
    const data = rows.slice((page - 1) * size, page * size);
    return { page, size, data, total: rows.length };
  };

  /** A fault's answer: the error envelope, or a body that is not JSON. */
  function faultAnswer(c: Context, fault: Fault): Response {
    faults.push(fault.status);
    const headers: Record<string, string> = {};
    if (fault.status === 429) {
      // An HTTP-date has a resolution of one second: two from now is at least one.
      headers['Retry-After'] =
        fault.retryAfter === 'http-date' ? new Date(Date.now() + 2_000).toUTCString() : '1';
    }
    const message =
      fault.status === 402
        ? 'quota exceeded: the account has no credit left'
        : fault.status === 429
          ? 'rate limited: slow down'
          : 'service temporarily unavailable';
    if (fault.body === 'json') {
      const type =
        fault.status === 402
          ? 'insufficient_quota'
          : fault.status === 429
            ? 'rate_limit_error'
            : 'server_error';
      return c.json(errorEnvelope(message, type), fault.status, headers);
    }
    if (fault.body === 'html')
      return c.html(
        `<html><body><h1>${fault.status}</h1><p>${message}</p></body></html>`,
        fault.status,
        headers,
      );
    return c.text(message, fault.status, headers);
  }

  const assetView = (a: DoubleAsset): Record<string, unknown> => {
    const shape = draws.draw(`asset:${a.id}`, assetShape);
    const ready = Date.now() >= a.readyAt;
    const body: Record<string, unknown> = { ...shape.extra };
    if (shape.idNames !== 'asset_id') body.id = a.id;
    if (shape.idNames !== 'id') body.asset_id = a.id;
    if (shape.typeName !== 'asset_type') body.type = a.type;
    if (shape.typeName !== 'type') body.asset_type = a.type;
    if (shape.refName === 'reference' || shape.refName === 'both') body.reference = `Asset://${a.id}`;
    if (shape.refName === 'asset_ref' || shape.refName === 'both') body.asset_ref = `Asset://${a.id}`;
    body.group_id = a.group_id;
    body.name = a.name;
    body.url = a.url;
    body.source_url = a.url;
    body.created_at = a.created_at;
    const state = a.state ?? (ready ? 'ready' : 'preparing');
    const preparing = shape.preparingAs;
    const fields: Record<string, unknown> =
      state === 'ready'
        ? {
            status: 'ready',
            preparation_status: 'ready',
            generation_ready: true,
            review_status: 'succeeded',
            review_passed: true,
          }
        : state === 'preparing'
          ? {
              status: preparing,
              preparation_status: preparing,
              generation_ready: false,
              review_status: shape.reviewWhilePreparing,
              review_passed: false,
            }
          : state === 'rejected'
            ? // Rule 2: review passed, preparation failed.
              {
                status: 'failed',
                preparation_status: 'failed',
                generation_ready: false,
                review_status: 'succeeded',
                review_passed: true,
              }
            : state === 'disabled'
              ? {
                  status: 'disabled',
                  preparation_status: 'disabled',
                  generation_ready: false,
                  review_status: 'succeeded',
                  review_passed: true,
                }
              : {
                  status: 'ready',
                  preparation_status: 'ready',
                  generation_ready: true,
                  review_status: 'failed',
                  review_passed: false,
                };
    Object.assign(body, fields);
    const optional: Record<string, unknown> = {
      object: 'asset',
      domain: 'media',
      description: '',
      oss_url: '',
      content_type: a.content_type,
      size: a.size,
      duration: a.type === 'image' ? 0 : 5,
      sync_status: fields.status === 'disabled' ? 'failed' : fields.status,
      visibility: 'private',
      updated_at: a.created_at,
      request_id: `req_${a.id}`,
      trace_id: `trace_${a.id}`,
      sync_error: '',
    };
    for (const field of OPTIONAL_ASSET_FIELDS) {
      // A failure's reason is always sent (rule 4 reads it); elsewhere it is optional.
      if (field === 'sync_error' && state === 'rejected') body.sync_error = a.syncError;
      else withPresence(body, field, optional[field], shape.optional[field]);
    }
    return body;
  };

  const groupView = (g: DoubleGroup): Record<string, unknown> => {
    const shape = draws.draw(`group:${g.group_id}`, groupShape);
    const body: Record<string, unknown> = { ...shape.extra, name: g.name };
    if (shape.idNames !== 'id') body.group_id = g.group_id;
    if (shape.idNames !== 'group_id') body.id = g.group_id;
    // A description someone wrote is shown; one never written may be absent, null or empty.
    if (g.description) body.description = g.description;
    else withPresence(body, 'description', '', shape.description);
    return body;
  };

  /** The answer of a group write or detail in the style's shape, or none (201/204). */
  function groupAnswer(c: Context, g: DoubleGroup, write: boolean, createdNow: boolean): Response {
    const view = groupView(g);
    const shape = write ? style.groupWrite : style.groupDetail;
    if (shape === 'created-empty') return c.body(null, createdNow ? 201 : 200);
    if (shape === 'no-content') return c.body(null, 204);
    if (shape === 'wrapped-data') return c.json({ data: view }, createdNow ? 201 : 200);
    if (shape === 'wrapped-group') return c.json({ group: view }, createdNow ? 201 : 200);
    return c.json(view, createdNow ? 201 : 200);
  }

  const taskView = (t: DoubleTask): Record<string, unknown> => {
    const shape = draws.draw(`task:${t.id}`, taskShape);
    const age = Date.now() - t.createdAt;
    const body: Record<string, unknown> = { ...shape.extra };
    if (shape.idName !== 'task_id') body.id = t.id;
    if (shape.idName !== 'id') body.task_id = t.id;
    if (style.taskModel) body.model = t.model;
    let progress = 0;
    if (t.outcome === 'cancel' && age > 1_500) body.status = shape.cancelledAs;
    else if (age < 700) body.status = shape.waitingAs;
    else if (age < 1_400) {
      body.status = shape.runningAs;
      progress = 40;
    } else if (age < 2_000 && shape.unknownState) body.status = UNKNOWN_TASK_STATE;
    else if (age < 2_500) {
      body.status = shape.runningAs;
      progress = 80;
    } else if (t.outcome === 'fail') {
      body.status = shape.failedAs;
      // Rule 3: error.message is read; error.code and fail_reason may come too.
      const error: Record<string, unknown> = { message: 'the input was rejected by a content policy' };
      withPresence(error, 'code', 'content_policy', shape.failureFields.errorCode);
      body.error = error;
      withPresence(body, 'fail_reason', 'content policy', shape.failureFields.failReason);
      body.request_id = `req_${t.id}`;
    } else {
      body.status = shape.succeededAs;
      progress = 100;
      // The first present place in the specification's order holds the result; any later one a decoy.
      const places = RESULT_PLACES.filter((p) => shape.resultPlaces.includes(p));
      places.forEach((place, i) => setPath(body, place, i === 0 ? t.resultUrl : decoy));
    }
    withPresence(body, 'progress', progress, shape.progress);
    if (t.references) body.input_references = t.references;
    return body;
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
  api.use('/v1/*', async (c, next) => {
    if (c.req.header('authorization') !== `Bearer ${DOUBLE_KEY}`)
      return c.json(errorEnvelope('invalid API key', 'authentication_error'), 401);
    await next();
  });
  api.onError((error, c) => c.json(errorEnvelope(String(error), 'server_error'), 500));
  api.notFound((c) =>
    c.json(
      errorEnvelope(`this deployment does not offer ${c.req.method} ${c.req.path}`, 'invalid_request_error'),
      404,
    ),
  );

  api.get('/v1/assets', (c) => {
    const group = c.req.query('group_id') || DEFAULT_GROUP;
    const type = c.req.query('type');
    const status = c.req.query('status');
    const rows = assets
      .filter((a) => a.group_id === group && (!type || a.type === type))
      .map((a) => (a.unreadable ? a.unreadable : assetView(a)))
      .filter((a) => !status || a.status === status);
    const { page, size, data, total } = pageOf(c, rows);
    return c.json({ object: 'list', data, count: data.length, total, page, page_size: size });
  });

  api.get('/v1/assets/:id', (c) => {
    const group = c.req.query('group_id') || DEFAULT_GROUP;
    const a = assets.find((x) => x.id === c.req.param('id') && x.group_id === group && !x.unreadable);
    return a ? c.json(assetView(a)) : c.json(errorEnvelope('asset not found', 'invalid_request_error'), 404);
  });

  api.post('/v1/assets/uploads', async (c) => {
    seq += 1;
    const id = `asset_d${seq}${Date.now().toString(36)}`;
    const now = Math.floor(Date.now() / 1000);
    let asset: DoubleAsset;
    if ((c.req.header('content-type') ?? '').startsWith('multipart/form-data')) {
      const form = await c.req.parseBody();
      const file = form.file;
      if (!(file instanceof File))
        return c.json(
          errorEnvelope('file is required: a multipart part named file', 'invalid_request_error'),
          400,
        );
      // Stored under its own name's extension: the media listener's static serving picks the MIME.
      const stored = `${id}${path.extname(file.name).toLowerCase()}`;
      fs.writeFileSync(path.join(mediaDir, stored), Buffer.from(await file.arrayBuffer()));
      const type = String(form.type || (file.type.split('/')[0] ?? 'file'));
      asset = {
        id,
        group_id: String(form.group_id || DEFAULT_GROUP),
        type: ['image', 'audio', 'video'].includes(type) ? type : 'file',
        name: String(form.name || file.name),
        url: `${mediaOrigin}/m/${stored}`,
        content_type: file.type,
        size: file.size,
        created_at: now,
        readyAt: Date.now() + 1_200,
      };
    } else {
      const json = await c.req.json<Record<string, unknown>>().catch(() => undefined);
      if (!json) return c.json(errorEnvelope('body must be JSON', 'invalid_request_error'), 400);
      if (typeof json.url !== 'string' || !/^https?:\/\//.test(json.url))
        return c.json(errorEnvelope('url is required', 'invalid_request_error'), 400);
      const meta = (json.metadata ?? {}) as { name?: string };
      registeredFor.push({ url: json.url, model: typeof json.model === 'string' ? json.model : undefined });
      asset = {
        id,
        group_id: typeof json.group_id === 'string' ? json.group_id : DEFAULT_GROUP,
        type: typeof json.type === 'string' ? json.type : 'image',
        name: meta.name ?? path.basename(new URL(json.url).pathname),
        url: json.url,
        content_type: 'application/octet-stream',
        size: 0,
        created_at: now,
        readyAt: Date.now() + 1_200,
      };
    }
    assets.unshift(asset);
    return c.json(assetView(asset));
  });

  api.get('/v1/asset-groups', (c) => {
    const { page, size, data, total } = pageOf(c, groups);
    const views = data.map(groupView);
    if (style.groupList === 'bare-array') return c.json(views);
    if (style.groupList === 'data-only') return c.json({ data: views });
    if (style.groupList === 'data-has-more') return c.json({ data: views, has_more: page * size < total });
    return c.json({ object: 'list', data: views, count: views.length, total, page });
  });

  api.post('/v1/asset-groups', async (c) => {
    const body = await c.req.json<Partial<DoubleGroup>>().catch(() => ({}) as Partial<DoubleGroup>);
    if (typeof body.name !== 'string' || !body.name.trim())
      return c.json(errorEnvelope('name is required', 'invalid_request_error'), 400);
    seq += 1;
    const group: DoubleGroup = {
      group_id: `grp_d${seq}`,
      name: body.name,
      ...(body.description ? { description: body.description } : {}),
    };
    groups.push(group);
    return groupAnswer(c, group, true, true);
  });

  api.get('/v1/asset-groups/:id', (c) => {
    const group = groups.find((g) => g.group_id === c.req.param('id'));
    return group
      ? groupAnswer(c, group, false, false)
      : c.json(errorEnvelope('group not found', 'invalid_request_error'), 404);
  });

  api.patch('/v1/asset-groups/:id', async (c) => {
    const group = groups.find((g) => g.group_id === c.req.param('id'));
    if (!group) return c.json(errorEnvelope('group not found', 'invalid_request_error'), 404);
    const body = await c.req.json<Partial<DoubleGroup>>().catch(() => ({}) as Partial<DoubleGroup>);
    if (body.name) group.name = body.name;
    if (body.description !== undefined) group.description = body.description;
    return groupAnswer(c, group, true, false);
  });

  const createTask = async (c: Context) => {
    const json = await c.req.json<Record<string, unknown>>().catch(() => undefined);
    if (!json) return c.json(errorEnvelope('body must be JSON', 'invalid_request_error'), 400);
    const model = typeof json.model === 'string' ? json.model : '';
    if (!model) return c.json(errorEnvelope('model is required', 'invalid_request_error'), 400);
    created.push({ path: c.req.path, body: json });
    if (model.startsWith('music') && musicCreates++ === 0) return faultAnswer(c, style.createFault);
    // Readiness is per model (Asset states rule 1): an asset never registered for this one is
    // refused, with a 400 that names no param (the error catalog is not shown).
    for (const ref of Array.isArray(json.references) ? (json.references as Array<{ url?: unknown }>) : []) {
      const id = typeof ref.url === 'string' ? ref.url.replace(/^Asset:\/\//, '') : '';
      if (NOT_PREPARED.has(id))
        return c.json(
          errorEnvelope(
            `asset ${id} is not prepared for ${model}: register it for this model`,
            'invalid_request_error',
          ),
          400,
        );
    }
    const audio = model.startsWith('music') || model.startsWith('digital-human-audio');
    const prompt = typeof json.prompt === 'string' ? json.prompt : '';
    const references = Array.isArray(json.references)
      ? (json.references as Array<Record<string, unknown>>).map((r) => ({
          alias: r.alias,
          role: r.role,
          type: r.media_type,
          binding_status: 'bound',
        }))
      : undefined;
    seq += 1;
    const task: DoubleTask = {
      id: `cgt-${Date.now().toString(36)}-${seq}`,
      model,
      createdAt: Date.now(),
      resultUrl: `${options.fixtureOrigin}/${audio ? 'sample.mp3' : 'sample.mp4'}`,
      outcome: /cancel/i.test(prompt) ? 'cancel' : /fail/i.test(prompt) ? 'fail' : 'succeed',
      references,
    };
    tasks.set(task.id, task);
    const answer: Record<string, unknown> = {};
    setPath(answer, style.createdIdAt, task.id);
    return c.json(answer);
  };
  api.post('/v1/videos', createTask);
  api.post('/v1/tasks', createTask);

  const pollTask = (c: Context) => {
    const task = tasks.get(c.req.param('id') ?? '');
    if (!task) return c.json(errorEnvelope('task not found', 'invalid_request_error'), 404);
    taskPolls += 1;
    // The first task's first two polls (so a slow machine cannot skip them): the style's faults.
    if (taskPolls <= 2) return faultAnswer(c, style.pollFaults[taskPolls - 1]!);
    return c.json(taskView(task));
  };
  api.get('/v1/tasks/:id', pollTask);
  api.get('/v1/videos/:id', pollTask);

  api.post('/v1/chat/completions', async (c) => {
    const json = await c.req.json<Record<string, unknown>>().catch(() => undefined);
    if (!json) return c.json(errorEnvelope('body must be JSON', 'invalid_request_error'), 400);
    const words = ['Hello', ' from', ' a', ' deployment', ' double.'];
    if (json.stream !== true)
      return c.json({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 1,
        model: json.model,
        choices: [
          { index: 0, message: { role: 'assistant', content: words.join('') }, finish_reason: 'stop' },
        ],
      });
    const chunk = (delta: Record<string, unknown>, finish: string | null) =>
      `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: json.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    const text =
      words
        .map((w, i) => chunk(i === 0 ? { role: 'assistant', content: w } : { content: w }, null))
        .join('') +
      chunk({}, 'stop') +
      'data: [DONE]\n\n';
    return c.body(text, 200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  });

  // Media on another origin: Hono's static serving (MIME by extension, Range, HEAD).
  const media = new Hono();
  media.use('*', cors({ origin: '*' }));
  media.use('/m/*', serveStatic({ root: mediaDir, rewriteRequestPath: (p) => p.replace(/^\/m/, '') }));

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
    faults,
    created,
    registeredFor,
    capPages: (size) => {
      pageCap = size;
    },
    async close() {
      await Promise.all([apiServer, mediaServer, dashboardServer].flatMap((s) => (s ? [s.close()] : [])));
      fs.rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}
