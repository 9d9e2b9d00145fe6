import { Hono } from 'hono';
import { DEFAULT_GROUP_ID } from '@contract/group';
import { CreateGroupSchema, UpdateGroupSchema } from '@contract/group-schemas';
import type { AppContext, AppEnv } from '../context';
import { ApiError, badRequest } from '../errors';
import { json, readJson } from '../http';
import { createGroup, DEFAULT_GROUP_NAME, getGroup, listGroups, updateGroup } from '../store/groups';
import { parseOrThrow } from '../validation';
import { listEnvelope, paging, queryValues } from './list-query';

function groupNotFound(groupId: string): ApiError {
  return new ApiError(
    404,
    `Asset group "${groupId}" was not found. List your groups with GET /v1/asset-groups.`,
    {
      code: 'group_not_found',
      param: 'group_id',
    },
  );
}

/**
 * Asset groups of the caller's API key (LOCAL_API.md). Names need not be unique: groups are
 * identified by group_id, and a name is a label (docs/decisions).
 */
export function groupRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/v1/asset-groups', (c) => {
    const { page, pageSize } = paging(queryValues(c));
    const { data, total } = listGroups(ctx.db, c.var.owner, page, pageSize);
    return json(c, listEnvelope(data, total, page, pageSize));
  });

  app.post('/v1/asset-groups', async (c) => {
    const body = parseOrThrow(CreateGroupSchema, await readJson(c));
    return json(c, createGroup(ctx.db, c.var.owner, body));
  });

  app.get('/v1/asset-groups/:group_id', (c) => {
    const groupId = c.req.param('group_id');
    const group = getGroup(ctx.db, c.var.owner, groupId);
    if (!group) throw groupNotFound(groupId);
    return json(c, group);
  });

  app.patch('/v1/asset-groups/:group_id', async (c) => {
    const groupId = c.req.param('group_id');
    const patch = parseOrThrow(UpdateGroupSchema, await readJson(c));
    // The default group is the one every key can rely on by id and by name; only its description changes.
    if (groupId === DEFAULT_GROUP_ID && patch.name !== undefined && patch.name !== DEFAULT_GROUP_NAME) {
      throw badRequest(
        `The default group ${DEFAULT_GROUP_ID} keeps the name "${DEFAULT_GROUP_NAME}"; only its description can change. ` +
          'Create a group with POST /v1/asset-groups to use another name.',
        'name',
        'default_group_name_fixed',
      );
    }
    const group = updateGroup(ctx.db, c.var.owner, groupId, patch);
    if (!group) throw groupNotFound(groupId);
    return json(c, group);
  });

  return app;
}
