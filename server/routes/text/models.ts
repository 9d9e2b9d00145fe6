import { Hono } from 'hono';
import { ASSET_MODELS, TEXT_MODELS } from '@contract/models';
import type { AppEnv } from '../../context';
import { ApiError } from '../../errors';
import { json } from '../../http';
import { quoted } from '@contract/quoted';

/** Every model of the specification, for `models.list()` of either official client. */
const MODEL_IDS: readonly string[] = [...Object.values(TEXT_MODELS).flat(), ...ASSET_MODELS];
/** A fixed date: the models do not change between runs, so neither does their listing. */
const CREATED = Date.UTC(2026, 0, 1) / 1000;

const openaiModel = (id: string) => ({ id, object: 'model', created: CREATED, owned_by: 'media-studio' });
const anthropicModel = (id: string) => ({
  type: 'model',
  id,
  display_name: id,
  created_at: new Date(CREATED * 1000).toISOString(),
});

/**
 * GET /v1/models and /v1/models/{id}. The Anthropic client sends `anthropic-version`; it gets that
 * API's list shape, everyone else OpenAI's.
 */
export function modelRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/v1/models', (c) => {
    if (c.req.header('anthropic-version')) {
      return json(c, {
        data: MODEL_IDS.map(anthropicModel),
        has_more: false,
        first_id: MODEL_IDS[0],
        last_id: MODEL_IDS.at(-1),
      });
    }
    return json(c, { object: 'list', data: MODEL_IDS.map(openaiModel) });
  });
  app.get('/v1/models/:id', (c) => {
    const id = c.req.param('id');
    if (!MODEL_IDS.includes(id)) {
      throw new ApiError(
        404,
        `The model ${quoted(id)} does not exist. List the models with GET /v1/models.`,
        {
          code: 'model_not_found',
          param: 'model',
        },
      );
    }
    return json(c, c.req.header('anthropic-version') ? anthropicModel(id) : openaiModel(id));
  });
  return app;
}
