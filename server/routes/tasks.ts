import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context';
import { ApiError } from '../errors';
import { json, readJson } from '../http';
import { requestOrigin } from '../services/assets/asset-object';
import { createGenericTask } from '../services/tasks/generic-request';
import { toTaskObject } from '../services/tasks/task-object';
import { getTaskForOwner } from '../store/tasks';

/** The caller's task as its object; another key's task is not-found exactly like a missing one. */
export function findTask(
  ctx: AppContext,
  owner: string,
  taskId: string,
  origin: string,
): Record<string, unknown> {
  const row = getTaskForOwner(ctx.db, owner, taskId);
  if (!row) {
    throw new ApiError(
      404,
      `Task "${taskId}" was not found. Check the task_id (it looks like task_…) and that you use the API key that created it.`,
      { code: 'task_not_found', param: 'task_id' },
    );
  }
  return toTaskObject(row, origin);
}

/** GET /v1/tasks/{task_id}: any kind of task (specification, Generic and digital-human tasks). */
export function taskRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // Digital-human video, digital-human audio and music tasks (decision 065); videos use POST /v1/videos.
  app.post('/v1/tasks', async (c) => {
    const origin = requestOrigin(c);
    const row = createGenericTask(
      ctx,
      { owner: c.var.owner, origin, requestId: c.var.requestId, traceId: c.var.traceId },
      await readJson(c),
    );
    return json(c, findTask(ctx, c.var.owner, row.id, origin));
  });
  app.get('/v1/tasks/:task_id', (c) =>
    json(c, findTask(ctx, c.var.owner, c.req.param('task_id'), requestOrigin(c))),
  );
  return app;
}
