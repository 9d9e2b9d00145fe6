import { useMemo, useSyncExternalStore } from 'react';
import { StringsUnavailableError, type I18n, type TFunction } from './translator';

/**
 * react-i18next's `useTranslation`, for one translator: `t` for the namespace(s) given (or the
 * default one), a new `t` when the language changes or one of them finishes loading (so memos
 * keyed on `t` recompute), and Suspense while they load, as react-i18next's `useSuspense`; a
 * StringsUnavailableError when they failed in the language and in English.
 */
export function createUseTranslation(i18n: I18n) {
  return function useTranslation(ns?: string | readonly string[]): { t: TFunction; i18n: I18n } {
    const key = ns === undefined ? '' : typeof ns === 'string' ? ns : ns.join(' ');
    const namespaces = useMemo(() => (key ? key.split(' ') : []), [key]);
    const snapshot = useSyncExternalStore(i18n.subscribe, () => i18n.snapshot(namespaces));
    // Suspense by a thrown promise, as react-i18next: `use()` would have to be called on every
    // render, also once the strings are there, which React warns against when it is conditional.
    const waiting = i18n.pending(namespaces);
    if (waiting.length) throw Promise.all(waiting);
    // Never keys on screen: strings there in no language fail the part, for its boundary's Retry.
    const missing = i18n.unavailable(namespaces);
    if (missing.length) throw new StringsUnavailableError(missing);
    const t = useMemo(
      () => i18n.getFixedT(namespaces),
      // The snapshot names the language and the loads that change what `t` returns.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      [namespaces, snapshot],
    );
    return { t, i18n };
  };
}
