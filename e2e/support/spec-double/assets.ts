import fs from 'node:fs';
import fc from 'fast-check';
import path from 'node:path';
import type { Context, Hono } from 'hono';
import type { DoubleAsset } from '../spec-deployment-data';
import { assetShape, OPTIONAL_ASSET_FIELDS, spareShape, withPresence } from '../spec-deployment-shapes';
import { badRequest, errorEnvelope, faultAnswer, jsonBody, pageOf, type DoubleContext } from './context';

const READY = {
  status: 'ready',
  preparation_status: 'ready',
  generation_ready: true,
  review_status: 'succeeded',
  review_passed: true,
};

/** The five readiness fields of an asset in its state (Asset states rules 1 and 2). */
function readiness(
  a: DoubleAsset,
  preparingAs: string,
  reviewWhilePreparing: string,
): Record<string, unknown> {
  const state = a.state ?? (Date.now() >= a.readyAt ? 'ready' : 'preparing');
  if (state === 'ready') return READY;
  if (state === 'preparing')
    return {
      status: preparingAs,
      preparation_status: preparingAs,
      generation_ready: false,
      review_status: reviewWhilePreparing,
      review_passed: false,
    };
  const passed = { review_status: 'succeeded', review_passed: true };
  if (state === 'rejected')
    return { status: 'failed', preparation_status: 'failed', generation_ready: false, ...passed };
  if (state === 'disabled')
    return { status: 'disabled', preparation_status: 'disabled', generation_ready: false, ...passed };
  return { ...READY, review_status: 'failed', review_passed: false };
}

/** An asset record as this deployment spells it (asset:<id> draws), odd as drawn when it is spare. */
export function assetView(ctx: DoubleContext, a: DoubleAsset): Record<string, unknown> {
  const shape = ctx.draws.draw(`asset:${a.id}`, assetShape);
  const body: Record<string, unknown> = { ...shape.extra };
  if (shape.idNames !== 'asset_id') body.id = a.id;
  if (shape.idNames !== 'id') body.asset_id = a.id;
  if (shape.typeName !== 'asset_type') body.type = a.type;
  if (shape.typeName !== 'type') body.asset_type = a.type;
  if (shape.refName === 'reference' || shape.refName === 'both') body.reference = `Asset://${a.id}`;
  if (shape.refName === 'asset_ref' || shape.refName === 'both') body.asset_ref = `Asset://${a.id}`;
  Object.assign(body, {
    group_id: a.group_id,
    name: a.name,
    url: a.url,
    source_url: a.url,
    created_at: a.created_at,
  });
  // purpose is not in the specification's Asset: a deployment may or may not echo it.
  if (a.purpose && ctx.draws.draw(`purpose:${a.id}`, shapeOfPurpose)) body.purpose = a.purpose;
  const fields = readiness(a, shape.preparingAs, shape.reviewWhilePreparing);
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
    if (field === 'sync_error' && a.state === 'rejected') body.sync_error = a.syncError;
    else withPresence(body, field, optional[field], shape.optional[field]);
  }
  if (a.spare) spareOddities(ctx, a, body);
  return body;
}

/** Whether a record echoes its `purpose` (drawn per asset). */
const shapeOfPurpose = fc.boolean();

/** What no journey reads by name may lack any field but its id, or carry values beyond the common ones. */
function spareOddities(ctx: DoubleContext, a: DoubleAsset, body: Record<string, unknown>) {
  const odd = ctx.draws.draw(`spare:${a.id}`, spareShape);
  for (const field of odd.missing) delete body[field];
  if (odd.oddity === 'no-readiness')
    for (const f of [
      'status',
      'sync_status',
      'preparation_status',
      'generation_ready',
      'review_status',
      'review_passed',
    ])
      delete body[f];
  if (odd.oddity === 'unknown-type') body[body.type ? 'type' : 'asset_type'] = 'document';
  if (odd.oddity === 'unknown-status') body.status = 'archived';
  if (odd.oddity === 'ready-review-unknown')
    Object.assign(body, { ...READY, review_status: 'unknown', review_passed: false });
}

