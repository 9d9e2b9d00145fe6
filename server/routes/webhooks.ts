import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { isInboxName } from '@contract/webhook-inbox';
import type { AppContext, AppEnv } from '../context';
import { ApiError, badRequest } from '../errors';
import { assertJsonContentType, json } from '../http';
import { jsonBodyLimit } from '../middleware/body-limit';
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

  // Only JSON is received (decision 282), checked before the size so a form post is a 415 at any size.
  const jsonOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
    assertJsonContentType(c);
    await next();
  };
  const capped = jsonBodyLimit(INBOX_MAX_BODY_BYTES, {
    advice: 'the webhook inbox keeps what a webhook sends, not files',
  });

  // The body is kept as sent, JSON or not: the inbox shows what arrived, it does not judge it.
  app.post('/webhooks/inbox/:name', named, jsonOnly, capped, async (c) => {
    const name = inboxName(c, ctx);
    receiveInboxDelivery(ctx, name, c.req.method, c.req.raw.headers, await c.req.text());
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
