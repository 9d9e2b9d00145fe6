import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context';
import { json, readJson, requestOrigin } from '../http';
import { createGenericTask } from '../services/tasks/generic-request';
import { findTask } from '../services/tasks/task-object';

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
