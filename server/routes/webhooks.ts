import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { isInboxName } from '@contract/webhook-inbox';
import type { AppContext, AppEnv } from '../context';
import { ApiError, badRequest } from '../errors';
import { json } from '../http';
import { bearerAuth } from '../middleware/auth';
import { taskWebhookDeliveries } from '../services/webhooks/delivery-log';
import {
  assertInboxOwner,
  clearInboxDeliveries,
  inboxDeliveries,
  receiveInboxDelivery,
} from '../services/webhooks/inbox';

export const INBOX_MAX_BODY_BYTES = 256 * 1024;

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
  if (!isInboxName(name)) {
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
 * Only JSON is received: a cross-site form or `text/plain` post needs no CORS preflight, so a
 * foreign page could otherwise post fake deliveries (decision 282). Webhooks are JSON.
 */
function assertJson(c: Context<AppEnv>): void {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new ApiError(
      415,
      `The webhook inbox takes only Content-Type: application/json${type ? `, not ${type}` : ' (none was sent)'}. Send the webhook's JSON body with that header.`,
      { code: 'unsupported_media_type' },
    );
  }
}

/**
 * The webhook inbox and, under /v1 with the key, the delivery log of a task. Receiving needs no key
 * (it is what a callback_url points at, and the server's own sender cannot authenticate to it);
 * reading and clearing need the key that owns the inbox (decision 282).
 */
export function webhookRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const key = bearerAuth(ctx.config.apiKeys);
  // The name and proxy-mode answers come first, as for POST; then the key.
  const named: MiddlewareHandler<AppEnv> = async (c, next) => {
    inboxName(c, ctx);
    await next();
  };

  app.post('/webhooks/inbox/:name', async (c) => {
    const name = inboxName(c, ctx);
    assertJson(c);
    const body = await readCappedBody(c.req.raw);
    receiveInboxDelivery(ctx, name, c.req.method, c.req.raw.headers, body);
    return c.json({ ok: true });
  });

  app.get('/webhooks/inbox/:name', named, key, (c) => {
    const name = inboxName(c, ctx);
    assertInboxOwner(ctx, name, c.var.owner);
    const data = inboxDeliveries(ctx, name);
    return json(c, { object: 'list', data }, 200, { 'Cache-Control': 'no-store' });
  });

  app.delete('/webhooks/inbox/:name', named, key, (c) => {
    const name = inboxName(c, ctx);
    assertInboxOwner(ctx, name, c.var.owner);
    return json(c, { ok: true, deleted: clearInboxDeliveries(ctx, name) });
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
    return json(c, {
      object: 'list',
      task_id: taskId,
      data: taskWebhookDeliveries(ctx, c.var.owner, taskId),
    });
  });

  return app;
}
