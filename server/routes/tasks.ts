import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context';
import { CreateTaskSchema } from '@contract/task-create';
import { creatingRequest, json, requestOrigin } from '../http';
import { validJson } from '../middleware/validate';
import { createGenericTask } from '../services/tasks/generic-request';
import { findTask } from '../services/tasks/task-object';

/** GET /v1/tasks/{task_id}: any kind of task (specification, Generic and digital-human tasks). */
export function taskRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // Digital-human video, digital-human audio and music tasks (decision 065); videos use POST /v1/videos.
  app.post('/v1/tasks', validJson(CreateTaskSchema), (c) =>
    json(c, createGenericTask(ctx, creatingRequest(c), c.req.valid('json'))),
  );
  app.get('/v1/tasks/:task_id', (c) =>
    json(c, findTask(ctx, c.var.owner, c.req.param('task_id'), requestOrigin(c))),
  );
  return app;
}
