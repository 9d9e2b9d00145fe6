import { Hono } from 'hono';
import { ChatCompletionRequestSchema } from '@contract/chat-completions-request';
import type { AppContext, AppEnv } from '../../context';
import { validJson } from '../../middleware/validate';
import { chatCompletionReply } from '../../services/text/chat-completion-reply';
import { answer } from './answer';

/** POST /v1/chat/completions, as the openai client expects it (services/text/chat-completion-reply.ts). */
export function chatCompletionRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/v1/chat/completions', validJson(ChatCompletionRequestSchema), async (c) =>
    answer(c, ctx, await chatCompletionReply(c.req.valid('json'))),
  );
  return app;
}