/** The answer of an upload in the style's shape ("the exact response body: not shown"). */
function uploadAnswer(ctx: DoubleContext, c: Context, a: DoubleAsset): Response {
  const view = assetView(ctx, a);
  switch (ctx.style.uploadAnswer) {
    case 'wrapped-data':
      return c.json({ data: view });
    case 'reference-only':
      return c.json({ object: 'asset', reference: `Asset://${a.id}` });
    case 'minimal':
      return c.json({ ok: true });
    default:
      return c.json(view);
  }
}

export function assetRoutes(api: Hono, ctx: DoubleContext) {
  let listReads = 0;

  api.get('/v1/assets', (c) => {
    listReads += 1;
    // Once, somewhere among the first reads: a 503 a client retries (a read is safe to repeat).
    if (listReads === ctx.style.listFaultAt)
      return faultAnswer(ctx, c, { status: 503, body: 'json' }, 'list');
    const group = c.req.query('group_id') || ctx.defaultGroup;
    const type = c.req.query('type');
    const status = c.req.query('status');
    const rows = ctx.assets
      .filter((a) => a.group_id === group && (!type || a.type === type))
      .map((a) => (a.unreadable ? a.unreadable : assetView(ctx, a)))
      .filter((a) => !status || a.status === status);
    const { page, size, data, total } = pageOf(ctx, c, rows);
    const list: Record<string, unknown> = { object: 'list', data, count: data.length, page };
    if (ctx.style.assetList === 'full' || ctx.style.assetList === 'no-page-size') list.total = total;
    if (ctx.style.assetList === 'full' || ctx.style.assetList === 'no-total') list.page_size = size;
    return c.json(list);
  });

  api.get('/v1/assets/:id', (c) => {
    const group = c.req.query('group_id') || ctx.defaultGroup;
    const a = ctx.assets.find((x) => x.id === c.req.param('id') && x.group_id === group && !x.unreadable);
    return a
      ? c.json(assetView(ctx, a))
      : c.json(errorEnvelope('asset not found', 'invalid_request_error'), 404);
  });

  api.post('/v1/assets/uploads', async (c) => {
    const id = `asset_d${ctx.next()}${Date.now().toString(36)}`;
    const now = Math.floor(Date.now() / 1000);
    let asset: DoubleAsset;
    if ((c.req.header('content-type') ?? '').startsWith('multipart/form-data')) {
      const form = await c.req.parseBody();
      const file = form.file;
      if (!(file instanceof File)) return badRequest(c, 'file is required: a multipart part named file');
      // Stored under its own name's extension: the media listener's static serving picks the MIME.
      const stored = `${id}${path.extname(file.name).toLowerCase()}`;
      fs.writeFileSync(path.join(ctx.mediaDir, stored), Buffer.from(await file.arrayBuffer()));
      const type = String(form.type || (file.type.split('/')[0] ?? 'file'));
      // The specification's form has file, type and purpose: a deployment may ignore the rest.
      const ignores = ctx.style.uploadIgnoresGroup;
      asset = {
        id,
        group_id: ignores ? ctx.defaultGroup : String(form.group_id || ctx.defaultGroup),
        type: ['image', 'audio', 'video'].includes(type) ? type : 'file',
        name: ignores ? file.name : String(form.name || file.name),
        url: `${ctx.mediaOrigin()}/m/${stored}`,
        content_type: file.type,
        size: file.size,
        created_at: now,
        readyAt: Date.now() + 1_200,
        ...(typeof form.purpose === 'string' && form.purpose ? { purpose: form.purpose } : {}),
      };
    } else {
      const json = await jsonBody(c);
      if (json instanceof Response) return json;
      if (typeof json.url !== 'string' || !/^https?:\/\//.test(json.url))
        return badRequest(c, 'url is required');
      const meta = (json.metadata ?? {}) as { name?: string };
      ctx.registeredFor.push({
        url: json.url,
        model: typeof json.model === 'string' ? json.model : undefined,
      });
      asset = {
        id,
        group_id: typeof json.group_id === 'string' && json.group_id ? json.group_id : ctx.defaultGroup,
        type: typeof json.type === 'string' ? json.type : 'image',
        name: meta.name ?? path.basename(new URL(json.url).pathname),
        url: json.url,
        content_type: 'application/octet-stream',
        size: 0,
        created_at: now,
        readyAt: Date.now() + 1_200,
      };
    }
    ctx.assets.unshift(asset);
    return uploadAnswer(ctx, c, asset);
  });
}
