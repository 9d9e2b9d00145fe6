import { describe, expect, it } from 'vitest';
import {
  ChatCompletionParamsSchema,
  EmbeddingsParamsSchema,
  MessagesParamsSchema,
  ResponsesParamsSchema,
} from './text-requests';

function firstIssue(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) {
  expect(result.success).toBe(false);
  return result.error!.issues[0]!;
}

describe('text request schemas', () => {
  it('read null as absent and one stop string as a list, keeping other fields', () => {
    const parsed = ChatCompletionParamsSchema.parse({ temperature: null, stop: '###', messages: [] });
    expect(parsed.temperature).toBeNull();
    expect(parsed.stop).toEqual(['###']);
    expect(parsed.messages).toEqual([]);
    expect(ChatCompletionParamsSchema.parse({ stop: '' }).stop).toEqual([]);
  });

  it('name the field and its range in each refusal', () => {
    expect(firstIssue(ChatCompletionParamsSchema.safeParse({ n: 9 })).message).toBe(
      'n must be a whole number from 1 to 8.',
    );
    const stop = firstIssue(ChatCompletionParamsSchema.safeParse({ stop: ['a', ''] }));
    expect(stop.path).toEqual(['stop', 1]);
    expect(stop.message).toBe('stop[1] must be a non-empty string.');
    expect(firstIssue(MessagesParamsSchema.safeParse({ temperature: 1.5 })).message).toBe(
      'temperature must be a number from 0 to 1.',
    );
    expect(firstIssue(ResponsesParamsSchema.safeParse({ metadata: 'x' })).path).toEqual(['metadata']);
    expect(firstIssue(ResponsesParamsSchema.safeParse({ store: 'yes' })).message).toBe(
      'store must be true or false.',
    );
    expect(firstIssue(EmbeddingsParamsSchema.safeParse({ encoding_format: 'hex' })).message).toContain(
      '"base64"',
    );
  });
});
