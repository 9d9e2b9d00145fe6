import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { modelField, requiredField } from '@contract/text-schema-kit';
import type { AppEnv } from '../context';
import { createLogger } from '../logger';
import { errorHandler } from './error-handler';
import { validJson, validQuery } from './validate';

const Schema = z.looseObject({
  model: modelField(['m-1'], 'POST /things'),
  size: requiredField(z.number({ error: 'size must be a number.' }), 'size is required: how many.'),
  note: z.string({ error: 'note must be a string.' }).optional(),
});

function app() {
  const a = new Hono<AppEnv>();
  a.use(async (c, next) => {
    c.set('requestId', 'req_1');
    c.set('traceId', 'trace_1');
    await next();
  });
  a.post('/things', validJson(Schema), (c) => {
    const thing = c.req.valid('json');
    // Typed from the schema's output: model a string, size a number.
    return c.json({ model: thing.model.toUpperCase(), size: thing.size + 1 });
  });
  a.get('/things', validQuery(z.object({ limit: z.coerce.number().int().max(10) })), (c) =>
    c.json({ limit: c.req.valid('query').limit }),
  );
  a.onError(errorHandler(createLogger({ silent: true })));
  return a;
}

const post = (body: string, type: string | undefined = 'application/json') =>
  app().request('/things', { method: 'POST', body, headers: type ? { 'content-type': type } : {} });

async function error(res: Response) {
  const body = (await res.json()) as { error: Record<string, unknown>; request_id: string };
  expect(body.request_id).toBe('req_1');
  return { status: res.status, ...body.error };
}

describe('validJson', () => {
  it('hands the handler the parsed request', async () => {
    const res = await post(JSON.stringify({ model: 'm-1', size: 2, extra: true }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ model: 'M-1', size: 3 });
  });

  it('answers a refusal as the envelope, with the code the schema gives and the field as param', async () => {
    expect(await error(await post(JSON.stringify({ size: 2 })))).toMatchObject({
      status: 400,
      code: 'missing_required_parameter',
      param: 'model',
      message: 'model is required for POST /things: use "m-1".',
    });
    expect(await error(await post(JSON.stringify({ model: 'm-2', size: 2 })))).toMatchObject({
      status: 400,
      code: 'model_not_found',
      param: 'model',
    });
    expect(await error(await post(JSON.stringify({ model: 'm-1' })))).toMatchObject({
      status: 400,
      code: 'missing_required_parameter',
      param: 'size',
      message: 'size is required: how many.',
    });
    expect(await error(await post(JSON.stringify({ model: 'm-1', size: 1, note: 3 })))).toMatchObject({
      status: 400,
      code: 'invalid_parameter',
      param: 'note',
      message: 'note must be a string.',
    });
    expect(await error(await post('[1, 2]'))).toMatchObject({
      status: 400,
      code: 'invalid_parameter',
      message: 'The request body must be a JSON object with the fields of this endpoint.',
    });
  });

  it("reads the body by the project's rules, not Hono's: 415 for another type, its own 400s", async () => {
    // Hono's own JSON target would validate a form body as {} and word a malformed one its way.
    expect(await error(await post('model=m-1', 'application/x-www-form-urlencoded'))).toMatchObject({
      status: 415,
      code: 'unsupported_media_type',
    });
    expect(await error(await post('{"model": "m-1",'))).toMatchObject({ status: 400, code: 'invalid_json' });
    expect(await error(await post(''))).toMatchObject({ status: 400, code: 'missing_body' });
    expect(await error(await post(`${'['.repeat(300)}${']'.repeat(300)}`))).toMatchObject({
      status: 400,
      code: 'json_too_deep',
    });
  });
});

describe('validQuery', () => {
  it('hands the handler the parsed query and refuses a bad one with a 400 naming it', async () => {
    expect(await (await app().request('/things?limit=4')).json()).toEqual({ limit: 4 });
    expect(await error(await app().request('/things?limit=40'))).toMatchObject({
      status: 400,
      code: 'invalid_parameter',
      param: 'limit',
    });
  });
});
