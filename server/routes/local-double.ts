import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context';
import { DoubleSwitchSchema } from '@contract/local-double';
import { json } from '../http';
import { validJson } from '../middleware/validate';
import { DIRECTIVE_NAMES, parseDirectives } from '../services/double/directives';
import { readKeyDirectives, writeKeyDirectives } from '../services/double/key-switch';

/**
 * GET/PUT/DELETE /v1/local/double: the per-key half of the local double's switch (decision 290;
 * docs/local-double.md). Local only: a real deployment has no such path.
 */
export function localDoubleRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const answer = (owner: string) => ({
    object: 'local_double',
    directives: readKeyDirectives(ctx, owner),
    names: DIRECTIVE_NAMES,
  });
  app.get('/v1/local/double', (c) => json(c, answer(c.var.owner)));
  app.put('/v1/local/double', validJson(DoubleSwitchSchema), (c) => {
    writeKeyDirectives(ctx, c.var.owner, parseDirectives(c.req.valid('json').directives));
    return json(c, answer(c.var.owner));
  });
  app.delete('/v1/local/double', (c) => {
    writeKeyDirectives(ctx, c.var.owner, {});
    return json(c, answer(c.var.owner));
  });
  return app;
}
