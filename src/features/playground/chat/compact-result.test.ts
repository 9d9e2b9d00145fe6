import { describe, expect, it } from 'vitest';
import { buildChatRequest } from '@/features/playground/chat/chat-request';
import { DEFAULT_SETTINGS } from '@/features/playground/chat/chat-store';
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

  it('sends the item back unchanged in Responses input and leaves it out of the other formats', () => {
    const { messages } = readCompaction(BODY);
    const history = [...messages, { id: 'n', role: 'user' as const, content: 'Next' }];
    const responses = buildChatRequest({ ...DEFAULT_SETTINGS, format: 'responses' }, history);
    expect(responses.body.input).toEqual([
      { role: 'user', content: 'First question' },
      BODY.output[1],
      { role: 'user', content: 'Next' },
    ]);
    const chat = buildChatRequest(DEFAULT_SETTINGS, history);
    expect(chat.body.messages).toEqual([
      { role: 'user', content: 'First question' },
      { role: 'user', content: 'Next' },
    ]);
  });
});
