import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { getConnection } from '@/api/connection-store';
import { completedDraft as completed, withoutKeyedCallback } from '@/lib/form/draft-storage';
import {
  EMPTY_DIGITAL_HUMAN_DRAFT,
  EMPTY_MUSIC_DRAFT,
  type DigitalHumanDraft,
  type MusicDraft,
} from './draft';

interface TaskFormsState {
  digitalHuman: DigitalHumanDraft;
  music: MusicDraft;
  digitalHumanChanged: (change: Partial<DigitalHumanDraft>) => void;
  musicChanged: (change: Partial<MusicDraft>) => void;
  digitalHumanReplaced: (draft: DigitalHumanDraft) => void;
  musicReplaced: (draft: MusicDraft) => void;
}

export const TASK_FORMS_STORAGE_KEY = 'media-studio:task-forms-draft';

/** Both drafts of the "new task" page, in localStorage so that a reload or a closed tab loses nothing. */
export const useTaskFormsStore = create<TaskFormsState>()(
  persist(
    (set) => ({
      digitalHuman: EMPTY_DIGITAL_HUMAN_DRAFT,
      music: EMPTY_MUSIC_DRAFT,
      digitalHumanChanged: (change) => set((s) => ({ digitalHuman: { ...s.digitalHuman, ...change } })),
      musicChanged: (change) => set((s) => ({ music: { ...s.music, ...change } })),
      digitalHumanReplaced: (digitalHuman) => set({ digitalHuman }),
      musicReplaced: (music) => set({ music }),
    }),
    {
      name: TASK_FORMS_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => {
        const key = getConnection().apiKey;
        return {
          digitalHuman: withoutKeyedCallback(s.digitalHuman, key),
          music: withoutKeyedCallback(s.music, key),
        };
      },
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as { digitalHuman?: unknown; music?: unknown };
        const digitalHuman = completed(EMPTY_DIGITAL_HUMAN_DRAFT, p.digitalHuman);
        if (digitalHuman.mode !== 'audio') digitalHuman.mode = 'video';
        if (digitalHuman.audioSource !== 'url') digitalHuman.audioSource = 'asset';
        return {
          ...current,
          digitalHuman,
          music: completed(EMPTY_MUSIC_DRAFT, p.music),
        };
      },
    },
  ),
);
