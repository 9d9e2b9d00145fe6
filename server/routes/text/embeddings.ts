import { Hono } from 'hono';
import { TEXT_MODELS } from '@contract/models';
import type { AppEnv } from '../../context';
import { badRequest } from '../../errors';
import { json, readJson } from '../../http';
import { DEFAULT_EMBEDDING_DIMENSIONS, embed, toBase64 } from '../../services/text/embeddings';
import { checkModel, requireBody } from '../../services/text/params';
import { parseOrThrow } from '../../validation';
import { EmbeddingsParamsSchema } from '@contract/text-requests';
import { countTokens } from '../../services/text/tokens';

/** POST /v1/embeddings with deterministic local vectors (services/text/embeddings.ts). */
export function embeddingRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/v1/embeddings', async (c) => {
    const body = requireBody(await readJson(c));
    const model = checkModel(body.model, TEXT_MODELS.embeddings, 'POST /v1/embeddings');
    if (body.input === undefined || body.input === null) {
      throw badRequest(
        'input is required: a string or an array of strings.',
        'input',
        'missing_required_parameter',
      );
    }
    const params = parseOrThrow(EmbeddingsParamsSchema, body);
    const texts = params.input!;
    const dimensions = params.dimensions ?? DEFAULT_EMBEDDING_DIMENSIONS;
    const format = params.encoding_format ?? 'float';
    const tokens = texts.reduce((sum, t) => sum + countTokens(t), 0);
    return json(c, {
      object: 'list',
      data: texts.map((text, index) => {
        const vector = embed(text, dimensions);
        return { object: 'embedding', index, embedding: format === 'base64' ? toBase64(vector) : vector };
      }),
      model,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    });
  });
  return app;
}
