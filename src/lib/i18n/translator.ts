/**
 * The translation engine (decision 230): i18next's JSON v4 files as they are (`key_one`/`key_other`
 * plural suffixes by Intl.PluralRules, `_context` keys, `{{name}}` and `{{count, number}}`,
 * `ns:key`), English per key and per missing namespace, namespaces loaded on demand. ~1 KB on the
 * wire where i18next and react-i18next cost 12.5 KB before the first paint.
 */

export type Resources = { [key: string]: unknown };

/** The strings of one language's namespace, or undefined when that language has no such file. */
export type Loader = (lng: string, ns: string) => Promise<Resources> | undefined;

export interface TOptions {
  count?: number;
  context?: string;
  defaultValue?: string;
  /** The namespace(s) to look in instead of the translator's own. */
  ns?: string | readonly string[];
  [variable: string]: unknown;
}

export type TFunction = (key: string, options?: TOptions) => string;

/**
 * Strings of a namespace that failed to load in the language and in English (decision 304): a
 * part rendered then would show its keys. It fails instead, as a part whose code did not come,
 * and its boundary offers Retry (which loads the namespaces again).
 */
export class StringsUnavailableError extends Error {
  constructor(readonly namespaces: readonly string[]) {
    super(`The texts of ${namespaces.join(', ')} could not be loaded, in any language.`);
    this.name = 'StringsUnavailableError';
  }
}

export interface I18nConfig {
  lng: string;
  fallbackLng: string;
  /** Loaded first, and the namespace every lookup falls back to. */
  defaultNS: string;
  load: Loader;
}

interface Load {
  promise: Promise<void>;
  settled: boolean;
  failed: boolean;
}

const list = (ns: string | readonly string[]): readonly string[] => (typeof ns === 'string' ? [ns] : ns);
const NS_PREFIX = /^([\w-]+):(.+)$/;
const PLACEHOLDER = /\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g;

function lookup(bundle: Resources | undefined, path: string): unknown {
  let node: unknown = bundle;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Resources)[part];
  }
  return node;
}

