import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context';
import { ApiError } from '../errors';
import { CreateVideoSchema } from '@contract/video';
import { creatingRequest, json, requestOrigin } from '../http';
import { validJson } from '../middleware/validate';
import { findTask } from '../services/tasks/task-object';
import { createVideoTask } from '../services/tasks/video/video-request';

/** POST /v1/videos and GET /v1/videos/{task_id} (specification, Video tasks). */
export function videoRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/v1/videos', validJson(CreateVideoSchema), (c) =>
    json(c, createVideoTask(ctx, creatingRequest(c), c.req.valid('json'))),
  );

  // The same object as GET /v1/tasks/{task_id} (specification, Versioning), for video tasks only:
  // other kinds are answered by GET /v1/tasks/{task_id} (decision 065).
  app.get('/v1/videos/:task_id', (c) => {
    const id = c.req.param('task_id');
    const task = findTask(ctx, c.var.owner, id, requestOrigin(c));
    if (task.kind !== 'video') {
      throw new ApiError(
        404,
        `Task "${id}" is a ${String(task.kind).replaceAll('_', '-')} task, not a video task: query it with GET /v1/tasks/${id}.`,
        { code: 'task_not_found', param: 'task_id' },
      );
    }
    return json(c, task);
  });

  return app;
}
