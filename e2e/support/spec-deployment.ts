import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { seedAssets, type DoubleAsset, type DoubleGroup, type DoubleTask } from './spec-deployment-data';

/**
 * A deployment double: a small HTTP server that answers only with what the API specification
 * documents, in its alternative forms, and nothing the local server adds. Not the local server,
 * on purpose: the dashboard must work against any deployment that follows the specification.
 *
 * - List envelope `object, data, count, total, page` (no `page_size`), pages of assets and groups
 *   capped at 50 (`capPages` lowers it below what a view asks for).
 * - Assets as `asset_id`/`asset_type`/`asset_ref` or `id`/`type`/`reference`, one unreadable item.
 * - Group records as `group_id` + `name`, some without `description`; no counts, no timestamps.
 * - Tasks created with only `task_id`, upper-case states, the result URL in each of its six places
 *   in turn, `canceled`, no `kind`, no `progress`; media on another origin.
 * - No /bootstrap, no webhook log. One 429 with Retry-After and one 503 along the way.
 * - CORS for direct mode.
 */
export interface SpecDeployment {
  url: string;
  /** Origin of the uploaded media (a second listener: media lives on another origin). */
  mediaOrigin: string;
  /** A static host of the dashboard build without the local server's CSP (direct mode). */
  dashboardOrigin: string;
  /** How many 429 and 503 answers were sent (each is sent once). */
  faults: { tooMany: number; unavailable: number };
  /** Caps list pages at `size` from now on (a deployment whose cap is below a view's page size). */
  capPages(size: number): void;
  close(): Promise<void>;
}

export const DOUBLE_KEY = 'sk-double-deployment';
export const DOUBLE_PAGE_CAP = 50;
const DEFAULT_GROUP = 'grp_default';

