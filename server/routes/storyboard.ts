import { Hono } from 'hono';
import { AssemblyRequestSchema } from '@contract/storyboard-assembly';
import { LastFrameRequestSchema } from '@contract/storyboard-last-frame';
import type { AppContext, AppEnv } from '../context';
import { creatingRequest, json, requestOrigin } from '../http';
import { validJson } from '../middleware/validate';
import { assembliesOf, type AssemblyRecord } from '../services/storyboard/assembly';
import { lastFrame } from '../services/storyboard/last-frame';

/** What the page is told of an assembly (the origin it was made for stays inside). */
function shown(record: AssemblyRecord) {
  const { origin: _origin, ...rest } = record;
  return { object: 'storyboard.assembly', ...rest };
}

/**
 * The storyboard's local endpoints (README, "Local storyboard endpoints"): not part of the API,
 * so they live outside /v1 and /api and are answered by this server in proxy mode too. The same
 * Bearer key as the API; errors in the same JSON envelope.
 */
export function storyboardRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/local/storyboard/last-frame', validJson(LastFrameRequestSchema), async (c) => {
    const { url, at } = c.req.valid('json');
    const png = await lastFrame(
      ctx,
      { url, at, origin: requestOrigin(c), requestId: c.var.requestId },
      c.req.raw.signal,
    );
    return c.body(new Uint8Array(png), 200, {
      'content-type': 'image/png',
      'cache-control': 'no-store',
      'content-disposition': 'inline; filename="last-frame.png"',
    });
  });

  app.post('/local/storyboard/assemblies', validJson(AssemblyRequestSchema), (c) => {
    const record = assembliesOf(ctx).create(creatingRequest(c), c.req.valid('json'));
    return json(c, shown(record), 202);
  });

  app.get('/local/storyboard/assemblies/:id', (c) => {
    return json(c, shown(assembliesOf(ctx).get(creatingRequest(c), c.req.param('id'))));
  });

  return app;
}
