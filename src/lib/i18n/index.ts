import { FALLBACK_LANGUAGE, LANGUAGES, matchLanguage, type Language } from '@contract/language';
import { retryableImport } from '@/lib/chunk-retry';
import { createI18n, StringsUnavailableError } from './translator';
import { createUseTranslation } from './use-translation';

/**
 * Every `src/locales/<language>/<namespace>.json` is found by this glob, so a feature adds its
 * strings by adding files; nothing to register here. Non-eager: each file becomes its own small
 * chunk, fetched the first time a page asks for its namespace (keeps the entry chunk small).
 */
const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/*.json');

export { LANGUAGES, matchLanguage, type Language };
export const DEFAULT_NAMESPACE = 'common';
export const LANGUAGE_STORAGE_KEY = 'media-studio.language';

/** The native names, shown as they are in every language (a person looks for their own). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', 'zh-CN': '简体中文' };

function parseLocalePath(path: string): { lng: string; ns: string } | undefined {
  const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return match ? { lng: match[1]!, ns: match[2]! } : undefined;
}

/** Every namespace that has a file in at least one language. */
export const NAMESPACES: string[] = [
  ...new Set(
    Object.keys(localeFiles)
      .map((p) => parseLocalePath(p)?.ns)
      .filter((ns): ns is string => !!ns),
  ),
].sort();

/**
 * Chromium remembers a failed import of a URL for the life of the document (../chunk-retry.ts): a
 * namespace that failed once (offline, server down) would fail again on every Try again, without a
 * request. So each file's loader asks for its chunk under a fresh URL after a failure.
 */
const retryableLoaders = new Map<string, () => Promise<{ default: Record<string, unknown> }>>();

function loaderFor(lng: string, ns: string) {
  const path = `../../locales/${lng}/${ns}.json`;
  const load = localeFiles[path];
  if (!load) return undefined;
  let retryable = retryableLoaders.get(path);
  if (!retryable) retryableLoaders.set(path, (retryable = retryableImport(load)));
  return retryable;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function readStoredLanguage(): Language | undefined {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

export function detectLanguage(): Language {
  const stored = readStoredLanguage();
  if (stored) return stored;
  const nav =
    typeof navigator === 'undefined'
      ? []
      : navigator.languages?.length
        ? navigator.languages
        : [navigator.language];
  return matchLanguage(nav.filter(Boolean));
}

/** The app's translator; English until initI18n switches it. */
export const i18n = createI18n({
  lng: FALLBACK_LANGUAGE,
  fallbackLng: FALLBACK_LANGUAGE,
  defaultNS: DEFAULT_NAMESPACE,
  // A namespace missing in one language falls back to English, not an error.
  load: (lng, ns) => loaderFor(lng, ns)?.().then((mod) => mod.default),
});

export const useTranslation = createUseTranslation(i18n);
export { StringsUnavailableError, type TFunction } from './translator';

/**
 * A lazy part's loader that also loads the namespaces it renders, awaited together: the part's
 * strings are not on the first route, and a part that mounted before them would suspend a second
 * time (a blank where a dialog should be) or, rendered with `i18n.t`, show keys. One intent
 * (hover, focus, idle prefetch) fetches both.
 */
export function withNamespaces<T>(load: () => Promise<T>, namespaces: readonly string[]): () => Promise<T> {
  return () => Promise.all([load(), loadStrings(namespaces)]).then(([loaded]) => loaded);
}

/**
 * Loads the namespaces (again, after a failure); rejects with StringsUnavailableError when one of
 * them failed in the language and in English, so that a part fails as if its code had not come
 * (and is retried as such) instead of rendering its keys.
 */
export function loadStrings(namespaces: readonly string[]): Promise<void> {
  return i18n.loadNamespaces(namespaces).then(() => {
    const missing = i18n.unavailable(namespaces);
    if (missing.length) throw new StringsUnavailableError(missing);
  });
}

let initPromise: Promise<unknown> | undefined;

/**
 * Idempotent; resolves once the default namespace of the chosen language is loaded, and `also`
 * (the first page's namespaces: fetched in the same round trip, not after the first render).
 */
export function initI18n(lng: Language = detectLanguage(), also: readonly string[] = []): Promise<unknown> {
  initPromise ??= Promise.all([i18n.changeLanguage(lng), i18n.loadNamespaces(also)]).then(() =>
    syncDocumentLanguage(i18n.language),
  );
  return initPromise;
}

function syncDocumentLanguage(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

i18n.on('languageChanged', syncDocumentLanguage);

/** Switch language and remember the choice on this device. */
export async function changeLanguage(lng: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // Not persisted (storage unavailable); the switch still applies to this tab.
  }
  await i18n.changeLanguage(lng);
}
