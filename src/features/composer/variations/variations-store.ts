import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { isRecord } from '@contract/is-record';
import { MAX_VARIANTS, MIN_VARIANTS, VARIED_PARAMS, type VariedParam, type Variations } from './variants';

export const VARIATIONS_STORAGE_KEY = 'media-studio:composer-variations';

/** Stored variations from untrusted storage: the right shape or none (an older shape is dropped). */
export function parseVariations(v: unknown): Variations | null {
  if (!isRecord(v) || !(VARIED_PARAMS as readonly unknown[]).includes(v.param)) return null;
  const { values } = v;
  if (!Array.isArray(values) || values.length < MIN_VARIANTS || values.length > MAX_VARIANTS) return null;
  if (!values.every((x) => typeof x === 'string')) return null;
  return { param: v.param as VariedParam, values: values as string[] };
}

/**
 * The variations beside the composer's draft, in localStorage like the draft itself (decision 040),
 * so prompt variants typed in place survive a reload.
 */
export const useVariationsStore = create<{
  variations: Variations | null;
  variationsChanged: (next: Variations | null) => void;
}>()(
  persist((set) => ({ variations: null, variationsChanged: (variations) => set({ variations }) }), {
    name: VARIATIONS_STORAGE_KEY,
    version: 1,
    storage: createJSONStorage(() => localStorage),
    partialize: (s) => ({ variations: s.variations }),
    merge: (persisted, current) => ({
      ...current,
      variations: parseVariations((persisted as { variations?: unknown } | undefined)?.variations),
    }),
  }),
);
