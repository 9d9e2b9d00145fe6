import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/api/api-client';
import { isUnreachableError, knownErrorKind } from '@/lib/error-kind';
import { errorMessage } from '@/lib/notify';

describe('knownErrorKind', () => {
  it('names the failures a person can act on', () => {
    const api = (status: number, code?: string) => new ApiRequestError({ status, message: 'x', code });
    expect(knownErrorKind(api(404, 'group_not_found'))).toBe('groupNotFound');
    expect(knownErrorKind(api(401))).toBe('unauthorized');
    expect(knownErrorKind(api(403))).toBe('unauthorized');
    expect(knownErrorKind(api(429))).toBe('rateLimited');
    expect(knownErrorKind(new ApiRequestError({ status: 0, message: 'x' }, { isNetworkError: true }))).toBe(
      'unreachable',
    );
    expect(knownErrorKind(api(400, 'invalid_request'))).toBeUndefined();
    expect(knownErrorKind(new Error('boom'))).toBeUndefined();
  });

  it('recognises the browsers’ own network failures and translates them', () => {
    for (const message of [
      'Failed to fetch',
      'NetworkError when attempting to fetch resource.',
      'Load failed',
    ]) {
      expect(isUnreachableError(new TypeError(message))).toBe(true);
      expect(errorMessage(new TypeError(message))).toMatch(/server could not be reached/);
    }
    expect(isUnreachableError(new TypeError('x is not a function'))).toBe(false);
    const chunk = new TypeError('Failed to fetch dynamically imported module: http://h/assets/a.js');
    expect(isUnreachableError(chunk)).toBe(false);
  });
});
