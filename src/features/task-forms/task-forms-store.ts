import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { callbackUrlIssue } from '@contract/callback-url-rules';
import { getConnection } from '@/api/connection-store';
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

/** A callback_url that carries the API key in use is never written to storage (the key stays out of localStorage). */
export function withoutKeyedCallback<T extends { callbackUrl: string }>(draft: T, apiKey: string): T {
  const issue = callbackUrlIssue(draft.callbackUrl.trim(), apiKey ? [apiKey] : []);
  return issue?.code === 'contains_key' ? { ...draft, callbackUrl: '' } : draft;
}

function completed<T extends object>(empty: T, stored: unknown): T {
  if (!stored || typeof stored !== 'object') return empty;
  const out = { ...empty };
  // Only fields of today's shape with today's types: a stored draft is never trusted blindly.
  for (const key of Object.keys(empty) as (keyof T)[]) {
    const value = (stored as Record<string, unknown>)[key as string];
    if (typeof value === typeof empty[key]) out[key] = value as T[keyof T];
  }
  return out;
}

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
