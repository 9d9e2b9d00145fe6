import { describe, expect, it } from 'vitest';
import { callbackUrlIssue, callbackUrlProblem } from './callback-url-rules';

describe('callbackUrlIssue (the coded form the dashboard translates)', () => {
  it('gives a code for each refusal and names the offending query parameter', () => {
    expect(callbackUrlIssue('ftp://example.com/x')).toEqual({ code: 'not_http_url' });
    expect(callbackUrlIssue('https://u:p@example.com/x')).toEqual({ code: 'user_info' });
    expect(callbackUrlIssue('https://example.com/x?access_token=1')).toEqual({
      code: 'credential_param',
      param: 'access_token',
    });
    expect(callbackUrlIssue('https://example.com/sk-secret-1', ['sk-secret-1'])).toEqual({
      code: 'contains_key',
    });
    expect(callbackUrlIssue('https://example.com/hook?order=1')).toBeUndefined();
  });

  it('agrees with callbackUrlProblem on what is refused', () => {
    for (const url of [
      'nope',
      'https://a@b.c/',
      'https://e.com/?key=1',
      'https://e.com/k1',
      'https://e.com/',
    ])
      expect(callbackUrlIssue(url, ['k1']) === undefined).toBe(callbackUrlProblem(url, ['k1']) === undefined);
  });
});
