import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '@/api/api-client';
import { useConnectionStore } from '@/api/connection-store';
import { fetchFileBytes } from '@/api/result-files';
import { json, mockFetch, TEST_CONNECTION } from '@/test/fetch-mock';

beforeEach(() => useConnectionStore.setState(TEST_CONNECTION));
afterEach(() => vi.unstubAllGlobals());

describe('fetchFileBytes', () => {
  it('reads a result file by its own URL and query, sending no key', async () => {
    const fetchMock = mockFetch({
      'GET /files/o/a.wav': () =>
        new Response(new Uint8Array([1, 2, 3]), { headers: { 'Content-Type': 'audio/wav' } }),
    });
    const bytes = await fetchFileBytes('https://cdn.test/files/o/a.wav?sig=x');
    expect(new Uint8Array(bytes)).toEqual(new Uint8Array([1, 2, 3]));
    const [input, init] = fetchMock.mock.calls[0]!;
    expect(String(input)).toBe('https://cdn.test/files/o/a.wav?sig=x');
    expect(new Headers(init!.headers).get('Authorization')).toBeNull();
  });

  it('rejects with the error envelope when the file is refused', async () => {
    mockFetch({
      'GET /files/o/gone.wav': () =>
        json({ error: { message: 'No such file.', type: 'invalid_request_error' } }, 404),
    });
    const error = await fetchFileBytes('/files/o/gone.wav').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(404);
  });
});
