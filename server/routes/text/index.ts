import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../../context';
import { warmSchemaWorkers } from '../../services/text/schemas/schema-pool';
import { audioRoutes } from './audio';
import { chatCompletionRoutes } from './chat-completions';
import { embeddingRoutes } from './embeddings';
import { messagesRoutes } from './messages';
import { modelRoutes } from './models';
import { responsesRoutes } from './responses';

/** Every text-family endpoint of the specification (LOCAL_API.md "Text endpoints"). */
export function textRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // The JSON Schema workers (decision 350) load when the text family is first used, not at start:
  // a server that never answers a chat, response or message never pays their ~0.8 s of CPU, which
  // every short-lived server of the test suites did (decision 382). Loading starts with the first
  // such request, so only a JSON Schema in that very first one waits for it.
  for (const path of ['/v1/chat/completions', '/v1/responses', '/v1/messages']) {
    app.use(path, async (_c, next) => {
      void warmSchemaWorkers();
      await next();
    });
  }
  app.route('/', chatCompletionRoutes(ctx));
  app.route('/', responsesRoutes(ctx));
  app.route('/', messagesRoutes(ctx));
  app.route('/', embeddingRoutes());
  app.route('/', audioRoutes(ctx));
  app.route('/', modelRoutes());
  return app;
}
