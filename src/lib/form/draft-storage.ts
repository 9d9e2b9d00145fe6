import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { callbackUrlIssue } from '@contract/callback-url-rules';

/**
 * What a form writes to storage: its draft, except a callback_url that carries the API key in use
 * (the key never goes into localStorage; the field shows the problem while the tab lives).
 */
export function withoutKeyedCallback<T extends { callbackUrl: string }>(draft: T, apiKey: string): T {
  const issue = callbackUrlIssue(draft.callbackUrl.trim(), apiKey ? [apiKey] : []);
  return issue?.code === 'contains_key' ? { ...draft, callbackUrl: '' } : draft;
}

/**
 * A stored draft completed with today's defaults: only fields of today's shape with today's types
 * are taken, so a draft written by an older version is never trusted blindly.
 */
export function completedDraft<T extends object>(empty: T, stored: unknown): T {
  if (!stored || typeof stored !== 'object') return { ...empty };
  const out = { ...empty };
  for (const key of Object.keys(empty) as (keyof T)[]) {
    const value = (stored as Record<string, unknown>)[key as string];
    const expected = empty[key];
    const fits = Array.isArray(expected) ? Array.isArray(value) : typeof value === typeof expected;
    if (fits) out[key] = value as T[keyof T];
  }
  return out;
}

/** A form's draft held in a store of its own: what every simple form needs. */
interface DraftStore<T> {
  draft: T;
  draftChanged: (change: Partial<T>) => void;
  draftReplaced: (draft: T) => void;
}

/**
 * The store of a small form's draft, persisted per tab under `name` (sessionStorage): a reload
 * loses nothing, a new tab starts clean. A stored draft is completed with today's defaults.
 */
export function createDraftStore<T extends object>(name: string, empty: T) {
  return create<DraftStore<T>>()(
    persist(
      (set) => ({
        draft: empty,
        draftChanged: (change) => set((s) => ({ draft: { ...s.draft, ...change } })),
        draftReplaced: (draft) => set({ draft }),
      }),
      {
        name,
        storage: createJSONStorage(() => sessionStorage),
        partialize: (s) => ({ draft: s.draft }),
        merge: (persisted, current) => ({
          ...current,
          draft: completedDraft(empty, (persisted as { draft?: unknown } | undefined)?.draft),
        }),
      },
    ),
  );
}
