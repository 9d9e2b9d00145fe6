import { describe, expect, it } from 'vitest';
import { buildSnippets, maskKey, pythonLiteral } from '@/features/playground/view-code/code-snippets';

const KEY = 'sk-local-0123456789abcdef';
const ORIGIN = 'http://127.0.0.1:8787';

describe('code snippets', () => {
  it('never contain the key, only its masked form', () => {
    const requests = [
      {
        kind: 'json' as const,
        path: '/v1/chat/completions',
        body: { model: 'service-chat', messages: [], stream: true },
      },
      {
        kind: 'json' as const,
        path: '/v1/messages',
        body: { model: 'service-messages', max_tokens: 10, messages: [] },
      },
      {
        kind: 'json' as const,
        path: '/v1/audio/speech',
        body: { model: 'tts-1', input: 'hi', voice: 'alloy' },
        binaryOut: 'speech.mp3',
      },
      {
        kind: 'multipart' as const,
        path: '/v1/audio/transcriptions',
        fields: { model: 'transcribe-1' },
        fileName: 'a.wav',
      },
    ];
    for (const req of requests) {
      const all = Object.values(buildSnippets(req, ORIGIN, KEY))
        .filter(Boolean)
        .join('\n');
      expect(all).not.toContain(KEY);
      expect(all).toContain(maskKey(KEY));
    }
    expect(maskKey(KEY)).toBe('sk-l…cdef');
    expect(maskKey('short')).not.toContain('short');
  });

  it('points openai at /v1 and anthropic at the origin', () => {
    const chat = buildSnippets(
      { kind: 'json', path: '/v1/chat/completions', body: { model: 'm', stream: false } },
      ORIGIN,
      KEY,
    );
    expect(chat['openai-js']).toContain(`baseURL: '${ORIGIN}/v1'`);
    expect(chat['openai-python']).toContain(`base_url="${ORIGIN}/v1"`);
    expect(chat['anthropic-js']).toBeUndefined();
    const msg = buildSnippets(
      { kind: 'json', path: '/v1/messages', body: { model: 'm', max_tokens: 5, stream: true } },
      ORIGIN,
      KEY,
    );
    expect(msg['anthropic-js']).toContain(`baseURL: '${ORIGIN}'`);
    expect(msg['anthropic-js']).toContain('client.messages.stream(');
    expect(msg['anthropic-python']).toContain('client.messages.stream(');
    expect(msg['openai-js']).toBeUndefined();
  });

  it('curl quotes bodies safely and multipart sends the file', () => {
    const snippet = buildSnippets(
      { kind: 'json', path: '/v1/chat/completions', body: { messages: [{ role: 'user', content: "it's" }] } },
      ORIGIN,
      KEY,
    ).curl;
    expect(snippet).toContain(`it'\\''s`);
    const multi = buildSnippets(
      {
        kind: 'multipart',
        path: '/v1/audio/translations',
        fields: { response_format: 'srt' },
        fileName: 'a.wav',
      },
      ORIGIN,
      KEY,
    );
    expect(multi.curl).toContain(`-F 'file=@a.wav'`);
    expect(multi['openai-js']).toContain('client.audio.translations.create');
  });

  it('writes Python literals', () => {
    expect(pythonLiteral({ a: true, b: null, c: [1, 'x'] })).toBe(
      '{\n    "a": True,\n    "b": None,\n    "c": [\n        1,\n        "x",\n    ],\n}',
    );
  });

  it('curl for Messages authenticates as Anthropic does: x-api-key and anthropic-version', () => {
    const { curl } = buildSnippets(
      {
        kind: 'json',
        path: '/v1/messages',
        body: { model: 'service-messages', max_tokens: 10, messages: [] },
      },
      ORIGIN,
      KEY,
    );
    expect(curl).toContain(`-H 'x-api-key: ${maskKey(KEY)}'`);
    expect(curl).toContain(`-H 'anthropic-version: 2023-06-01'`);
    expect(curl).not.toContain('Bearer');
  });
});
