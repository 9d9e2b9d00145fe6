import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../context';
import { ApiError } from '../errors';
import { createLogger } from '../logger';
import { anthropicErrorShape } from './anthropic-error-shape';
import { errorHandler } from './error-handler';

/** An app whose routes fail as the real ones do (a thrown ApiError, answered by the error handler). */
function appWith(route: (app: Hono<AppEnv>) => void) {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('requestId', 'req_1');
    c.set('traceId', 'trace_1');
    await next();
  });
  app.use('/v1/messages/*', anthropicErrorShape());
  route(app);
  app.onError(errorHandler(createLogger({ silent: true })));
  return app;
}

describe('anthropicErrorShape', () => {
  it("rewrites the envelope into Anthropic's shape, keeping the ids, param, code and status", async () => {
    const app = appWith((a) =>
      a.post('/v1/messages', () => {
        throw new ApiError(400, 'max_tokens is required.', {
          code: 'missing_required_parameter',
          param: 'max_tokens',
        });
      }),
    );
    const res = await app.request('/v1/messages', { method: 'POST' });
    expect(res.status).toBe(400);
    expect(res.headers.get('request-id')).toBe('req_1');
    expect(await res.json()).toEqual({
      type: 'error',
      error: {
        type: 'invalid_request_error',
        message: 'max_tokens is required.',
        param: 'max_tokens',
        code: 'missing_required_parameter',
      },
      request_id: 'req_1',
      trace_id: 'trace_1',
    });
  });

  it('names each status by the error type the Anthropic client maps to its error class', async () => {
    const cases: Array<[number, string]> = [
      [401, 'authentication_error'],
      [402, 'billing_error'],
      [403, 'permission_error'],
      [404, 'not_found_error'],
      [413, 'request_too_large'],
      [415, 'invalid_request_error'],
      [429, 'rate_limit_error'],
      [503, 'overloaded_error'],
      [500, 'api_error'],
    ];
    for (const [status, type] of cases) {
      const app = appWith((a) =>
        a.post('/v1/messages/count_tokens', () => {
          throw new ApiError(status, `failed with ${status}`);
        }),
      );
      const res = await app.request('/v1/messages/count_tokens', { method: 'POST' });
      expect(res.status).toBe(status);
      const body = (await res.json()) as { type: string; error: { type: string; message: string } };
      expect(body.type).toBe('error');
      expect(body.error.type, String(status)).toBe(type);
    }
  });

  it('leaves successes, other paths, non-JSON errors and foreign JSON untouched', async () => {
    const app = appWith((a) => {
      a.post('/v1/messages', (c) => c.json({ id: 'msg_1' }));
      a.post('/v1/chat/completions', () => {
        throw new ApiError(400, 'bad');
      });
      a.get('/v1/messages/text', (c) => c.text('plain failure', 502));
      a.get('/v1/messages/foreign', (c) => c.json({ detail: 'not an envelope' }, 400));
    });
    expect(await (await app.request('/v1/messages', { method: 'POST' })).json()).toEqual({ id: 'msg_1' });
    const openai = (await (await app.request('/v1/chat/completions', { method: 'POST' })).json()) as object;
    expect(openai).not.toHaveProperty('type');
    expect(openai).toMatchObject({ error: { message: 'bad', type: 'invalid_request_error' } });
    expect(await (await app.request('/v1/messages/text')).text()).toBe('plain failure');
    expect(await (await app.request('/v1/messages/foreign')).json()).toEqual({ detail: 'not an envelope' });
  });
});
