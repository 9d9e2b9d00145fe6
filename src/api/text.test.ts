import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '@/api/api-client';
import { useConnectionStore } from '@/api/connection-store';
import { createTranscript, readSse, streamEvents, type SseMessage } from '@/api/text';
import { json, mockFetch } from '@/test/fetch-mock';

/** A byte stream delivered in the given pieces, as a network would split it. */
function bytes(pieces: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const p of pieces) controller.enqueue(typeof p === 'string' ? enc.encode(p) : p);
      controller.close();
    },
  });
}

async function collect(stream: ReadableStream<Uint8Array>) {
  const out: SseMessage[] = [];
  await readSse(stream, (m) => out.push(m));
  return out;
}

afterEach(() => vi.unstubAllGlobals());

describe('readSse', () => {
  it('reassembles events split anywhere, with CRLF and multi-line data', async () => {
    const out = await collect(
      bytes([
        'data: {"a"',
        ':1}\n',
        '\nevent: response.created\r\ndata: x\r\ndata: y\r\n\r\n',
        'data: [DONE]\n\n',
      ]),
    );
    expect(out).toEqual([
      { event: undefined, data: '{"a":1}' },
      { event: 'response.created', data: 'x\ny' },
      { event: undefined, data: '[DONE]' },
    ]);
  });

  it('keeps a multi-byte character whole when the network splits it', async () => {
    const enc = new TextEncoder().encode('data: 你好\n\n');
    const out = await collect(bytes([enc.slice(0, 8), enc.slice(8)]));
    expect(out).toEqual([{ event: undefined, data: '你好' }]);
  });

  it('ignores comments (keep-alives) and stops when the signal aborts', async () => {
    const controller = new AbortController();
    const enc = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(enc.encode(': ping\n\ndata: one\n\n'));
      },
    });
    const seen: string[] = [];
    const done = readSse(
      stream,
      (m) => {
        seen.push(m.data);
        controller.abort(new DOMException('stop', 'AbortError'));
      },
      controller.signal,
    );
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toEqual(['one']);
  });
});

describe('streamEvents', () => {
  it('sends the saved key as a Bearer token and an error status as ApiRequestError', async () => {
    useConnectionStore.setState({ baseUrl: '', apiKey: 'sk-test-123' });
    const fetch = mockFetch({
      'POST /v1/messages': () =>
        json(
          { type: 'error', error: { type: 'invalid_request_error', message: 'max_tokens: Field required' } },
          400,
          {
            'X-Request-Id': 'req_1',
          },
        ),
    });
    const err = await streamEvents(
      '/v1/messages',
      { model: 'service-messages' },
      { onMessage: () => {} },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect((err as ApiRequestError).message).toBe('max_tokens: Field required');
    expect((err as ApiRequestError).requestId).toBe('req_1');
    const headers = fetch.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer sk-test-123');
    expect(headers.Accept).toBe('text/event-stream');
  });

  it('reports the request id on open, then every event', async () => {
    mockFetch({
      'POST /v1/chat/completions': () =>
        new Response(bytes(['data: {"x":1}\n\n', 'data: [DONE]\n\n']), {
          headers: { 'Content-Type': 'text/event-stream', 'X-Request-Id': 'req_2' },
        }),
    });
    const opened = vi.fn();
    const messages: string[] = [];
    await streamEvents(
      '/v1/chat/completions',
      {},
      { onOpen: opened, onMessage: (m) => messages.push(m.data) },
    );
    expect(opened).toHaveBeenCalledWith({ requestId: 'req_2' });
    expect(messages).toEqual(['{"x":1}', '[DONE]']);
  });
});

describe('createTranscript', () => {
  it('reads a plain-text transcript as text and a JSON one as JSON, through the API client', async () => {
    useConnectionStore.setState({ baseUrl: '', apiKey: 'sk-test-123' });
    const fetch = mockFetch({
      'POST /v1/audio/transcriptions': () =>
        new Response('WEBVTT\n\nhello', { headers: { 'Content-Type': 'text/vtt', 'X-Request-Id': 'req_3' } }),
      'POST /v1/audio/translations': () => json({ text: 'hi' }),
    });
    const vtt = await createTranscript('transcriptions', new FormData());
    expect(vtt).toEqual({
      text: 'WEBVTT\n\nhello',
      json: undefined,
      contentType: 'text/vtt',
      requestId: 'req_3',
    });
    expect(new Headers(fetch.mock.calls[0]![1]!.headers).get('Authorization')).toBe('Bearer sk-test-123');
    const translated = await createTranscript('translations', new FormData());
    expect(translated.json).toEqual({ text: 'hi' });
  });
});
