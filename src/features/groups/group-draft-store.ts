import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface GroupDraft {
  name: string;
  description: string;
}

interface GroupDraftStore {
  draft: GroupDraft;
  draftChanged: (change: Partial<GroupDraft>) => void;
  draftCleared: () => void;
}

/** The "new group" form's draft, kept per tab so that a reload does not lose what was typed. */
export const useGroupDraftStore = create<GroupDraftStore>()(
  persist(
    (set) => ({
      draft: { name: '', description: '' },
      draftChanged: (change) => set((s) => ({ draft: { ...s.draft, ...change } })),
      draftCleared: () => set({ draft: { name: '', description: '' } }),
    }),
    {
      name: 'media-studio:group-create-draft',
      storage: createJSONStorage(() => sessionStorage),
      partialize: (s) => ({ draft: s.draft }),
    },
  ),
);
