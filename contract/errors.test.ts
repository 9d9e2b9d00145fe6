import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorEnvelopeSchema } from './error-envelope';
import { ERROR_TYPES, parseApiError } from './errors';
import { expectNoPrototypePollution, junk, oddString } from './test-support/arbitraries';

afterEach(expectNoPrototypePollution);

describe('parseApiError (specification, Errors rule 1)', () => {
  it('reads error.message from a JSON body, with type, code, param and the ids', () => {
    const body = {
      error: {
        message: 'duration must be 4 to 15 seconds',
        type: 'invalid_request_error',
        code: 'x',
        param: 'duration',
      },
      request_id: 'req_1',
      trace_id: 'trace_1',
    };
    expect(parseApiError(400, body)).toEqual({
      status: 400,
      message: 'duration must be 4 to 15 seconds',
      type: 'invalid_request_error',
      code: 'x',
      param: 'duration',
      requestId: 'req_1',
      traceId: 'trace_1',
    });
  });

  it('parses a raw JSON text body the same way as a parsed one', () => {
    const body = { error: { message: 'Invalid API key', type: 'authentication_error' }, request_id: 'req_2' };
    expect(parseApiError(401, JSON.stringify(body))).toEqual(parseApiError(401, body));
    expect(parseApiError(401, JSON.stringify(body)).message).toBe('Invalid API key');
  });

  it('falls back to the raw text when the body is not JSON', () => {
    expect(parseApiError(502, 'upstream timed out')).toMatchObject({
      status: 502,
      message: 'upstream timed out',
    });
    expect(parseApiError(500, '  Internal failure \n')).toMatchObject({ message: 'Internal failure' });
  });

  it('shortens a long raw text so that it stays readable', () => {
    const info = parseApiError(500, 'e'.repeat(5000));
    expect(info.message.length).toBeLessThanOrEqual(501);
    expect(info.message.startsWith('eeee')).toBe(true);
  });

  it('falls back to the status when there is no text at all', () => {
    expect(parseApiError(404, '')).toMatchObject({ status: 404, message: 'HTTP 404 Not Found' });
    expect(parseApiError(429, undefined).message).toBe('HTTP 429 Too Many Requests');
    expect(parseApiError(418, null).message).toBe('HTTP 418');
    expect(parseApiError(0, undefined).message).toBe('Request failed');
  });

  it('falls back to the status when the JSON has no usable message', () => {
    expect(parseApiError(500, { error: { message: '   ' } }).message).toBe('HTTP 500 Internal Server Error');
    expect(parseApiError(500, '{"error":{"message":42}}').message).toBe('HTTP 500 Internal Server Error');
    expect(parseApiError(503, '{"unexpected":true}').message).toBe('HTTP 503 Service Unavailable');
  });

  it('accepts other common error shapes: error as a string, top-level message or detail', () => {
    expect(parseApiError(400, { error: 'bad things' }).message).toBe('bad things');
    expect(parseApiError(400, { message: 'top level' }).message).toBe('top level');
    expect(parseApiError(422, { detail: 'FastAPI style' }).message).toBe('FastAPI style');
  });

  it('keeps a numeric error code as text', () => {
    expect(parseApiError(400, { error: { message: 'm', code: 1234 } }).code).toBe('1234');
  });

  it('takes the request and trace ids from headers when the body has none, the body winning otherwise', () => {
    expect(parseApiError(500, 'oops', { requestId: 'req_h', traceId: 'trace_h' })).toMatchObject({
      requestId: 'req_h',
      traceId: 'trace_h',
    });
    const body = { error: { message: 'm' }, request_id: 'req_b' };
    expect(parseApiError(500, body, { requestId: 'req_h', traceId: null })).toMatchObject({
      requestId: 'req_b',
      traceId: undefined,
    });
  });

  it('property: never throws, keeps the given status, always has a non-empty message', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), junk, (status, body) => {
        const info = parseApiError(status, body);
        expect(info.status).toBe(status);
        expect(typeof info.message).toBe('string');
        expect(info.message.trim()).not.toBe('');
      }),
    );
  });

  it('property: the same for any raw text body, JSON or not', () => {
    const text = fc.oneof(
      oddString,
      fc.jsonValue().map((v) => JSON.stringify(v)),
    );
    fc.assert(
      fc.property(fc.constantFrom(400, 401, 404, 429, 500, 502), text, (status, body) => {
        const info = parseApiError(status, body);
        expect(info.status).toBe(status);
        expect(info.message.trim()).not.toBe('');
      }),
    );
  });

  it('property: a JSON body with a non-blank error.message always shows exactly that message', () => {
    const message = fc.string({ minLength: 1 }).filter((s) => s.trim() !== '');
    fc.assert(
      fc.property(fc.integer({ min: 400, max: 599 }), message, fc.boolean(), (status, m, asText) => {
        const body = { error: { message: m, type: 'server_error' }, request_id: 'req_x' };
        const info = parseApiError(status, asText ? JSON.stringify(body) : body);
        expect(info.message).toBe(m);
        expect(info.requestId).toBe('req_x');
      }),
    );
  });

  it('a non-integer status becomes 0 rather than a bogus number, with a message still set', () => {
    for (const status of [NaN, Infinity, 404.5]) {
      const info = parseApiError(status, undefined);
      expect(info.status).toBe(0);
      expect(info.message).toBe('Request failed');
    }
  });

  it('does not pollute prototypes with a __proto__ body', () => {
    const info = parseApiError(400, '{"__proto__":{"polluted":true},"error":{"message":"m"}}');
    expect(info.message).toBe('m');
    expectNoPrototypePollution();
  });
});

describe('ErrorEnvelopeSchema (LOCAL_API.md, Identity, errors, tracing)', () => {
  it('accepts the local error envelope and rejects a body without error.message', () => {
    for (const type of ERROR_TYPES) {
      expect(
        ErrorEnvelopeSchema.safeParse({
          error: { message: 'm', type, code: 'c', param: 'p' },
          request_id: 'req_1',
          trace_id: 'trace_1',
        }).success,
      ).toBe(true);
    }
    expect(ErrorEnvelopeSchema.safeParse({ error: { type: 'server_error' } }).success).toBe(false);
    expect(ErrorEnvelopeSchema.safeParse({ message: 'm' }).success).toBe(false);
  });

  it('names the five categories of the specification, one per HTTP status family', () => {
    expect([...ERROR_TYPES].sort()).toEqual(
      [
        'authentication_error',
        'invalid_request_error',
        'quota_error',
        'rate_limit_error',
        'server_error',
      ].sort(),
    );
  });
});
