import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * What a person has typed but not sent, per conversation: it survives a reload and switching
 * conversations (nothing typed is lost). Kept apart from the conversations so that a keystroke
 * rewrites only these few short texts, not the whole history.
 */
interface ChatDraftState {
  drafts: Record<string, string>;
  draftChanged: (conversationId: string, text: string) => void;
  draftSent: (conversationId: string) => void;
}

export const useChatDraftStore = create<ChatDraftState>()(
  persist(
    (set) => ({
      drafts: {},
      draftChanged: (conversationId, text) =>
        set((s) => {
          const drafts = { ...s.drafts };
          if (text) drafts[conversationId] = text;
          else delete drafts[conversationId];
          return { drafts };
        }),
      draftSent: (conversationId) =>
        set((s) => {
          const drafts = { ...s.drafts };
          delete drafts[conversationId];
          return { drafts };
        }),
    }),
    { name: 'media-studio.playground.chat-drafts', storage: createJSONStorage(() => localStorage) },
  ),
);
