import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../../context';
import { audioRoutes } from './audio';
import { chatCompletionRoutes } from './chat-completions';
import { embeddingRoutes } from './embeddings';
import { messagesRoutes } from './messages';
import { modelRoutes } from './models';
import { responsesRoutes } from './responses';

/** Every text-family endpoint of the specification (LOCAL_API.md "Text endpoints"). */
export function textRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.route('/', chatCompletionRoutes(ctx));
  app.route('/', responsesRoutes(ctx));
  app.route('/', messagesRoutes(ctx));
  app.route('/', embeddingRoutes());
  app.route('/', audioRoutes(ctx));
  app.route('/', modelRoutes());
  return app;
}
