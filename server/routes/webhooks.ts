import { Hono, type Context } from 'hono';
import type { AppContext, AppEnv } from '../context';
import { ApiError, badRequest } from '../errors';
import { jsonTextDepth } from '@contract/bounded-json';
import { json, MAX_JSON_BODY_DEPTH } from '../http';
import { token } from '../ids';
import { webhookSecret } from '../services/webhooks/secret';
import { MAX_ATTEMPTS } from '../services/webhooks/sender';
import { verifyWebhook } from '../services/webhooks/signature';
import { clearInbox, listInbox, recordInboxDelivery, type InboxRow } from '../store/webhook-inbox';
import {
  attemptsFor,
  deliveriesForTask,
  taskKnown,
  type AttemptRow,
  type DeliveryRow,
} from '../store/webhooks';

export const INBOX_NAME = /^[A-Za-z0-9_-]{1,64}$/;
export const INBOX_MAX_BODY_BYTES = 256 * 1024;
export const INBOX_KEEP = 100;
/** Over all inboxes: names cost nothing to invent, the disk does. */
export const INBOX_KEEP_TOTAL = 2_000;
/** Never kept, so an inbox (readable without a key) cannot leak a credential someone sent it. */
const REDACTED_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'x-api-key', 'api-key']);

function inboxName(c: Context<AppEnv>, ctx: AppContext): string {
  if (ctx.config.upstreamBaseUrl && !ctx.config.localFeatures.includes('inbox')) {
    throw new ApiError(
      404,
      'The webhook inbox is off in proxy mode: webhooks come from the upstream deployment. ' +
        'Point callback_url at a receiver of your own, or start this server with LOCAL_FEATURES=inbox.',
      { code: 'inbox_disabled' },
    );
  }
  const name = c.req.param('name') ?? '';
  if (!INBOX_NAME.test(name)) {
    throw badRequest(
      'The inbox name must be 1 to 64 letters, digits, "-" or "_" (e.g. /webhooks/inbox/my-test).',
      'name',
    );
  }
  return name;
}

/** The body as text, refusing (413) past the cap before reading a declared size or while counting. */
async function readCappedBody(req: Request): Promise<string> {
  const tooLarge = () =>
    new ApiError(
      413,
      `The webhook inbox keeps bodies up to ${INBOX_MAX_BODY_BYTES / 1024} KiB; this one is larger. Send a smaller body.`,
      { code: 'payload_too_large' },
    );
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > INBOX_MAX_BODY_BYTES) throw tooLarge();
  if (!req.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = req.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > INBOX_MAX_BODY_BYTES) {
      void reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The delivery's body as JSON for display, or null. A body nested deeper than any API request may
 * be (MAX_JSON_BODY_DEPTH) is shown as raw text only: parsed, it could not be written back out.
 */
function parseJson(body: string): unknown {
  if (jsonTextDepth(body) > MAX_JSON_BODY_DEPTH) return null;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return null;
  }
}

/** One entry of GET /webhooks/inbox/:name (the shape the dashboard reads). */
export interface InboxDelivery {
  id: string;
  received_at: number;
  method: string;
  headers: Record<string, string>;
  body: string;
  json: unknown;
  webhook_id: string | null;
  signature: { verified: boolean; reason?: string };
}

function inboxObject(row: InboxRow): InboxDelivery {
  return {
    id: row.id,
    received_at: row.received_ms,
    method: row.method,
    headers: JSON.parse(row.headers) as Record<string, string>,
    body: row.body,
    json: parseJson(row.body),
    webhook_id: row.webhook_id,
    signature: row.verified ? { verified: true } : { verified: false, reason: row.reason ?? 'Not verified.' },
  };
}

function attemptObject(a: AttemptRow) {
  return {
    number: a.number,
    started_at: a.started_ms,
    duration_ms: a.duration_ms,
    outcome: a.outcome,
    status_code: a.status_code,
    error: a.error,
    next_retry_at: a.next_retry_ms,
  };
}

function deliveryObject(d: DeliveryRow, attempts: AttemptRow[]) {
  return {
    object: 'webhook_delivery',
    id: d.id,
    task_id: d.task_id,
    type: d.type,
    url: d.url,
    status: d.status,
    attempt_count: d.attempt_count,
    max_attempts: MAX_ATTEMPTS,
    next_attempt_at: d.status === 'pending' ? d.next_attempt_ms : null,
    last_status_code: d.last_status_code,
    last_error: d.last_error,
    created_at: d.created_ms,
    completed_at: d.completed_ms,
    attempts: attempts.filter((a) => a.delivery_id === d.id).map(attemptObject),
  };
}

/**
 * The webhook inbox (no key: it is what a callback_url points at, and the server's own sender
 * cannot authenticate to it) and, under /v1 with the key, the delivery log of a task.
 */
export function webhookRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/webhooks/inbox/:name', async (c) => {
    const name = inboxName(c, ctx);
    const body = await readCappedBody(c.req.raw);
    const headers: Record<string, string> = {};
    c.req.raw.headers.forEach((value, key) => {
      headers[key] = REDACTED_HEADERS.has(key) ? '[redacted]' : value;
    });
    const now = Date.now();
    const check = verifyWebhook(webhookSecret(ctx).key, headers, body, now);
    recordInboxDelivery(
      ctx.db,
      {
        id: `whd_${token()}`,
        name,
        received_ms: now,
        method: c.req.method,
        headers: JSON.stringify(headers),
        body,
        webhook_id: headers['webhook-id'] ?? null,
        verified: check.verified ? 1 : 0,
        reason: check.reason ?? null,
      },
      { perInbox: INBOX_KEEP, total: INBOX_KEEP_TOTAL },
    );
    return c.json({ ok: true });
  });

  app.get('/webhooks/inbox/:name', (c) => {
    const name = inboxName(c, ctx);
    const data = listInbox(ctx.db, name, INBOX_KEEP).map(inboxObject);
    return json(c, { object: 'list', data }, 200, { 'Cache-Control': 'no-store' });
  });

  app.delete('/webhooks/inbox/:name', (c) => {
    const name = inboxName(c, ctx);
    return json(c, { ok: true, deleted: clearInbox(ctx.db, name) });
  });

  app.all('/webhooks/inbox/:name', (c) => {
    throw new ApiError(
      405,
      `${c.req.method} is not allowed on the webhook inbox. Allowed: GET, POST, DELETE.`,
      {
        code: 'method_not_allowed',
        headers: { Allow: 'DELETE, GET, HEAD, POST' },
      },
    );
  });

  app.get('/v1/tasks/:id/webhooks', (c) => {
    const taskId = c.req.param('id');
    const owner = c.var.owner;
    const deliveries = deliveriesForTask(ctx.db, owner, taskId);
    if (deliveries.length === 0 && !taskKnown(ctx.db, owner, taskId)) {
      throw new ApiError(404, `No task ${taskId} for this API key. Check the id (it starts with task_).`, {
        code: 'task_not_found',
      });
    }
    const attempts = attemptsFor(
      ctx.db,
      deliveries.map((d) => d.id),
    );
    return json(c, {
      object: 'list',
      task_id: taskId,
      data: deliveries.map((d) => deliveryObject(d, attempts)),
    });
  });

  return app;
}
