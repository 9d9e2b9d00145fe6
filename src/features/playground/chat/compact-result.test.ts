import { describe, expect, it } from 'vitest';
import { buildChatRequest } from '@/features/playground/chat/chat-request';
import { DEFAULT_SETTINGS, newId, useChatStore } from '@/features/playground/chat/chat-store';
import { readCompaction } from '@/features/playground/chat/compact-result';

const BODY = {
  object: 'response.compaction',
  output: [
    { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'First question' }] },
    { id: 'cmp_1', type: 'compaction', encrypted_content: 'opaque' },
  ],
  usage: { input_tokens: 120, output_tokens: 30, total_tokens: 150 },
};

describe('readCompaction', () => {
  it('keeps the user turns, the opaque item, and the tokens before and after', () => {
    const { messages, compaction } = readCompaction(BODY);
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'First question'],
      ['assistant', ''],
    ]);
    expect(messages[1]!.compactionItem).toEqual(BODY.output[1]);
    expect(compaction).toMatchObject({ before: 120, after: 30 });
  });

  it('keeps the history readable, sends the item back in Responses, and the full history elsewhere', () => {
    const store = useChatStore.getState();
    const id = store.conversationStarted({ ...DEFAULT_SETTINGS, format: 'responses' });
    const add = (role: 'user' | 'assistant', content: string) =>
      store.messageAdded(id, { id: newId('msg'), role, content });
    add('user', 'First question');
    add('assistant', 'A long answer');
    add('user', 'Second question');
    add('assistant', 'Another answer');
    const { messages, compaction } = readCompaction(BODY);
    store.conversationCompacted(id, messages, compaction);
    add('user', 'Next');
    const history = useChatStore.getState().conversations.find((c) => c.id === id)!.messages;

    // Everything said is still there to read; only the compaction's copy of a question is hidden.
    expect(history.filter((m) => m.compacted).map((m) => m.content)).toEqual([
      'First question',
      'A long answer',
      'Second question',
      'Another answer',
    ]);
    expect(history.filter((m) => m.carried).map((m) => m.content)).toEqual(['First question']);

    const responses = buildChatRequest({ ...DEFAULT_SETTINGS, format: 'responses' }, history);
    expect(responses.body.input).toEqual([
      { role: 'user', content: 'First question' },
      BODY.output[1],
      { role: 'user', content: 'Next' },
    ]);
    const chat = buildChatRequest(DEFAULT_SETTINGS, history);
    expect(chat.body.messages).toEqual([
      { role: 'user', content: 'First question' },
      { role: 'assistant', content: 'A long answer' },
      { role: 'user', content: 'Second question' },
      { role: 'assistant', content: 'Another answer' },
      { role: 'user', content: 'Next' },
    ]);
  });

  it('never sends Messages two user turns in a row: adjacent turns of one role are joined', () => {
    const history = [
      { role: 'user' as const, content: 'One' },
      { role: 'user' as const, content: 'Two' },
      { role: 'assistant' as const, content: 'Reply' },
      { role: 'user' as const, content: 'Three' },
    ];
    const messages = buildChatRequest({ ...DEFAULT_SETTINGS, format: 'messages' }, history);
    expect(messages.body.messages).toEqual([
      { role: 'user', content: 'One\n\nTwo' },
      { role: 'assistant', content: 'Reply' },
      { role: 'user', content: 'Three' },
    ]);
  });
});
