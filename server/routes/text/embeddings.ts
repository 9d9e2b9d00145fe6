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

/** The hosted API's limit on inputs per request. */
const MAX_INPUTS = 2048;
const MAX_INPUT_CHARS = 32_000;

/** `input`: a string, an array of strings, or token arrays (embedded as the ids' text). */
function inputTexts(input: unknown): string[] {
  const check = (text: string, param: string) => {
    if (text.trim() === '') throw badRequest(`${param} must not be empty: send text to embed.`, param);
    if (text.length > MAX_INPUT_CHARS)
      throw badRequest(`${param} is longer than ${MAX_INPUT_CHARS} characters: split it.`, param);
    return text;
  };
  const isTokens = (v: unknown): v is number[] =>
    Array.isArray(v) && v.length > 0 && v.every((n) => Number.isInteger(n) && n >= 0);
  if (typeof input === 'string') return [check(input, 'input')];
  if (input === undefined || input === null)
    throw badRequest(
      'input is required: a string or an array of strings.',
      'input',
      'missing_required_parameter',
    );
  if (!Array.isArray(input)) throw badRequest('input must be a string or an array of strings.', 'input');
  if (input.length === 0)
    throw badRequest('input must not be an empty array: send at least one text.', 'input');
  if (input.length > MAX_INPUTS)
    throw badRequest(`input may hold at most ${MAX_INPUTS} texts per request.`, 'input');
  if (isTokens(input)) return [input.join(' ')];
  return input.map((item, i) => {
    if (typeof item === 'string') return check(item, `input[${i}]`);
    if (isTokens(item)) return item.join(' ');
    throw badRequest(`input[${i}] must be a string.`, `input[${i}]`);
  });
}

/** POST /v1/embeddings with deterministic local vectors (services/text/embeddings.ts). */
export function embeddingRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/v1/embeddings', async (c) => {
    const body = requireBody(await readJson(c));
    const model = checkModel(body.model, TEXT_MODELS.embeddings, 'POST /v1/embeddings');
    const texts = inputTexts(body.input);
    const params = parseOrThrow(EmbeddingsParamsSchema, body);
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
