import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../test/helpers';

/*
 * What each text endpoint answers to a request it refuses, pinned field by field: the status, the
 * error's code, param and message, in the format's own error shape (OpenAI's envelope, Anthropic's
 * `{type: "error"}` on the Messages endpoints). The checks moved from the routes into the
 * contract's schemas and Hono's validator (decision 325); this table is what they must keep.
 */

let t: TestApp;
beforeAll(() => {
  t = makeTestApp();
});
afterAll(() => t.close());

type Case = [
  name: string,
  path: string,
  body: unknown,
  status: number,
  code: string,
  param: string | undefined,
  message: string,
];

const CASES: Case[] = [
  [
    'chat: body not an object',
    '/v1/chat/completions',
    [1],
    400,
    'invalid_parameter',
    undefined,
    'The request body must be a JSON object with the fields of this endpoint.',
  ],
  [
    'chat: model missing',
    '/v1/chat/completions',
    { messages: [{ role: 'user', content: 'x' }] },
    400,
    'missing_required_parameter',
    'model',
    'model is required for POST /v1/chat/completions: use "service-chat".',
  ],
  [
    'chat: model empty',
    '/v1/chat/completions',
    { model: '', messages: [{ role: 'user', content: 'x' }] },
    400,
    'missing_required_parameter',
    'model',
    'model is required for POST /v1/chat/completions: use "service-chat".',
  ],
  [
    'chat: model not a string',
    '/v1/chat/completions',
    { model: 3, messages: [{ role: 'user', content: 'x' }] },
    400,
    'invalid_parameter',
    'model',
    'model must be a string: use "service-chat".',
  ],
  [
    'chat: model of another endpoint',
    '/v1/chat/completions',
    { model: 'service-messages', messages: [{ role: 'user', content: 'x' }] },
    400,
    'model_not_found',
    'model',
    'The model "service-messages" does not exist for POST /v1/chat/completions. Use "service-chat".',
  ],
  [
    'chat: model wrong and messages wrong',
    '/v1/chat/completions',
    { model: 'nope', messages: 3 },
    400,
    'model_not_found',
    'model',
    'The model "nope" does not exist for POST /v1/chat/completions. Use "service-chat".',
  ],
  [
    'chat: messages missing',
    '/v1/chat/completions',
    { model: 'service-chat' },
    400,
    'invalid_parameter',
    'messages',
    'messages must be an array of messages.',
  ],
  [
    'chat: temperature out of range',
    '/v1/chat/completions',
    { model: 'service-chat', messages: [{ role: 'user', content: 'x' }], temperature: 3 },
    400,
    'invalid_parameter',
    'temperature',
    'temperature must be a number from 0 to 2.',
  ],
  [
    'chat: stream_options without stream',
    '/v1/chat/completions',
    {
      model: 'service-chat',
      messages: [{ role: 'user', content: 'x' }],
      stream_options: { include_usage: true },
    },
    400,
    'invalid_parameter',
    'stream_options',
    'stream_options is only allowed when stream is true.',
  ],
  [
    'responses: model missing',
    '/v1/responses',
    { input: 'x' },
    400,
    'missing_required_parameter',
    'model',
    'model is required for POST /v1/responses: use "service-chat".',
  ],
  [
    'responses: model unknown',
    '/v1/responses',
    { model: 'gpt-x', input: 'x' },
    400,
    'model_not_found',
    'model',
    'The model "gpt-x" does not exist for POST /v1/responses. Use "service-chat".',
  ],
  [
    'responses: bad max_output_tokens',
    '/v1/responses',
    { model: 'service-chat', input: 'x', max_output_tokens: 0 },
    400,
    'invalid_parameter',
    'max_output_tokens',
    'max_output_tokens must be a whole number from 1 to 1000000.',
  ],
  [
    'compact: model missing',
    '/v1/responses/compact',
    { input: 'x' },
    400,
    'missing_required_parameter',
    'model',
    'model is required for POST /v1/responses/compact: use "service-chat".',
  ],
  [
    'compact: model unknown',
    '/v1/responses/compact',
    { model: 'service-messages', input: 'x' },
    400,
    'model_not_found',
    'model',
    'The model "service-messages" does not exist for POST /v1/responses/compact. Use "service-chat".',
  ],
  [
    'messages: body not an object',
    '/v1/messages',
    'x',
    400,
    'invalid_parameter',
    undefined,
    'The request body must be a JSON object with the fields of this endpoint.',
  ],
  [
    'messages: model missing',
    '/v1/messages',
    { max_tokens: 10, messages: [{ role: 'user', content: 'x' }] },
    400,
    'missing_required_parameter',
    'model',
    'model is required for POST /v1/messages: use "service-messages".',
  ],
  [
    'messages: model unknown',
    '/v1/messages',
    { model: 'service-chat', max_tokens: 10, messages: [{ role: 'user', content: 'x' }] },
    400,
    'model_not_found',
    'model',
    'The model "service-chat" does not exist for POST /v1/messages. Use "service-messages".',
  ],
  [
    'messages: model not a string',
    '/v1/messages',
    { model: ['a'], max_tokens: 10, messages: [{ role: 'user', content: 'x' }] },
    400,
    'invalid_parameter',
    'model',
    'model must be a string: use "service-messages".',
  ],
  [
    'messages: max_tokens missing',
    '/v1/messages',
    { model: 'service-messages', messages: [{ role: 'user', content: 'x' }] },
    400,
    'missing_required_parameter',
    'max_tokens',
    'max_tokens is required: the most tokens the reply may have, e.g. 1024.',
  ],
  [
    'messages: max_tokens null',
    '/v1/messages',
    { model: 'service-messages', max_tokens: null, messages: [{ role: 'user', content: 'x' }] },
    400,
    'missing_required_parameter',
    'max_tokens',
    'max_tokens is required: the most tokens the reply may have, e.g. 1024.',
  ],
  [
    'messages: max_tokens missing and model unknown',
    '/v1/messages',
    { model: 'x', messages: [{ role: 'user', content: 'x' }] },
    400,
    'model_not_found',
    'model',
    'The model "x" does not exist for POST /v1/messages. Use "service-messages".',
  ],
  [
    'messages: max_tokens zero',
    '/v1/messages',
    { model: 'service-messages', max_tokens: 0, messages: [{ role: 'user', content: 'x' }] },
    400,
    'invalid_parameter',
    'max_tokens',
    'max_tokens must be a whole number from 1 to 1000000.',
  ],
  [
    'messages: max_tokens missing and messages bad',
    '/v1/messages',
    { model: 'service-messages', messages: 4 },
    400,
    'missing_required_parameter',
    'max_tokens',
    'max_tokens is required: the most tokens the reply may have, e.g. 1024.',
  ],
  [
    'messages: role system',
    '/v1/messages',
    { model: 'service-messages', max_tokens: 5, messages: [{ role: 'system', content: 'x' }] },
    400,
    'invalid_parameter',
    'messages[0].role',
    'messages[0].role must be "user" or "assistant" (put system instructions in the top-level "system" field).',
  ],
  [
    'count_tokens: model missing',
    '/v1/messages/count_tokens',
    { messages: [{ role: 'user', content: 'x' }] },
    400,
    'missing_required_parameter',
    'model',
    'model is required for POST /v1/messages/count_tokens: use "service-messages".',
  ],
  [
    'count_tokens: model unknown',
    '/v1/messages/count_tokens',
    { model: 'service-chat', messages: [{ role: 'user', content: 'x' }] },
    400,
    'model_not_found',
    'model',
    'The model "service-chat" does not exist for POST /v1/messages/count_tokens. Use "service-messages".',
  ],
  [
    'count_tokens: messages missing',
    '/v1/messages/count_tokens',
    { model: 'service-messages' },
    400,
    'invalid_parameter',
    'messages',
    'messages must be an array of messages.',
  ],
  [
    'embeddings: model missing',
    '/v1/embeddings',
    { input: 'x' },
    400,
    'missing_required_parameter',
    'model',
    'model is required for POST /v1/embeddings: use "service-embedding".',
  ],
  [
    'embeddings: input missing',
    '/v1/embeddings',
    { model: 'service-embedding' },
    400,
    'missing_required_parameter',
    'input',
    'input is required: a string or an array of strings.',
  ],
  [
    'embeddings: input null and model unknown',
    '/v1/embeddings',
    { model: 'nope', input: null },
    400,
    'model_not_found',
    'model',
    'The model "nope" does not exist for POST /v1/embeddings. Use "service-embedding".',
  ],
  [
    'embeddings: input empty',
    '/v1/embeddings',
    { model: 'service-embedding', input: '' },
    400,
    'invalid_parameter',
    'input',
    'input must not be empty: send text to embed.',
  ],
  [
    'speech: model missing',
    '/v1/audio/speech',
    { voice: 'alloy', input: 'x' },
    400,
    'missing_required_parameter',
    'model',
    'model is required for POST /v1/audio/speech: use "tts-1", "tts-1-hd".',
  ],
  [
    'speech: model unknown',
    '/v1/audio/speech',
    { model: 'tts-9', voice: 'alloy', input: 'x' },
    400,
    'model_not_found',
    'model',
    'The model "tts-9" does not exist for POST /v1/audio/speech. Use "tts-1", "tts-1-hd".',
  ],
  [
    'speech: voice missing',
    '/v1/audio/speech',
    { model: 'tts-1', input: 'x' },
    400,
    'missing_required_parameter',
    'voice',
    'voice is required: one of alloy, ash, ballad, cedar, coral, echo, fable, marin, nova, onyx, sage, shimmer, verse.',
  ],
  [
    'speech: voice unknown',
    '/v1/audio/speech',
    { model: 'tts-1', voice: 'bob', input: 'x' },
    400,
    'invalid_parameter',
    'voice',
    'voice must be one of "alloy", "ash", "ballad", "cedar", "coral", "echo", "fable", "marin", "nova", "onyx", "sage", "shimmer", "verse".',
  ],
  [
    'speech: input missing',
    '/v1/audio/speech',
    { model: 'tts-1', voice: 'alloy' },
    400,
    'invalid_parameter',
    'input',
    'input is required: the text to speak (up to 4096 characters).',
  ],
  [
    'speech: input blank',
    '/v1/audio/speech',
    { model: 'tts-1', voice: 'alloy', input: '   ' },
    400,
    'invalid_parameter',
    'input',
    'input is required: the text to speak (up to 4096 characters).',
  ],
  [
    'speech: input too long',
    '/v1/audio/speech',
    {
      model: 'tts-1',
      voice: 'alloy',
      input:
        'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    },
    400,
    'invalid_parameter',
    'input',
    'input must be at most 4096 characters.',
  ],
  [
    'speech: voice missing and input missing',
    '/v1/audio/speech',
    { model: 'tts-1' },
    400,
    'missing_required_parameter',
    'voice',
    'voice is required: one of alloy, ash, ballad, cedar, coral, echo, fable, marin, nova, onyx, sage, shimmer, verse.',
  ],
  [
    'speech: speed wrong',
    '/v1/audio/speech',
    { model: 'tts-1', voice: 'alloy', input: 'x', speed: 9 },
    400,
    'invalid_parameter',
    'speed',
    'speed must be a number from 0.25 to 4.',
  ],
];

const anthropic = (path: string) => path.startsWith('/v1/messages');

describe('text endpoints refuse bad requests as before', () => {
  it.each(CASES)('%s', async (_name, path, body, status, code, param, message) => {
    const res = await t.req(path, { method: 'POST', json: body });
    expect(res.status).toBe(status);
    const answer = (await res.json()) as { type?: string; error: Record<string, unknown> };
    expect(answer.error).toMatchObject({ code, message });
    expect(answer.error.param).toBe(param);
    // Each format's own error shape: Anthropic's names its own type, OpenAI's the envelope's.
    expect(answer.type).toBe(anthropic(path) ? 'error' : undefined);
    expect(answer.error.type).toBe('invalid_request_error');
  });

  const RAW: Array<[name: string, text: string, type: string | undefined, status: number, code: string]> = [
    ['a body that is not JSON', '{"model": ', 'application/json', 400, 'invalid_json'],
    ['an empty body', '', 'application/json', 400, 'missing_body'],
    ['a form body', 'model=service-chat', 'application/x-www-form-urlencoded', 415, 'unsupported_media_type'],
    ['no content type', '{"model":"service-chat"}', undefined, 415, 'unsupported_media_type'],
    [
      'nesting past the bound',
      `${'['.repeat(200)}${']'.repeat(200)}`,
      'application/json',
      400,
      'json_too_deep',
    ],
  ];
  const PATHS = [
    '/v1/chat/completions',
    '/v1/responses',
    '/v1/responses/compact',
    '/v1/messages',
    '/v1/messages/count_tokens',
    '/v1/embeddings',
    '/v1/audio/speech',
  ];
  it.each(RAW)('reads %s as before on every JSON endpoint', async (_name, text, type, status, code) => {
    for (const path of PATHS) {
      const headers: Record<string, string> = type ? { 'content-type': type } : {};
      const res = await t.req(path, { method: 'POST', body: text, headers });
      expect(res.status, path).toBe(status);
      const answer = (await res.json()) as { type?: string; error: { code: string; message: string } };
      expect(answer.error.code, path).toBe(code);
      expect(answer.error.message.length, path).toBeGreaterThan(20);
      expect(answer.type, path).toBe(anthropic(path) ? 'error' : undefined);
    }
  });
});

describe('transcriptions and translations refuse bad forms as before', () => {
  const form = (fields: Record<string, string>, file?: Uint8Array) => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
    if (file) fd.append('file', new Blob([file]), 'a.wav');
    return fd;
  };
  const FORM_CASES: Array<[string, Record<string, string>, Uint8Array | undefined, string, string, string]> =
    [
      [
        'model missing',
        {},
        new Uint8Array([1, 2]),
        'missing_required_parameter',
        'model',
        'model is required for POST /v1/audio/%s: use "transcribe-1".',
      ],
      [
        'model unknown',
        { model: 'tts-1' },
        new Uint8Array([1, 2]),
        'model_not_found',
        'model',
        'The model "tts-1" does not exist for POST /v1/audio/%s. Use "transcribe-1".',
      ],
      [
        'response_format unknown',
        { model: 'transcribe-1', response_format: 'xml' },
        new Uint8Array([1, 2]),
        'invalid_parameter',
        'response_format',
        'response_format must be one of "json", "text", "srt", "verbose_json", "vtt".',
      ],
      [
        'file missing',
        { model: 'transcribe-1' },
        undefined,
        'invalid_parameter',
        'file',
        'file is required: attach the audio (mp3, wav, m4a, ogg, webm, flac…) as the multipart part "file".',
      ],
      [
        'file empty',
        { model: 'transcribe-1' },
        new Uint8Array(),
        'invalid_parameter',
        'file',
        'file is required: attach the audio (mp3, wav, m4a, ogg, webm, flac…) as the multipart part "file".',
      ],
    ];
  it.each(FORM_CASES)('%s', async (_name, fields, file, code, param, message) => {
    for (const kind of ['transcriptions', 'translations']) {
      const res = await t.req(`/v1/audio/${kind}`, { method: 'POST', body: form(fields, file) });
      expect(res.status).toBe(400);
      const answer = (await res.json()) as { error: Record<string, unknown> };
      expect(answer.error).toMatchObject({ code, param, message: message.replace('%s', kind) });
    }
  });
});
