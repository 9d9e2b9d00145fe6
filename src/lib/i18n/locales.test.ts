import { describe, expect, it } from 'vitest';
import { i18n, LANGUAGES, matchLanguage, NAMESPACES } from '@/lib/i18n';

// Eager here (tests only): the app itself loads each namespace on demand.
const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', {
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
    const en = files[`../../locales/en/${ns}.json`];
    expect(en, `src/locales/en/${ns}.json`).toBeDefined();
    for (const lng of LANGUAGES) {
      const other = files[`../../locales/${lng}/${ns}.json`];
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

/** Every `base` that has plural forms (`base_one`, `base_other`, …), per language and namespace. */
function pluralBases(lng: string): Map<string, Set<string>> {
  const bases = new Map<string, Set<string>>();
  for (const ns of NAMESPACES)
    for (const key of keysOf(files[`../../locales/${lng}/${ns}.json`])) {
      const m = /^(.+)_(zero|one|two|few|many|other)$/.exec(key);
      if (m) bases.set(`${ns}:${m[1]}`, (bases.get(`${ns}:${m[1]}`) ?? new Set()).add(m[2]!));
    }
  return bases;
}

// The source of the dashboard, to find the keys it translates with a count.
const sources = import.meta.glob<string>(['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

/**
 * Keys given a count whose sentence does not change with it: shown only when count > 1 (the
 * composer's action bar), or "{{done}} of {{count}} done". Plain strings, by namespace.
 */
const COUNT_INVARIANT: Record<string, string> = {
  'estimate.labelTotal': 'composer',
  'submit.labelMany': 'composer',
  'batch.done': 'tasks',
};

function keyIn(bundle: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], bundle);
}

describe('plural forms', () => {
  it.each(LANGUAGES)('every plural key in %s has each form its language needs', (lng) => {
    const needed = new Intl.PluralRules(lng).resolvedOptions().pluralCategories.filter((c) => c !== 'zero');
    const bases = pluralBases(lng);
    expect(bases.size).toBeGreaterThan(20);
    for (const [base, forms] of bases)
      for (const form of needed) expect(forms.has(form), `${lng} ${base}_${form}`).toBe(true);
  });

  it('every key translated with a count has plural forms in every language', () => {
    // t('key', { count … }) and t(`prefix.${x}`, { count … }), the options possibly on later lines.
    const CALL = /\bt\(\s*(['`])([^'`]+)\1,\s*\{[^}]*?\bcount\b/g;
    const used = Object.values(sources).flatMap((text) => [...text.matchAll(CALL)].map((m) => m[2]!));
    expect(used.length).toBeGreaterThan(30);
    for (const lng of LANGUAGES) {
      const bases = [...pluralBases(lng).keys()];
      for (const key of used) {
        const ns = COUNT_INVARIANT[key];
        if (ns) {
          expect(typeof keyIn(files[`../../locales/${lng}/${ns}.json`], key), `${lng} ${ns}:${key}`).toBe(
            'string',
          );
          continue;
        }
        const bare = key.replace(/^[\w-]+:/, '');
        const pattern = new RegExp(
          `:${bare.replace(/[.*+?^${}()|[\]\\]/g, (c) => `\\${c}`).replace(/\\\$\\\{[^}]*\\\}/g, '[^.]+')}$`,
        );
        expect(
          bases.some((b) => pattern.test(b)),
          `${lng}: "${key}" is translated with a count but has no _other form`,
        ).toBe(true);
      }
    }
  });
});
