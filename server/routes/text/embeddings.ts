import { Hono } from 'hono';
import { EmbeddingsRequestSchema } from '@contract/text-requests';
import type { AppEnv } from '../../context';
import { json } from '../../http';
import { validJson } from '../../middleware/validate';
import { embeddingsReply } from '../../services/text/embeddings';

/** POST /v1/embeddings with deterministic local vectors (services/text/embeddings.ts). */
export function embeddingRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/v1/embeddings', validJson(EmbeddingsRequestSchema), (c) =>
    json(c, embeddingsReply(c.req.valid('json'))),
  );
  return app;
}
