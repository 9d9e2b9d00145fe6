import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT } from './register-draft-store';
import { checkRegisterDraft, checkUrl, MAX_URL_LENGTH } from './register-validation';

describe('register form checks', () => {
  it('a URL is required, must be http(s), and at most 2,048 characters', () => {
    expect(checkUrl('')).toEqual({ key: 'urlRequired' });
    expect(checkUrl('   ')).toEqual({ key: 'urlRequired' });
    expect(checkUrl('not a url')).toEqual({ key: 'urlInvalid' });
    expect(checkUrl('ftp://example.com/a.png')).toEqual({ key: 'urlScheme', values: { scheme: 'ftp' } });
    expect(checkUrl('data:image/png;base64,AAAA')).toEqual({ key: 'urlScheme', values: { scheme: 'data' } });
    const long = `https://example.com/${'a'.repeat(MAX_URL_LENGTH)}`;
    expect(checkUrl(long)).toEqual({ key: 'urlTooLong', values: { length: long.length, max: 2048 } });
    expect(checkUrl(' https://example.com/cat.png ')).toBeUndefined();
    expect(checkUrl(`https://e.com/${'a'.repeat(MAX_URL_LENGTH - 14)}`)).toBeUndefined();
  });

  it('checks the text fields against the request schema limits, and nothing in a valid draft', () => {
    const draft = { ...EMPTY_DRAFT, url: 'https://example.com/cat.png' };
    expect(checkRegisterDraft(draft)).toEqual({});
    expect(checkRegisterDraft({ ...draft, name: 'n'.repeat(201), purpose: 'a\tb' })).toEqual({
      name: { key: 'tooLong', values: { length: 201, max: 200 } },
      purpose: { key: 'controlCharacters' },
    });
    expect(checkRegisterDraft({ ...EMPTY_DRAFT })).toEqual({ url: { key: 'urlRequired' } });
  });
});
