import { describe, expect, it } from 'vitest';
import { i18n, LANGUAGES, matchLanguage, NAMESPACES } from '@/lib/i18n';

// Eager here (tests only): the app itself loads each namespace on demand.
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

function placeholders(value: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const walk = (v: unknown, path: string) => {
    if (typeof v === 'string') out[path] = [...v.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]!).sort();
    else if (typeof v === 'object' && v !== null)
      for (const [k, c] of Object.entries(v)) walk(c, path ? `${path}.${k}` : k);
  };
  walk(value, '');
  return out;
}

describe('translations', () => {
  it('finds every namespace file', () => {
    expect(NAMESPACES).toEqual(
      expect.arrayContaining(['common', 'settings', 'composer', 'tasks', 'playground']),
    );
  });

  it.each(NAMESPACES)('namespace "%s" exists in every language with exactly the same keys', (ns) => {
    const en = files[`../locales/en/${ns}.json`];
    expect(en, `src/locales/en/${ns}.json`).toBeDefined();
    for (const lng of LANGUAGES) {
      const other = files[`../locales/${lng}/${ns}.json`];
      expect(other, `src/locales/${lng}/${ns}.json`).toBeDefined();
      expect(keysOf(other).sort(), `${lng}/${ns}.json keys`).toEqual(keysOf(en).sort());
      expect(placeholders(other), `${lng}/${ns}.json {{placeholders}}`).toEqual(placeholders(en));
    }
  });

  it('has no empty strings', () => {
    for (const [path, content] of Object.entries(files)) {
      const empty = JSON.stringify(content).includes('""');
      expect(empty, `${path} contains an empty string`).toBe(false);
    }
  });

  it('maps browser languages to en or zh-CN', () => {
    expect(matchLanguage(['zh-TW', 'en'])).toBe('zh-CN');
    expect(matchLanguage(['zh'])).toBe('zh-CN');
    expect(matchLanguage(['fr-FR', 'en-GB'])).toBe('en');
    expect(matchLanguage(['de'])).toBe('en');
  });

  it('switches language and loads namespaces lazily', async () => {
    await i18n.changeLanguage('zh-CN');
    await i18n.loadNamespaces('common');
    expect(i18n.t('nav.settings')).toBe('设置');
    await i18n.changeLanguage('en');
    expect(i18n.t('nav.settings')).toBe('Settings');
  });
});
