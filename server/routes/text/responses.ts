import { Hono } from 'hono';
import {
  CompactRequestSchema,
  InputItemsQuerySchema,
  ResponsesRequestSchema,
} from '@contract/responses-request';
import type { AppContext, AppEnv } from '../../context';
import { json } from '../../http';
import { validJson, validQuery } from '../../middleware/validate';
import { inputItemsPage } from '../../services/text/responses/response-items';
import { compactResponse, createResponse } from '../../services/text/responses/responses-reply';
import { deleteResponse, requireResponse } from '../../services/text/responses/stored-responses';
import { answer } from './answer';

/** POST /v1/responses, GET/DELETE /v1/responses/{id}, POST /v1/responses/compact. */
export function responsesRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/v1/responses/compact', validJson(CompactRequestSchema), (c) =>
    json(c, compactResponse(ctx.db, c.var.owner, c.req.valid('json'))),
  );

  app.post('/v1/responses', validJson(ResponsesRequestSchema), async (c) =>
    answer(c, ctx, await createResponse(ctx.db, c.var.owner, c.req.valid('json'))),
  );

  app.get('/v1/responses/:id', (c) =>
    json(c, requireResponse(ctx.db, c.var.owner, c.req.param('id')).response),
  );

  app.get('/v1/responses/:id/input_items', validQuery(InputItemsQuerySchema), (c) => {
    const stored = requireResponse(ctx.db, c.var.owner, c.req.param('id'));
    return json(c, inputItemsPage(stored, c.req.valid('query')));
  });

  app.delete('/v1/responses/:id', (c) => json(c, deleteResponse(ctx.db, c.var.owner, c.req.param('id'))));

  return app;
}
