/** The dashboard's languages, shared by the browser (i18n) and the server (which strings index.html preloads). */
export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Where a string missing in a language is looked up; the dashboard loads it beside the chosen language. */
export const FALLBACK_LANGUAGE: Language = 'en';

/** The languages whose strings the dashboard loads when `language` is chosen: it and the fallback. */
export function languagesLoadedFor(language: Language): Language[] {
  return language === FALLBACK_LANGUAGE ? [language] : [language, FALLBACK_LANGUAGE];
}

/** zh, zh-CN, zh-Hans, zh-TW… → zh-CN (the only Chinese we have); anything else → English. */
export function matchLanguage(candidates: readonly string[]): Language {
  for (const candidate of candidates) {
    const lower = candidate.toLowerCase();
    if (lower.startsWith('zh')) return 'zh-CN';
    if (lower.startsWith('en')) return 'en';
  }
  return 'en';
}

/**
 * The language an `Accept-Language` header asks for, by the rule the dashboard applies to
 * `navigator.languages` (the browser derives both from the same list): tags in order of their
 * q-value, highest first, ties in the order given; q=0 means "not this one".
 */
export function languageFromAcceptLanguage(header: string | undefined): Language {
  const tags = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';').map((s) => s.trim());
      const q = params.find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((t) => t.tag !== '' && t.tag !== '*' && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return matchLanguage(tags.map((t) => t.tag));
}
