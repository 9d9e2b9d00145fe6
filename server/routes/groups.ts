import { Hono } from 'hono';
import { CreateGroupSchema, UpdateGroupSchema } from '@contract/group-schemas';
import type { AppContext, AppEnv } from '../context';
import { json, readJson } from '../http';
import { createGroup, getGroup, listGroups, updateGroup } from '../services/groups';
import { parseOrThrow } from '../validation';
import { listEnvelope, paging, queryValues } from './list-query';

/** GET/POST /v1/asset-groups and GET/PATCH /v1/asset-groups/{group_id}; the rules live in services/groups.ts. */
export function groupRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/v1/asset-groups', (c) => {
    const { page, pageSize } = paging(queryValues(c));
    const { data, total } = listGroups(ctx, c.var.owner, page, pageSize);
    return json(c, listEnvelope(data, total, page, pageSize));
  });

  app.post('/v1/asset-groups', async (c) => {
    const body = parseOrThrow(CreateGroupSchema, await readJson(c));
    return json(c, createGroup(ctx, c.var.owner, body));
  });

  app.get('/v1/asset-groups/:group_id', (c) => {
    return json(c, getGroup(ctx, c.var.owner, c.req.param('group_id')));
  });

  app.patch('/v1/asset-groups/:group_id', async (c) => {
    const patch = parseOrThrow(UpdateGroupSchema, await readJson(c));
    return json(c, updateGroup(ctx, c.var.owner, c.req.param('group_id'), patch));
  });

  return app;
}
