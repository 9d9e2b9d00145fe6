import type { Context, Hono } from 'hono';
import type { DoubleGroup } from '../spec-deployment-data';
import { groupShape, withPresence } from '../spec-deployment-shapes';
import { badRequest, errorEnvelope, jsonBody, pageOf, type DoubleContext } from './context';

function groupView(ctx: DoubleContext, g: DoubleGroup): Record<string, unknown> {
  const shape = ctx.draws.draw(`group:${g.group_id}`, groupShape);
  const body: Record<string, unknown> = { ...shape.extra, name: g.name };
  if (shape.idNames !== 'id') body.group_id = g.group_id;
  if (shape.idNames !== 'group_id') body.id = g.group_id;
  // A description someone wrote is shown; one never written may be absent, null or empty.
  if (g.description) body.description = g.description;
  else withPresence(body, 'description', '', shape.description);
  return body;
}

/** The answer of a group write or detail in the style's shape, or none (201/204). */
function groupAnswer(ctx: DoubleContext, c: Context, g: DoubleGroup, write: boolean, createdNow: boolean) {
  const view = groupView(ctx, g);
  const shape = write ? ctx.style.groupWrite : ctx.style.groupDetail;
  const status = createdNow ? 201 : 200;
  if (shape === 'created-empty') return c.body(null, status);
  if (shape === 'no-content') return c.body(null, 204);
  if (shape === 'wrapped-data') return c.json({ data: view }, status);
  if (shape === 'wrapped-group') return c.json({ group: view }, status);
  return c.json(view, status);
}

/** Groups: list, create, detail and patch, in the shapes the specification leaves open ("not shown"). */
export function groupRoutes(api: Hono, ctx: DoubleContext) {
  api.get('/v1/asset-groups', (c) => {
    const { page, size, data, total } = pageOf(ctx, c, ctx.groups);
    const views = data.map((g) => groupView(ctx, g));
    if (ctx.style.groupList === 'bare-array') return c.json(views);
    if (ctx.style.groupList === 'data-only') return c.json({ data: views });
    if (ctx.style.groupList === 'data-has-more')
      return c.json({ data: views, has_more: page * size < total });
    return c.json({ object: 'list', data: views, count: views.length, total, page });
  });

  api.post('/v1/asset-groups', async (c) => {
    const body = await jsonBody(c);
    if (body instanceof Response) return body;
    if (typeof body.name !== 'string' || !body.name.trim()) return badRequest(c, 'name is required');
    const group: DoubleGroup = {
      group_id: `grp_d${ctx.next()}`,
      name: body.name,
      ...(typeof body.description === 'string' && body.description ? { description: body.description } : {}),
    };
    ctx.groups.push(group);
    return groupAnswer(ctx, c, group, true, true);
  });

  api.get('/v1/asset-groups/:id', (c) => {
    const group = ctx.groups.find((g) => g.group_id === c.req.param('id'));
    return group
      ? groupAnswer(ctx, c, group, false, false)
      : c.json(errorEnvelope('group not found', 'invalid_request_error'), 404);
  });

  api.patch('/v1/asset-groups/:id', async (c) => {
    const group = ctx.groups.find((g) => g.group_id === c.req.param('id'));
    if (!group) return c.json(errorEnvelope('group not found', 'invalid_request_error'), 404);
    const body = await jsonBody(c);
    if (body instanceof Response) return body;
    if (typeof body.name === 'string' && body.name) group.name = body.name;
    if (typeof body.description === 'string') group.description = body.description;
    return groupAnswer(ctx, c, group, true, false);
  });
}
