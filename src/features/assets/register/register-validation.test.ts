import { describe, expect, it } from 'vitest';
import { ASSET_TEXT_LIMITS } from '@contract/asset-schemas';
import { EMPTY_DRAFT } from './register-draft';
import { MAX_URL_LENGTH, registerBody, registerIssues } from './register-validation';

const draft = { ...EMPTY_DRAFT, url: 'https://example.com/cat.png' };
const urlIssues = (url: string) => registerIssues({ ...draft, url }, 'grp_a');

describe('register form checks', () => {
  it('a URL is required, must be http(s), and at most 2,048 characters', () => {
    expect(urlIssues('')).toEqual([{ field: 'url', code: 'urlRequired' }]);
    expect(urlIssues('   ')).toEqual([{ field: 'url', code: 'urlRequired' }]);
    expect(urlIssues('not a url')).toEqual([{ field: 'url', code: 'urlInvalid', values: {} }]);
    expect(urlIssues('ftp://example.com/a.png')).toEqual([
      { field: 'url', code: 'urlScheme', values: { scheme: 'ftp' } },
    ]);
    expect(urlIssues('data:image/png;base64,AAAA')).toEqual([
      { field: 'url', code: 'urlScheme', values: { scheme: 'data' } },
    ]);
    const long = `https://example.com/${'a'.repeat(MAX_URL_LENGTH)}`;
    expect(urlIssues(long)).toEqual([
      { field: 'url', code: 'urlTooLong', values: { length: long.length, max: 2048 } },
    ]);
    expect(urlIssues(' https://example.com/cat.png ')).toEqual([]);
    expect(urlIssues(`https://e.com/${'a'.repeat(MAX_URL_LENGTH - 14)}`)).toEqual([]);
  });

  it("checks the text fields' form but not the server's length bounds (issue 44 §3), and finds nothing in a valid draft", () => {
    expect(registerIssues(draft, 'grp_a')).toEqual([]);
    const name = 'n'.repeat(ASSET_TEXT_LIMITS.name + 1);
    expect(registerIssues({ ...draft, name, purpose: 'a\tb' }, 'grp_a')).toEqual([
      { field: 'purpose', code: 'controlCharacters', values: {} },
    ]);
    const long = (max: number) => 'x'.repeat(max + 1);
    expect(
      registerIssues(
        {
          ...draft,
          name,
          role: long(ASSET_TEXT_LIMITS.role),
          purpose: long(ASSET_TEXT_LIMITS.purpose),
          type: long(64),
          group_id: long(ASSET_TEXT_LIMITS.group_id),
        },
        'grp_a',
      ),
    ).toEqual([]);
  });

  it('sends the URL and what else was filled in, in the library group unless another was picked, without the preset', () => {
    expect(registerBody({ ...draft, preset: 'reference_image', type: 'image' }, 'grp_a')).toEqual({
      url: 'https://example.com/cat.png',
      mode: 'asset',
      type: 'image',
      group_id: 'grp_a',
    });
    expect(registerBody({ ...draft, group_id: 'grp_b' }, 'grp_a')).toMatchObject({ group_id: 'grp_b' });
  });
});
