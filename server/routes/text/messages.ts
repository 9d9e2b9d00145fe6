import { Hono } from 'hono';
import { CountTokensRequestSchema, MessagesRequestSchema } from '@contract/messages-request';
import type { AppContext, AppEnv } from '../../context';
import { json } from '../../http';
import { validJson } from '../../middleware/validate';
import { countMessageTokens, messagesReply } from '../../services/text/messages-reply';
import { answer } from './answer';

/**
 * POST /v1/messages (and count_tokens) in Anthropic's Messages format, answered by the local writer
 * (services/text/messages-reply.ts). Refusals get Anthropic's error shape from the app-level
 * middleware (middleware/anthropic-error-shape.ts).
 */
export function messagesRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/v1/messages', validJson(MessagesRequestSchema), async (c) =>
    answer(c, ctx, await messagesReply(c.req.valid('json')), { 'request-id': c.var.requestId }),
  );

  app.post('/v1/messages/count_tokens', validJson(CountTokensRequestSchema), (c) =>
    json(c, countMessageTokens(c.req.valid('json'))),
  );

  return app;
}
