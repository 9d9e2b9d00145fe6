import { Hono } from 'hono';
import { CreateGroupSchema, UpdateGroupSchema } from '@contract/group-schemas';
import { PaginationQuerySchema } from '@contract/pagination';
import type { AppContext, AppEnv } from '../context';
import { json } from '../http';
import { validJson, validQuery } from '../middleware/validate';
import { createGroup, getGroup, listGroups, updateGroup } from '../services/groups';
import { listEnvelope, paging } from './list-query';

/** GET/POST /v1/asset-groups and GET/PATCH /v1/asset-groups/{group_id}; the rules live in services/groups.ts. */
export function groupRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/v1/asset-groups', validQuery(PaginationQuerySchema), (c) => {
    const { page, pageSize } = paging(c.req.valid('query'));
    const { data, total } = listGroups(ctx, c.var.owner, page, pageSize);
    return json(c, listEnvelope(data, total, page, pageSize));
  });

  app.post('/v1/asset-groups', validJson(CreateGroupSchema), (c) =>
    json(c, createGroup(ctx, c.var.owner, c.req.valid('json'))),
  );

  app.get('/v1/asset-groups/:group_id', (c) => {
    return json(c, getGroup(ctx, c.var.owner, c.req.param('group_id')));
  });

  app.patch('/v1/asset-groups/:group_id', validJson(UpdateGroupSchema), (c) =>
    json(c, updateGroup(ctx, c.var.owner, c.req.param('group_id'), c.req.valid('json'))),
  );

  return app;
}
