import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ChatCompletionParamsSchema,
  EmbeddingsParamsSchema,
  EmbeddingsRequestSchema,
  MessagesParamsSchema,
  ResponsesParamsSchema,
  SPEECH_VOICES,
  SpeechParamsSchema,
  SpeechRequestSchema,
  TranscriptionParamsSchema,
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
    expect(firstIssue(MessagesParamsSchema.safeParse({ max_tokens: 16, temperature: 1.5 })).message).toBe(
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

  it('read embedding input as a list of texts, naming the text that is empty or too long', () => {
    expect(EmbeddingsParamsSchema.parse({ input: 'cat' }).input).toEqual(['cat']);
    expect(EmbeddingsParamsSchema.parse({ input: [1, 2, 3] }).input).toEqual(['1 2 3']);
    expect(EmbeddingsParamsSchema.parse({ input: ['a', [4, 5]] }).input).toEqual(['a', '4 5']);
    const refused = (input: unknown) => {
      const issue = firstIssue(EmbeddingsParamsSchema.safeParse({ input }));
      return [issue.path, issue.message];
    };
    expect(refused(' ')).toEqual([['input'], 'input must not be empty: send text to embed.']);
    expect(refused('x'.repeat(32_001))).toEqual([
      ['input'],
      'input is longer than 32000 characters: split it.',
    ]);
    expect(refused(['ok', ' '])).toEqual([['input', 1], 'input[1] must not be empty: send text to embed.']);
    expect(refused(['ok', 5])).toEqual([['input', 1], 'input[1] must be a string.']);
    expect(refused([])).toEqual([['input'], 'input must not be an empty array: send at least one text.']);
    expect(refused({})).toEqual([['input'], 'input must be a string or an array of strings.']);
    expect(refused(Array.from({ length: 2049 }, () => 'a'))[1]).toBe(
      'input may hold at most 2048 texts per request.',
    );
  });

  it('read the speech and transcription choices, naming the list a wrong one must come from', () => {
    const speech = SpeechParamsSchema.parse({
      voice: { id: 'nova' },
      response_format: '',
      stream_format: 'audio',
    });
    expect([speech.voice, speech.response_format]).toEqual(['nova', undefined]);
    expect(firstIssue(SpeechParamsSchema.safeParse({ voice: 'robot' })).message).toBe(
      `voice must be one of ${SPEECH_VOICES.map((v) => `"${v}"`).join(', ')}.`,
    );
    expect(firstIssue(SpeechParamsSchema.safeParse({ response_format: 'ogg' })).path).toEqual([
      'response_format',
    ]);
    expect(firstIssue(SpeechParamsSchema.safeParse({ stream_format: 'sse' })).message).toBe(
      'stream_format "sse" is not supported for tts-1 and tts-1-hd: leave it out or set "audio".',
    );
    const form = TranscriptionParamsSchema.parse({
      response_format: 'srt',
      temperature: '0.2',
      language: 'zh-CN',
    });
    expect(form).toEqual({ response_format: 'srt', temperature: 0.2, language: 'zh-CN' });
    expect(firstIssue(TranscriptionParamsSchema.safeParse({ temperature: 'warm' })).message).toBe(
      'temperature must be a number from 0 to 1.',
    );
    expect(firstIssue(TranscriptionParamsSchema.safeParse({ language: 'English' })).path).toEqual([
      'language',
    ]);
    expect(firstIssue(TranscriptionParamsSchema.safeParse({ response_format: 'doc' })).message).toContain(
      '"vtt"',
    );
  });
});

describe('what the text requests require, with the code a client tells the refusal by', () => {
  const refusal = (result: { success: boolean; error?: z.ZodError }) => {
    expect(result.success).toBe(false);
    const issue = result.error!.issues[0]!;
    const code = issue.code === 'custom' ? (issue.params?.code as string | undefined) : undefined;
    return { path: issue.path.join('.'), message: issue.message, code };
  };

  it('checks the model first: missing, not a string, or of another endpoint', () => {
    const speech = (body: object) => refusal(SpeechRequestSchema.safeParse(body));
    expect(speech({ voice: 'nobody' })).toEqual({
      path: 'model',
      message: 'model is required for POST /v1/audio/speech: use "tts-1", "tts-1-hd".',
      code: 'missing_required_parameter',
    });
    expect(speech({ model: '', input: 'x' }).code).toBe('missing_required_parameter');
    expect(speech({ model: 7 })).toEqual({
      path: 'model',
      message: 'model must be a string: use "tts-1", "tts-1-hd".',
      code: undefined,
    });
    expect(speech({ model: 'service-chat' })).toEqual({
      path: 'model',
      message: 'The model "service-chat" does not exist for POST /v1/audio/speech. Use "tts-1", "tts-1-hd".',
      code: 'model_not_found',
    });
    expect(
      SpeechRequestSchema.parse({ model: 'tts-1-hd', voice: { id: 'echo' }, input: 'Hi' }),
    ).toMatchObject({
      model: 'tts-1-hd',
      voice: 'echo',
      input: 'Hi',
    });
  });

  it('refuses a missing voice or text before judging the other fields', () => {
    const speech = (body: object) => refusal(SpeechRequestSchema.safeParse({ model: 'tts-1', ...body }));
    expect(speech({ input: 'x', speed: 9 })).toMatchObject({
      path: 'voice',
      code: 'missing_required_parameter',
    });
    expect(speech({ voice: 'alloy', input: '  ', speed: 9 })).toEqual({
      path: 'input',
      message: 'input is required: the text to speak (up to 4096 characters).',
      code: 'invalid_parameter',
    });
    expect(speech({ voice: 'alloy', input: 5 }).message).toBe('input must be a string.');
  });

  it('requires max_tokens on Messages and input on embeddings', () => {
    expect(refusal(MessagesParamsSchema.safeParse({ max_tokens: null }))).toEqual({
      path: 'max_tokens',
      message: 'max_tokens is required: the most tokens the reply may have, e.g. 1024.',
      code: 'missing_required_parameter',
    });
    expect(refusal(MessagesParamsSchema.safeParse({ max_tokens: 0 })).message).toBe(
      'max_tokens must be a whole number from 1 to 1000000.',
    );
    const embeddings = EmbeddingsRequestSchema.safeParse({ model: 'service-embedding' });
    expect(refusal(embeddings)).toEqual({
      path: 'input',
      message: 'input is required: a string or an array of strings.',
      code: 'missing_required_parameter',
    });
    expect(EmbeddingsRequestSchema.parse({ model: 'service-embedding', input: 'cat' }).input).toEqual([
      'cat',
    ]);
  });
});
