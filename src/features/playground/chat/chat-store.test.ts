import { beforeEach, describe, expect, it } from 'vitest';
import { useConnectionStore } from '@/api/connection-store';
import { CHAT_STORAGE_KEY, titleFrom, useChatStore } from '@/features/playground/chat/chat-store';

const s = () => useChatStore.getState();

beforeEach(() => {
  localStorage.clear();
  useChatStore.setState({ conversations: [], activeId: undefined });
});

describe('conversation store', () => {
  it('starts, names from the first question, renames and deletes conversations', () => {
    const id = s().conversationStarted();
    expect(s().activeId).toBe(id);
    s().messageAdded(id, { id: 'm1', role: 'user', content: 'How do I stream?\nMore detail' });
    expect(s().conversations[0]!.title).toBe('How do I stream?');
    s().conversationRenamed(id, '  Streaming  ');
    expect(s().conversations[0]!.title).toBe('Streaming');
    const other = s().conversationStarted();
    s().conversationDeleted(other);
    expect(s().conversations.map((c) => c.id)).toEqual([id]);
    expect(s().activeId).toBe(id);
    const first = s().conversations[0]!;
    s().conversationDeleted(id);
    expect(s().conversations).toHaveLength(0);
    s().conversationRestored(first, 0);
    expect(s().conversations[0]!.title).toBe('Streaming');
    expect(s().activeId).toBe(id);
  });

  it('truncates from a message for edit-and-resend and regenerate', () => {
    const id = s().conversationStarted();
    for (const [mid, role] of [
      ['a', 'user'],
      ['b', 'assistant'],
      ['c', 'user'],
      ['d', 'assistant'],
    ] as const)
      s().messageAdded(id, { id: mid, role, content: mid });
    s().messagesTruncatedFrom(id, 'c');
    expect(s().conversations[0]!.messages.map((m) => m.id)).toEqual(['a', 'b']);
  });

  it('a new conversation takes the settings of the open one', () => {
    const id = s().conversationStarted();
    s().settingsChanged(id, { format: 'messages', model: 'service-messages', temperature: 0.2 });
    s().conversationStarted();
    expect(s().conversations[0]!.settings).toMatchObject({ format: 'messages', temperature: 0.2 });
  });

  it('persists conversations to localStorage, never the API key', () => {
    useConnectionStore.setState({ apiKey: 'sk-secret-key-123456' });
    const id = s().conversationStarted();
    s().messageAdded(id, { id: 'm', role: 'user', content: 'hello' });
    const raw = localStorage.getItem(CHAT_STORAGE_KEY)!;
    expect(JSON.parse(raw).state.conversations[0].messages[0].content).toBe('hello');
    expect(raw).not.toContain('sk-secret');
  });

  it('titles long first lines with an ellipsis', () => {
    expect(titleFrom('x'.repeat(100))).toHaveLength(48);
  });
});
