import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage, languagesLoadedFor, matchLanguage } from './language';

describe('matchLanguage', () => {
  it('maps any Chinese to zh-CN and anything unknown to English, first match wins', () => {
    expect(matchLanguage(['zh-TW', 'en'])).toBe('zh-CN');
    expect(matchLanguage(['fr-FR', 'en-GB', 'zh'])).toBe('en');
    expect(matchLanguage(['de'])).toBe('en');
  });
});

describe('languageFromAcceptLanguage', () => {
  it('follows the q-values, then the order, and skips refused and wildcard tags', () => {
    expect(languageFromAcceptLanguage(undefined)).toBe('en');
    expect(languageFromAcceptLanguage('')).toBe('en');
    expect(languageFromAcceptLanguage('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh-CN');
    expect(languageFromAcceptLanguage('en;q=0.4, zh-Hans;q=0.7')).toBe('zh-CN');
    expect(languageFromAcceptLanguage('zh;q=0, en')).toBe('en');
    expect(languageFromAcceptLanguage('*, zh')).toBe('zh-CN');
    expect(languageFromAcceptLanguage('fr;q=oops, zh;q=0.1')).toBe('zh-CN');
  });
});

describe('languagesLoadedFor', () => {
  it('is the language and the fallback beside it', () => {
    expect(languagesLoadedFor('en')).toEqual(['en']);
    expect(languagesLoadedFor('zh-CN')).toEqual(['zh-CN', 'en']);
  });
});
