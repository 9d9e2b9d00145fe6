import { Hono, type Context } from 'hono';
import type { AppContext, AppEnv } from '../context';
import { json, readJson, requestOrigin } from '../http';
import { isRecord } from '@contract/is-record';
import { AssemblyRequestSchema } from '@contract/storyboard-assembly';
import { validJson } from '../middleware/validate';
import type { CreatingRequest } from '../services/tasks/creating-request';
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

  app.post('/local/storyboard/last-frame', async (c) => {
    const body = await readJson(c);
    const png = await lastFrame(
      ctx,
      {
        url: isRecord(body) ? body.url : undefined,
        at: isRecord(body) ? body.at : undefined,
        origin: requestOrigin(c),
        requestId: c.var.requestId,
      },
      c.req.raw.signal,
    );
    return c.body(new Uint8Array(png), 200, {
      'content-type': 'image/png',
      'cache-control': 'no-store',
      'content-disposition': 'inline; filename="last-frame.png"',
    });
  });

  const caller = (c: Context<AppEnv>): CreatingRequest => ({
    owner: c.var.owner,
    origin: requestOrigin(c),
    requestId: c.var.requestId,
    traceId: c.var.traceId,
  });

  app.post('/local/storyboard/assemblies', validJson(AssemblyRequestSchema), (c) => {
    const record = assembliesOf(ctx).create(caller(c), c.req.valid('json'));
    return json(c, shown(record), 202);
  });

  app.get('/local/storyboard/assemblies/:id', (c) => {
    return json(c, shown(assembliesOf(ctx).get(caller(c), c.req.param('id'))));
  });

  return app;
}
