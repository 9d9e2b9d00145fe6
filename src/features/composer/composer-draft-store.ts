import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { getConnection } from '@/api/connection-store';
import { completedDraft, withoutKeyedCallback } from '@/lib/form/draft-storage';
import {
  applyModel,
  EMPTY_COMPOSER_DRAFT,
  kindOfRole,
  newReference,
  type ComposerDraft,
  type ComposerRole,
  type ReferenceDraft,
} from '@/lib/video-draft/draft';

interface ComposerDraftState {
  draft: ComposerDraft;
  draftChanged: (change: Partial<Omit<ComposerDraft, 'model' | 'references'>>) => void;
  /** Returns the resolution change it made, if the new model did not offer the old one. */
  modelChanged: (model: string) => { from: string; to: string } | undefined;
  referenceAdded: (role: ComposerRole) => string;
  referenceChanged: (key: string, change: Partial<Omit<ReferenceDraft, 'key'>>) => void;
  /** A new role; a reference typed as a URL takes the media type the role needs. */
  referenceRoleChanged: (key: string, role: string) => void;
  referenceRemoved: (key: string) => void;
  draftReplaced: (draft: ComposerDraft) => void;
  draftCleared: () => void;
}

export const COMPOSER_DRAFT_STORAGE_KEY = 'media-studio:composer-draft';

/**
 * What is written to storage: the draft, except a callback_url that carries the API key in use
 * (the key never goes into localStorage; the field shows the problem while the tab lives).
 */
export function persistableDraft(draft: ComposerDraft, apiKey: string): ComposerDraft {
  return withoutKeyedCallback(draft, apiKey);
}

/**
 * The composer's draft: every field and every reference, in localStorage so that neither a reload
 * nor a closed tab loses a long prompt (decision 040).
 */
export const useComposerDraftStore = create<ComposerDraftState>()(
  persist(
    (set, get) => ({
      draft: EMPTY_COMPOSER_DRAFT,
      draftChanged: (change) => set((s) => ({ draft: { ...s.draft, ...change } })),
      modelChanged: (model) => {
        const { draft, resolutionFixed } = applyModel(get().draft, model);
        set({ draft });
        return resolutionFixed;
      },
      referenceAdded: (role) => {
        const ref = newReference(role, get().draft.references);
        set((s) => ({ draft: { ...s.draft, references: [...s.draft.references, ref] } }));
        return ref.key;
      },
      referenceChanged: (key, change) =>
        set((s) => ({
          draft: {
            ...s.draft,
            references: s.draft.references.map((r) => (r.key === key ? { ...r, ...change } : r)),
          },
        })),
      referenceRoleChanged: (key, role) =>
        set((s) => ({
          draft: {
            ...s.draft,
            references: s.draft.references.map((r) =>
              r.key === key
                ? { ...r, role, mediaType: r.asset ? r.mediaType : kindOfRole(role, r.mediaType) }
                : r,
            ),
          },
        })),
      referenceRemoved: (key) =>
        set((s) => ({ draft: { ...s.draft, references: s.draft.references.filter((r) => r.key !== key) } })),
      draftReplaced: (draft) => set({ draft }),
      draftCleared: () => set({ draft: { ...EMPTY_COMPOSER_DRAFT, references: [] } }),
    }),
    {
      name: COMPOSER_DRAFT_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ draft: persistableDraft(s.draft, getConnection().apiKey) }),
      // A stored draft from an older shape is completed with today's defaults, never trusted blindly.
      merge: (persisted, current) => ({
        ...current,
        draft: completedDraft(EMPTY_COMPOSER_DRAFT, (persisted as { draft?: unknown } | undefined)?.draft),
      }),
    },
  ),
);
