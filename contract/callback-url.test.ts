import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CallbackUrlSchema, callbackUrlProblem, isCredentialParamName } from './callback-url';
import { junk, oddString } from './test-support/arbitraries';

describe('callback_url (specification, Authentication; LOCAL_API.md, Webhooks)', () => {
  it('accepts plain http(s) URLs, including the local inbox', () => {
    for (const url of [
      'https://example.com/hooks/video',
      'http://127.0.0.1:8787/webhooks/inbox/mine',
      'https://example.com/hook?order=42&author=me&monkey=1',
    ])
      expect(callbackUrlProblem(url), url).toBeUndefined();
  });

  it('refuses what is not an absolute http(s) URL', () => {
    for (const url of [
      'javascript:alert(1)',
      'ftp://example.com/x',
      'mailto:a@b.c',
      '/relative',
      'not a url',
      '',
    ])
      expect(callbackUrlProblem(url), url).toMatch(/absolute http\(s\) URL/);
  });

  it('refuses a query parameter named exactly like a credential, in any case or separator, naming it', () => {
    for (const name of [
      'key',
      'api_key',
      'apiKey',
      'API-KEY',
      'token',
      'access_token',
      'accessToken',
      'secret',
      'password',
      'Password',
    ])
      expect(callbackUrlProblem(`https://example.com/h?${name}=v`), name).toContain(`"${name}"`);
  });

  it('accepts names that merely contain a credential word (issue 44: the specification names none)', () => {
    for (const name of [
      'signature_version',
      'session',
      'sessionId',
      'sig',
      'signature',
      'auth',
      'Authorization',
      'pass',
      'client_secret',
      'X-Api-Key',
      'token_type',
    ])
      expect(callbackUrlProblem(`https://example.com/h?${name}=v`), name).toBeUndefined();
  });

  it('refuses user name and password in the URL', () => {
    expect(callbackUrlProblem('https://user:pw@example.com/h')).toMatch(/user name or password/);
  });

  it('refuses a URL carrying one of the given secrets, also percent-encoded, anywhere', () => {
    const key = 'sk-local-dev';
    expect(callbackUrlProblem('https://example.com/h/sk-local-dev', [key])).toMatch(/API key/);
    expect(callbackUrlProblem('https://example.com/h?x=sk%2Dlocal%2Ddev', [key])).toMatch(/API key/);
    expect(callbackUrlProblem('https://example.com/h?x=other', [key])).toBeUndefined();
    expect(callbackUrlProblem('https://example.com/h', [''])).toBeUndefined();
  });

  it('isCredentialParamName matches whole names only', () => {
    expect(isCredentialParamName('apikey')).toBe(true);
    expect(isCredentialParamName('Access-Token')).toBe(true);
    for (const name of [
      'author',
      'monkey',
      'keyword',
      'tokenizer',
      'passage',
      'order',
      'id',
      'client_secret',
    ]) {
      expect(isCredentialParamName(name), name).toBe(false);
    }
  });

  it('CallbackUrlSchema trims and reports the problem as its message', () => {
    expect(CallbackUrlSchema.parse('  https://example.com/h  ')).toBe('https://example.com/h');
    const r = CallbackUrlSchema.safeParse('https://example.com/h?token=abc');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(/remove the query parameter "token"/);
    expect(CallbackUrlSchema.safeParse(42).error?.issues[0]?.message).toMatch(
      /callback_url must be a string/,
    );
  });

  it('property: never throws; what it accepts is http(s) without credential-like parameters', () => {
    fc.assert(
      fc.property(
        fc.oneof(oddString, fc.webUrl({ withQueryParameters: true, withFragments: true })),
        (url) => {
          const problem = callbackUrlProblem(url);
          if (problem !== undefined) return;
          const u = new URL(url);
          expect(['http:', 'https:']).toContain(u.protocol);
          for (const name of u.searchParams.keys()) expect(isCredentialParamName(name)).toBe(false);
        },
      ),
    );
    fc.assert(
      fc.property(junk, (v) => {
        expect(typeof CallbackUrlSchema.safeParse(v).success).toBe('boolean');
      }),
    );
  });
});