const RESULT_PLACES = ['data.video_url', 'video_url', 'url', 'result_url', 'output.url', 'metadata.url'];

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function fail(
  res: http.ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  send(res, status, { error: { message, type: 'invalid_request_error' } }, headers);
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

function setPath(target: Record<string, unknown>, place: string, value: string) {
  const [head, tail] = place.split('.') as [string, string | undefined];
  if (tail) target[head] = { [tail]: value };
  else target[head] = value;
}

/** Starts the double; `fixtureOrigin` serves sample.mp4/.mp3/.png (media on another origin). */
export async function startSpecDeployment(options: {
  fixtureOrigin: string;
  staticDir?: string;
}): Promise<SpecDeployment> {
  const assets: DoubleAsset[] = seedAssets(options.fixtureOrigin);
  const groups: DoubleGroup[] = [
    { group_id: DEFAULT_GROUP, name: 'Default' },
    { group_id: 'grp_campaign', name: 'Campaign', description: 'Spring launch' },
  ];
  const tasks = new Map<string, DoubleTask>();
  const media = new Map<string, { type: string; bytes: Buffer }>();
  const faults = { tooMany: 0, unavailable: 0 };
  let resultPlace = 0;
  let taskPolls = 0;
  let seq = 0;
  let mediaOrigin = '';
  let pageCap = DOUBLE_PAGE_CAP;
  const pageOf = <T>(url: URL, rows: T[]) => {
    const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
    const size = Math.min(pageCap, Math.max(1, Number(url.searchParams.get('page_size')) || 20));
    const data = rows.slice((page - 1) * size, page * size);
    return { object: 'list', data, count: data.length, total: rows.length, page };
  };

  const assetView = (a: DoubleAsset) => {
    const ready = Date.now() >= a.readyAt;
    const state = ready ? 'ready' : 'syncing';
    const common = {
      object: 'asset',
      group_id: a.group_id,
      domain: 'media',
      name: a.name,
      source_url: a.url,
      url: a.url,
      oss_url: '',
      content_type: a.content_type,
      size: a.size,
      duration: a.type === 'image' ? 0 : 5,
      status: state,
      sync_status: state,
      preparation_status: state,
      generation_ready: ready,
      review_status: ready ? 'succeeded' : 'pending',
      review_passed: ready,
      visibility: 'private',
      created_at: a.created_at,
      updated_at: a.created_at,
    };
    // The specification's alternative names, alternately.
    return a.alt
      ? { ...common, asset_id: a.id, asset_type: a.type, asset_ref: `Asset://${a.id}` }
      : { ...common, id: a.id, asset_id: a.id, type: a.type, reference: `Asset://${a.id}` };
  };

  const taskView = (t: DoubleTask) => {
    const age = Date.now() - t.createdAt;
    const body: Record<string, unknown> = { task_id: t.id, model: t.model };
    if (t.cancel && age > 1_500) body.status = 'canceled';
    else if (age < 700) body.status = 'SUBMITTED';
    else if (age < 1_400) body.status = 'QUEUED';
    else if (age < 2_500) body.status = 'IN_PROGRESS';
    else {
      body.status = 'SUCCESS';
      setPath(body, t.resultPlace, t.resultUrl);
    }
    if (t.references) body.input_references = t.references;
    return body;
  };

  function createTask(model: string, resultUrl: string, extra: Partial<DoubleTask> = {}): DoubleTask {
    seq += 1;
    const task: DoubleTask = {
      id: `cgt-${Date.now().toString(36)}-${seq}`,
      model,
      createdAt: Date.now(),
      resultUrl,
      resultPlace: RESULT_PLACES[resultPlace++ % RESULT_PLACES.length]!,
      ...extra,
    };
    tasks.set(task.id, task);
    return task;
  }

  function listAssets(url: URL, res: http.ServerResponse) {
    const group = url.searchParams.get('group_id') || DEFAULT_GROUP;
    const type = url.searchParams.get('type');
    const status = url.searchParams.get('status');
    const rows = assets
      .filter((a) => a.group_id === group)
      .map((a) => (a.unreadable ? a.unreadable : assetView(a)))
      .filter(
        (a) =>
          !type ||
          (a as { type?: string; asset_type?: string }).type === type ||
          (a as { asset_type?: string }).asset_type === type,
      )
      .filter((a) => !status || (a as { status?: string }).status === status);
    send(res, 200, pageOf(url, rows));
  }

  async function upload(req: http.IncomingMessage, res: http.ServerResponse) {
    const body = await readBody(req);
    const contentType = req.headers['content-type'] ?? '';
    seq += 1;
    const id = `asset_d${seq}${Date.now().toString(36)}`;
    let asset: DoubleAsset;
    if (contentType.startsWith('multipart/form-data')) {
      const form = await new Request('http://double/', {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: new Uint8Array(body),
      }).formData();
      const file = form.get('file');
      if (!(file instanceof File)) return fail(res, 400, 'file is required: a multipart part named file');
      media.set(id, {
        type: file.type || 'application/octet-stream',
        bytes: Buffer.from(await file.arrayBuffer()),
      });
      const type = String(form.get('type') || (file.type.split('/')[0] ?? 'file'));
      asset = {
        id,
        alt: true,
        group_id: String(form.get('group_id') || DEFAULT_GROUP),
        type: ['image', 'audio', 'video'].includes(type) ? type : 'file',
        name: String(form.get('name') || file.name),
        url: `${mediaOrigin}/m/${id}`,
        content_type: file.type,
        size: file.size,
        created_at: Math.floor(Date.now() / 1000),
        readyAt: Date.now() + 1_200,
      };
    } else {
      let json: Record<string, unknown>;
      try {
        json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      } catch {
        return fail(res, 400, 'body must be JSON');
      }
      if (typeof json.url !== 'string' || !/^https?:\/\//.test(json.url))
        return fail(res, 400, 'url is required');
      const meta = (json.metadata ?? {}) as { name?: string };
      asset = {
        id,
        alt: false,
        group_id: typeof json.group_id === 'string' ? json.group_id : DEFAULT_GROUP,
        type: typeof json.type === 'string' ? json.type : 'image',
        name: meta.name ?? path.basename(new URL(json.url).pathname),
        url: json.url,
        content_type: 'application/octet-stream',
        size: 0,
        created_at: Math.floor(Date.now() / 1000),
        readyAt: Date.now() + 1_200,
      };
    }
    assets.unshift(asset);
    send(res, 200, assetView(asset));
  }

  function pollTask(id: string, res: http.ServerResponse) {
    const task = tasks.get(id);
    if (!task) return fail(res, 404, `task ${id} not found`);
    taskPolls += 1;
    // Along the way, on the first task's first polls (so that a slow machine cannot skip them):
    // one rate limit with Retry-After, then one busy upstream.
    if (taskPolls === 1 && faults.tooMany === 0) {
      faults.tooMany += 1;
      return fail(res, 429, 'rate limited: slow down', { 'Retry-After': '1' });
    }
    if (taskPolls === 2 && faults.unavailable === 0) {
      faults.unavailable += 1;
      return fail(res, 503, 'service temporarily unavailable');
    }
    send(res, 200, taskView(task));
  }

  function chat(json: Record<string, unknown>, res: http.ServerResponse) {
    const words = ['Hello', ' from', ' a', ' deployment', ' double.'];
    if (json.stream === true) {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      for (const [i, w] of words.entries()) {
        const chunk = {
          id: 'chatcmpl-1',
          object: 'chat.completion.chunk',
          created: 1,
          model: json.model,
          choices: [
            {
              index: 0,
              delta: i === 0 ? { role: 'assistant', content: w } : { content: w },
              finish_reason: null,
            },
          ],
        };
        res.write(`data: ${JSON.stringify(chunk)}\n\n`);
      }
      res.write(
        `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`,
      );
      res.end('data: [DONE]\n\n');
      return;
    }
    send(res, 200, {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1,
      model: json.model,
      choices: [{ index: 0, message: { role: 'assistant', content: words.join('') }, finish_reason: 'stop' }],
    });
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://double');
    const method = req.method ?? 'GET';
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Expose-Headers', 'Retry-After, X-Request-Id');
    if (method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, POST, PATCH, DELETE, OPTIONS',
        'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept',
        'Access-Control-Max-Age': '600',
      });
      return res.end();
    }
    if (url.pathname === '/healthz') return send(res, 200, { ok: true });
    if (!url.pathname.startsWith('/v1/')) return fail(res, 404, `no route ${method} ${url.pathname}`);
    if (req.headers.authorization !== `Bearer ${DOUBLE_KEY}`) return fail(res, 401, 'invalid API key');
    const p = url.pathname;
    let m: RegExpExecArray | null;
    if (method === 'GET' && p === '/v1/assets') return listAssets(url, res);
    if (method === 'POST' && p === '/v1/assets/uploads') return upload(req, res);
    if (method === 'GET' && (m = /^\/v1\/assets\/([^/]+)$/.exec(p))) {
      const group = url.searchParams.get('group_id') || DEFAULT_GROUP;
      const a = assets.find(
        (x) => x.id === decodeURIComponent(m![1]!) && x.group_id === group && !x.unreadable,
      );
      return a ? send(res, 200, assetView(a)) : fail(res, 404, 'asset not found');
    }
    if (method === 'GET' && p === '/v1/asset-groups') return send(res, 200, pageOf(url, groups));
    if (p.startsWith('/v1/asset-groups')) {
      const id = decodeURIComponent(p.split('/')[3] ?? '');
      const body: Partial<DoubleGroup> =
        method === 'GET' ? {} : (JSON.parse((await readBody(req)).toString('utf8') || '{}') as DoubleGroup);
      if (method === 'POST' && !id) {
        if (typeof body.name !== 'string' || !body.name.trim()) return fail(res, 400, 'name is required');
        seq += 1;
        const group: DoubleGroup = {
          group_id: `grp_d${seq}`,
          name: body.name,
          ...(body.description ? { description: body.description } : {}),
        };
        groups.push(group);
        return send(res, 200, group);
      }
      const group = groups.find((g) => g.group_id === id);
      if (!group) return fail(res, 404, 'group not found');
      if (method === 'PATCH')
        Object.assign(
          group,
          body.name ? { name: body.name } : {},
          body.description !== undefined ? { description: body.description } : {},
        );
      return send(res, 200, group);
    }
    if (method === 'POST' && (p === '/v1/videos' || p === '/v1/tasks' || p === '/v1/chat/completions')) {
      let json: Record<string, unknown>;
      try {
        json = JSON.parse((await readBody(req)).toString('utf8')) as Record<string, unknown>;
      } catch {
        return fail(res, 400, 'body must be JSON');
      }
      if (p === '/v1/chat/completions') return chat(json, res);
      const model = typeof json.model === 'string' ? json.model : '';
      if (!model) return fail(res, 400, 'model is required');
      const audio = model.startsWith('music') || model.startsWith('digital-human-audio');
      const prompt = typeof json.prompt === 'string' ? json.prompt : '';
      const refs = Array.isArray(json.references)
        ? (json.references as Array<Record<string, unknown>>).map((r) => ({
            alias: r.alias,
            role: r.role,
            type: r.media_type,
            binding_status: 'bound',
          }))
        : undefined;
      const task = createTask(model, `${options.fixtureOrigin}/${audio ? 'sample.mp3' : 'sample.mp4'}`, {
        cancel: /cancel/i.test(prompt),
        references: refs,
      });
      // Only what the specification shows of a creation answer: the id, as task_id.
      return send(res, 200, { task_id: task.id, status: 'SUBMITTED' });
    }
    if (method === 'GET' && (m = /^\/v1\/(?:tasks|videos)\/([^/]+)$/.exec(p)))
      return pollTask(decodeURIComponent(m[1]!), res);
    return fail(res, 404, `this deployment does not offer ${method} ${p}`);
  }

  const api = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => fail(res, 500, String(error)));
  });
  const mediaServer = http.createServer((req, res) => {
    const id = (req.url ?? '').replace(/^\/m\//, '').split('?')[0]!;
    const item = media.get(id);
    if (!item) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': item.type, 'Access-Control-Allow-Origin': '*' }).end(item.bytes);
  });
  const dashboard = http.createServer((req, res) => {
    // A plain static host: files as they are, index.html for any other path, and no CSP.
    const dir = options.staticDir ?? '';
    const rel = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = path.join(dir, path.normalize(rel));
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory())
      file = path.join(dir, 'index.html');
    const ext = path.extname(file);
    const types: Record<string, string> = {
      '.html': 'text/html',
      '.js': 'text/javascript',
      '.css': 'text/css',
      '.json': 'application/json',
      '.svg': 'image/svg+xml',
      '.woff2': 'font/woff2',
    };
    res
      .writeHead(200, { 'Content-Type': types[ext] ?? 'application/octet-stream' })
      .end(fs.readFileSync(file));
  });
  const url = await listen(api);
  mediaOrigin = await listen(mediaServer);
  const dashboardOrigin = options.staticDir ? await listen(dashboard) : '';
  const close = (s: http.Server) => new Promise<void>((r) => (s.listening ? s.close(() => r()) : r()));
  return {
    url,
    mediaOrigin,
    dashboardOrigin,
    faults,
    capPages: (size) => {
      pageCap = size;
    },
    async close() {
      api.closeAllConnections();
      mediaServer.closeAllConnections();
      dashboard.closeAllConnections();
      await Promise.all([close(api), close(mediaServer), close(dashboard)]);
    },
  };
}
