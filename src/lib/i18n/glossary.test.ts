import { describe, expect, it } from 'vitest';

// Eager here (tests only): the app itself loads each namespace on demand.
const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', {
  eager: true,
  import: 'default',
});

/**
 * The product's own words, each spelled one way in Chinese in every namespace (issue 34: the menu
 * said 调试台 and Usage 演练场 for the same Playground). `not` lists spellings met or likely, which
 * must never appear; every English string that names the term has the one Chinese term beside it.
 */
const GLOSSARY = [
  { en: /\bplayground\b/i, zh: '调试台', not: ['演练场', '游乐场', '试验场', '操练场', '沙盒'] },
  { en: /\bgallery\b/i, zh: '作品库', not: ['画廊', '图库'] },
  { en: /\bwebhook inbox\b/i, zh: 'Webhook 收件箱', not: ['回调收件箱'] },
] as const;

function strings(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => strings(v, path ? `${path}.${k}` : k));
}

const namespaces = Object.keys(files)
  .filter((f) => f.includes('/en/'))
  .map((f) => f.replace(/^.*\/en\//, '').replace(/\.json$/, ''));

describe('glossary', () => {
  it.each(GLOSSARY.map((g) => [g.zh, g]))('%s is the one Chinese term in every namespace', (_, term) => {
    const problems: string[] = [];
    for (const ns of namespaces) {
      const zh = new Map(strings(files[`../../locales/zh-CN/${ns}.json`]));
      for (const [path, text] of zh) {
        for (const other of term.not) if (text.includes(other)) problems.push(`${ns}:${path} says ${other}`);
      }
      for (const [path, text] of strings(files[`../../locales/en/${ns}.json`])) {
        const translated = zh.get(path);
        if (term.en.test(text) && translated !== undefined && !translated.includes(term.zh)) {
          problems.push(`${ns}:${path} "${text}" → "${translated}" lacks ${term.zh}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
