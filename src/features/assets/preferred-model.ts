import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { DEFAULT_VIDEO_MODEL } from '@contract/models';

/**
 * The model new uploads are prepared for. It starts at the default video model because an asset
 * prepared for no model is one the video line refuses (specification, POST /v1/assets/uploads rule
 * 1), and it remembers the person's last choice: most people work with one model all day.
 * `''` is a deliberate "no specific model" (storage only).
 */
interface PreferredModelStore {
  model: string;
  modelChosen: (model: string) => void;
}

export const usePreferredModelStore = create<PreferredModelStore>()(
  persist(
    (set) => ({
      model: DEFAULT_VIDEO_MODEL,
      modelChosen: (model) => set({ model }),
    }),
    {
      name: 'media-studio.asset-model',
      storage: createJSONStorage(() => localStorage),
      partialize: ({ model }) => ({ model }),
    },
  ),
);