export function createI18n(config: I18nConfig) {
  const { fallbackLng, defaultNS } = config;
  let language = config.lng;
  /** The language a pending changeLanguage switches to: what loads started now must cover. */
  let target = language;
  let lastChange = 0;
  const bundles = new Map<string, Resources>();
  const loads = new Map<string, Load>();
  /** Per namespace, how many of its loads have settled: what a component's snapshot compares. */
  const revisions = new Map<string, number>();
  const used = new Set<string>([defaultNS]);
  const storeListeners = new Set<() => void>();
  const languageListeners = new Set<(lng: string) => void>();
  const pluralRules = new Map<string, Intl.PluralRules>();
  const numberFormats = new Map<string, Intl.NumberFormat>();

  const languagesOf = (lng: string) => (lng === fallbackLng ? [lng] : [lng, fallbackLng]);
  const notify = () => storeListeners.forEach((listener) => listener());

  function loadOne(lng: string, ns: string): Load {
    const id = `${lng}/${ns}`;
    const known = loads.get(id);
    if (known && !known.failed) return known;
    const entry: Load = { settled: false, failed: false, promise: Promise.resolve() };
    // Started at once (the executor runs now), so a load begun before a render is on the wire already.
    entry.promise = new Promise<Resources | undefined>((resolve) => resolve(config.load(lng, ns)))
      .then(
        (data) => {
          if (data) bundles.set(id, data);
        },
        // A page whose strings failed to load does not wait forever: it shows English, or, when
        // English failed too, fails with StringsUnavailableError; the next loadNamespaces tries again.
        () => {
          entry.failed = true;
        },
      )
      .then(() => {
        entry.settled = true;
        revisions.set(ns, (revisions.get(ns) ?? 0) + 1);
        notify();
      });
    loads.set(id, entry);
    return entry;
  }

  function loadAll(namespaces: Iterable<string>, languages: readonly string[]): Promise<unknown> {
    const promises: Promise<void>[] = [];
    for (const ns of namespaces) for (const lng of languages) promises.push(loadOne(lng, ns).promise);
    return Promise.all(promises);
  }

  function plural(lng: string, count: number): string {
    let rules = pluralRules.get(lng);
    if (!rules) pluralRules.set(lng, (rules = new Intl.PluralRules(lng)));
    return rules.select(count);
  }

  function interpolate(text: string, options: TOptions): string {
    return text.replace(PLACEHOLDER, (match, name: string, format?: string) => {
      // A variable not passed stays visible (a bug to see, as i18next does); one passed empty is empty.
      if (!Object.hasOwn(options, name)) return match;
      const value = options[name];
      if (value === undefined || value === null) return '';
      if (format === 'number' && typeof value === 'number') {
        let formatter = numberFormats.get(language);
        if (!formatter) numberFormats.set(language, (formatter = new Intl.NumberFormat(language)));
        return formatter.format(value);
      }
      return String(value);
    });
  }

  /** Most specific first: `key_context_one`, `key_context_other`, `key_context`, `key_one`, … `key`. */
  function candidates(key: string, lng: string, options: TOptions): string[] {
    const bases = options.context ? [`${key}_${options.context}`, key] : [key];
    const { count } = options;
    if (typeof count !== 'number') return bases;
    const form = plural(lng, count);
    return bases.flatMap((base) => [
      ...(count === 0 ? [`${base}_zero`] : []),
      `${base}_${form}`,
      `${base}_other`,
      base,
    ]);
  }

  function translate(fullKey: string, options: TOptions = {}, namespaces: readonly string[]): string {
    const prefixed = NS_PREFIX.exec(fullKey);
    const key = prefixed ? prefixed[2]! : fullKey;
    const searched = prefixed ? [prefixed[1]!] : options.ns ? list(options.ns) : namespaces;
    for (const ns of [...searched, defaultNS])
      for (const lng of languagesOf(language))
        for (const candidate of candidates(key, lng, options)) {
          const value = lookup(bundles.get(`${lng}/${ns}`), candidate);
          if (typeof value === 'string') return interpolate(value, options);
        }
    return interpolate(options.defaultValue ?? key, options);
  }

  const i18n = {
    get language() {
      return language;
    },
    /** Always one of the languages the app has (the loader's), as i18next's after init. */
    get resolvedLanguage() {
      return language;
    },
    t: ((key, options) => translate(key, options, [defaultNS])) as TFunction,
    getFixedT(ns: string | readonly string[]): TFunction {
      const namespaces = list(ns);
      return (key, options) => translate(key, options, namespaces);
    },
    /** Loads the namespaces in the language (and the fallback); resolves when each has settled. */
    loadNamespaces(ns: string | readonly string[]): Promise<unknown> {
      list(ns).forEach((n) => used.add(n));
      return loadAll(list(ns), [...new Set([...languagesOf(language), ...languagesOf(target)])]);
    },
    /** Loads every namespace in use in `lng` first, so nothing renders in a mix or suspends. */
    async changeLanguage(lng: string): Promise<void> {
      const call = ++lastChange;
      target = lng;
      await loadAll(used, languagesOf(lng));
      if (call !== lastChange) return;
      language = lng;
      notify();
      languageListeners.forEach((listener) => listener(lng));
    },
    on(_event: 'languageChanged', listener: (lng: string) => void): void {
      languageListeners.add(listener);
    },
    off(_event: 'languageChanged', listener: (lng: string) => void): void {
      languageListeners.delete(listener);
    },
    /**
     * Of `namespaces` (the default one aside: the shell renders with it, its keys beat a blank app),
     * those whose load failed with no bundle to show, in the language nor in English.
     */
    unavailable(namespaces: readonly string[]): string[] {
      return namespaces.filter((ns) => {
        if (ns === defaultNS) return false;
        const ids = languagesOf(language).map((lng) => `${lng}/${ns}`);
        return !ids.some((id) => bundles.has(id)) && ids.some((id) => loads.get(id)?.failed);
      });
    },
    /** What a rendering component waits for: loads of its namespaces not settled yet (started here). */
    pending(namespaces: readonly string[]): Promise<void>[] {
      const waiting: Promise<void>[] = [];
      for (const ns of [...namespaces, defaultNS]) {
        used.add(ns);
        for (const lng of languagesOf(language)) {
          const load = loads.get(`${lng}/${ns}`) ?? loadOne(lng, ns);
          if (!load.settled) waiting.push(load.promise);
        }
      }
      return waiting;
    },
    /** Changes when the language does or a load of one of `namespaces` (or the default) settles. */
    snapshot(namespaces: readonly string[]): string {
      return [language, ...[...namespaces, defaultNS].map((ns) => revisions.get(ns) ?? 0)].join(' ');
    },
    subscribe(listener: () => void): () => void {
      storeListeners.add(listener);
      return () => storeListeners.delete(listener);
    },
  };
  return i18n;
}

export type I18n = ReturnType<typeof createI18n>;
