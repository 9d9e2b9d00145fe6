import { DEFAULT_IMAGE_PREFIX } from '../config-image-prefix';
import { Hono } from 'hono';
import { PublicResourcesQuerySchema } from '@contract/query-schemas';
import type { AppContext, AppEnv } from '../context';
import { ApiError } from '../errors';
import { json, requestOrigin } from '../http';
import { validQuery } from '../middleware/validate';
import { findTask } from '../services/tasks/task-object';
import { publicResourceList } from '../services/tasks/digital-human/public-avatars';

/**
 * The image-generation capability's query (specification: `GET /<image-service-prefix>/task/{id}/fetch`),
 * under the prefix `/mj` (decision 291). Its tasks are created with POST /v1/tasks and model
 * `image-v1` (the specification does not show the creation endpoint); GET /v1/tasks/{id} answers too.
 */
export const IMAGE_SERVICE_PREFIX = DEFAULT_IMAGE_PREFIX;

export function imageTaskRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get(`${IMAGE_SERVICE_PREFIX}/task/:id/fetch`, (c) => {
    const id = c.req.param('id');
    const task = findTask(ctx, c.var.owner, id, requestOrigin(c));
    if (task.kind !== 'image') {
      throw new ApiError(
        404,
        `Task "${id}" is not a task of the image service: query it with GET /v1/tasks/${id}.`,
        { code: 'task_not_found', param: 'id' },
      );
    }
    return json(c, task);
  });
  // The built-in public avatars (decision 293); an unknown `type` lists nothing, as an open filter would.
  app.get('/v1/public-resources', validQuery(PublicResourcesQuerySchema), (c) =>
    json(c, publicResourceList(c.req.valid('query').type)),
  );
  return app;
}
