import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, apiRequest } from '@/api/api-client';
import { useConnectionStore } from '@/api/connection-store';
import { json, mockFetch, TEST_CONNECTION } from '@/test/fetch-mock';
import { ASSEMBLY_POLL_MS, assemblyQueryOptions, fetchLastFrame } from './storyboard';

beforeEach(() => useConnectionStore.setState(TEST_CONNECTION));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const png = () =>
  new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
    status: 200,
    headers: { 'Content-Type': 'image/png' },
  });

describe('the API client with a blob response', () => {
  it('resolves the body as a Blob, with the key sent as for every call', async () => {
    const fetchMock = mockFetch({ 'POST /local/storyboard/last-frame': () => png() });
    const frame = await fetchLastFrame('/files/a.mp4');
    // jsdom's Blob is not undici's: its shape, not its class.
    expect(typeof frame.arrayBuffer).toBe('function');
    expect(frame.type).toBe('image/png');
    expect(frame.size).toBe(4);
    const init = fetchMock.mock.calls[0]![1]!;
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer sk-test');
    expect(JSON.parse(String(init.body))).toEqual({ url: '/files/a.mp4' });
  });

  it('reads a refusal as the JSON error envelope, request id kept', async () => {
    mockFetch({
      'POST /local/storyboard/last-frame': () =>
        json(
          {
            error: {
              message: 'That URL is not a video this server can read.',
              type: 'invalid_request_error',
            },
          },
          422,
          { 'X-Request-Id': 'req_1' },
        ),
    });
    const error = await fetchLastFrame('/files/a.txt').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(422);
    expect((error as ApiRequestError).message).toBe('That URL is not a video this server can read.');
    expect((error as ApiRequestError).requestId).toBe('req_1');
  });

  it("goes the API client's one way: a 429 is waited out and sent again, as every call is", async () => {
    let calls = 0;
    mockFetch({
      'POST /local/storyboard/last-frame': () =>
        ++calls === 1
          ? json({ error: { message: 'Busy.', type: 'rate_limit_error' } }, 429, { 'Retry-After': '0' })
          : png(),
    });
    const frame = await fetchLastFrame('/files/a.mp4');
    expect(frame.size).toBe(4);
    expect(calls).toBe(2);
  });

  it('still reads JSON when no blob is asked for', async () => {
    mockFetch({ 'GET /v1/x': () => json({ ok: true }) });
    await expect(apiRequest('/v1/x')).resolves.toEqual({ ok: true });
  });
});

describe('assemblyQueryOptions', () => {
  it('asks again each second while the job runs, and not once it has ended', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reads = 0;
    mockFetch({
      'GET /local/storyboard/assemblies/asm_1': () => {
        reads += 1;
        return json(
          reads < 3
            ? { id: 'asm_1', status: 'running', progress: reads / 3 }
            : { id: 'asm_1', status: 'succeeded', url: '/files/asm_1.mp4', duration: 15 },
        );
      },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new QueryObserver(client, assemblyQueryOptions('asm_1'));
    const stop = observer.subscribe(() => undefined);
    for (let i = 0; i < 6; i++) await vi.advanceTimersByTimeAsync(ASSEMBLY_POLL_MS);
    stop();
    expect(reads).toBe(3);
    expect(client.getQueryData(assemblyQueryOptions('asm_1').queryKey)).toMatchObject({
      status: 'succeeded',
    });
  });

  it('stops asking about a job the server no longer knows (404)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reads = 0;
    mockFetch({
      'GET /local/storyboard/assemblies/asm_gone': () => {
        reads += 1;
        return json({ error: { message: 'No such assembly.', type: 'not_found_error' } }, 404);
      },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const stop = new QueryObserver(client, assemblyQueryOptions('asm_gone')).subscribe(() => undefined);
    for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(ASSEMBLY_POLL_MS);
    stop();
    expect(reads).toBe(1);
  });
});
