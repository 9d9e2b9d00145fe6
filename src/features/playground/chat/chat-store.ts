import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { ChatFormat, TextUsage } from '@/api/text-events';

/**
 * Playground conversations, kept in this browser (localStorage) so they survive a reload. Only
 * what was typed and answered is stored: never the API key, never a stream in flight.
 */

export interface ChatSettings {
  format: ChatFormat;
  model: string;
  system: string;
  temperature: number;
  maxTokens: number;
  stream: boolean;
  /** Tools offered to the model: a JSON array of {name, description, parameters}, as typed. */
  tools?: string;
  toolsOn?: boolean;
  /** Structured output: JSON replies, against `jsonSchema` when one is typed. */
  jsonOutput?: boolean;
  jsonSchema?: string;
  /** Nucleus sampling; sent only when not 1 (the APIs' default). */
  topP?: number;
  /** Stop sequences, one per line; sent only when some are typed. */
  stop?: string;
}

export interface ReplyStats {
  format: ChatFormat;
  model: string;
  /** Time to first token (ms); for a non-streamed reply, time to the whole answer. */
  ttftMs?: number;
  tokensPerSecond?: number;
  usage?: TextUsage;
  finishReason?: string;
  requestId?: string;
  responseId?: string;
  stopped?: boolean;
  error?: string;
}

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  stats?: ReplyStats;
  /**
   * The opaque compaction item POST /v1/responses/compact returned in place of earlier turns; sent
   * back unchanged in Responses input (the other formats have no way to carry it).
   */
  compactionItem?: Record<string, unknown>;
  /** Tool calls of an assistant reply, each with the result the person answered it with. */
  toolCalls?: ToolCallView[];
  /**
   * Before a compaction: still shown, so the conversation stays readable, but not sent in Responses
   * input (the compaction item stands for it there).
   */
  compacted?: boolean;
  /** A user turn the compaction returned to carry forward: sent in Responses input, never shown twice. */
  carried?: boolean;
  /** A reply asked for as JSON: the schema sent with it (none for plain JSON), to check it against. */
  jsonOutput?: { schema?: Record<string, unknown> };
}

export interface ToolCallView {
  id: string;
  name: string;
  arguments: string;
  result?: string;
}

export interface Compaction {
  before: number;
  after: number;
  at: number;
}

export interface Conversation {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  settings: ChatSettings;
  messages: ChatMessage[];
  compaction?: Compaction;
}

export const DEFAULT_MODELS: Record<ChatFormat, string> = {
  chat: 'service-chat',
  responses: 'service-chat',
  messages: 'service-messages',
};

export const DEFAULT_SETTINGS: ChatSettings = {
  format: 'chat',
  model: DEFAULT_MODELS.chat,
  system: '',
  temperature: 0.7,
  maxTokens: 1024,
  stream: true,
};

interface ChatState {
  conversations: Conversation[];
  activeId: string | undefined;
  conversationStarted: (settings?: ChatSettings) => string;
  conversationSelected: (id: string) => void;
  conversationRenamed: (id: string, title: string) => void;
  conversationDeleted: (id: string) => void;
  /** Undo of a delete: puts the conversation back where it was and opens it. */
  conversationRestored: (conversation: Conversation, index: number) => void;
  settingsChanged: (id: string, patch: Partial<ChatSettings>) => void;
  messageAdded: (id: string, message: ChatMessage) => void;
  messageUpdated: (id: string, messageId: string, patch: Partial<ChatMessage>) => void;
  /** Drops the message and everything after it (edit-and-resend, regenerate). */
  messagesTruncatedFrom: (id: string, messageId: string) => void;
  conversationCompacted: (id: string, messages: ChatMessage[], compaction: Compaction) => void;
}

export const CHAT_STORAGE_KEY = 'media-studio.playground.conversations';

export const newId = (prefix: string) =>
  `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** A conversation's title: the first words of its first question until the person renames it. */
export function titleFrom(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > 48 ? `${line.slice(0, 47)}…` : line;
}

function update(list: Conversation[], id: string, fn: (c: Conversation) => Conversation): Conversation[] {
  return list.map((c) => (c.id === id ? { ...fn(c), updatedAt: Date.now() } : c));
}

export const useChatStore = create<ChatState>()(
  persist(
    (set, get) => ({
      conversations: [],
      activeId: undefined,
      conversationStarted: (settings) => {
        const id = newId('conv');
        const now = Date.now();
        const base = settings ?? get().conversations.find((c) => c.id === get().activeId)?.settings;
        const conversation: Conversation = {
          id,
          title: '',
          createdAt: now,
          updatedAt: now,
          settings: { ...DEFAULT_SETTINGS, ...base },
          messages: [],
        };
        set((s) => ({ conversations: [conversation, ...s.conversations], activeId: id }));
        return id;
      },
      conversationSelected: (id) => set({ activeId: id }),
      conversationRenamed: (id, title) =>
        set((s) => ({ conversations: update(s.conversations, id, (c) => ({ ...c, title: title.trim() })) })),
      conversationDeleted: (id) =>
        set((s) => {
          const conversations = s.conversations.filter((c) => c.id !== id);
          const activeId = s.activeId === id ? conversations[0]?.id : s.activeId;
          return { conversations, activeId };
        }),
      conversationRestored: (conversation, index) =>
        set((s) => {
          if (s.conversations.some((c) => c.id === conversation.id)) return s;
          const conversations = [...s.conversations];
          conversations.splice(Math.min(index, conversations.length), 0, conversation);
          return { conversations, activeId: conversation.id };
        }),
      settingsChanged: (id, patch) =>
        set((s) => ({
          conversations: update(s.conversations, id, (c) => ({
            ...c,
            settings: { ...c.settings, ...patch },
          })),
        })),
      messageAdded: (id, message) =>
        set((s) => ({
          conversations: update(s.conversations, id, (c) => ({
            ...c,
            title: c.title || (message.role === 'user' ? titleFrom(message.content) : c.title),
            messages: [...c.messages, message],
          })),
        })),
      messageUpdated: (id, messageId, patch) =>
        set((s) => ({
          conversations: update(s.conversations, id, (c) => ({
            ...c,
            messages: c.messages.map((m) => (m.id === messageId ? { ...m, ...patch } : m)),
          })),
        })),
      messagesTruncatedFrom: (id, messageId) =>
        set((s) => ({
          conversations: update(s.conversations, id, (c) => {
            const at = c.messages.findIndex((m) => m.id === messageId);
            return at < 0 ? c : { ...c, messages: c.messages.slice(0, at) };
          }),
        })),
      conversationCompacted: (id, messages, compaction) =>
        set((s) => ({
          conversations: update(s.conversations, id, (c) => ({
            ...c,
            messages: [
              ...c.messages.map((m) => (m.compacted || m.carried ? m : { ...m, compacted: true })),
              ...messages.map((m) => (m.role === 'user' ? { ...m, carried: true } : m)),
            ],
            compaction,
          })),
        })),
    }),
    {
      name: CHAT_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ conversations: s.conversations, activeId: s.activeId }),
    },
  ),
);

export const useConversations = () => useChatStore((s) => s.conversations);
export const useActiveConversation = () =>
  useChatStore((s) => s.conversations.find((c) => c.id === s.activeId));
