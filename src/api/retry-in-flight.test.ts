import { describe, expect, it, vi } from 'vitest';
import { apiRequest, type ApiRequestError } from '@/api/api-client';
import { getRateLimitWait as rateLimitWait } from '@/api/rate-limit';
import { MAX_RATE_LIMIT_RETRIES } from '@/api/retry-policy';
import { IN_FLIGHT_RULE } from '@/api/task-create';
import { json as jsonResponse } from '@/test/fetch-mock';
import { stubFetchForEachTest } from '@/test/fetch-stub';

/** apiRequest's wait for the first request under a send key (task-create.ts's IN_FLIGHT_RULE). */

const fetchMock = stubFetchForEachTest();

const inFlight = (retryAfter = '1') =>
  jsonResponse(
    {
      error: {
        message: 'A request with this Idempotency-Key is still being processed.',
        type: 'invalid_request_error',
        code: 'idempotency_key_in_flight',
      },
    },
    409,
    { 'Retry-After': retryAfter },
  );
/** A create under a send key, as createTracked sends it. */
const keyed = (extra: Parameters<typeof apiRequest>[1] = {}) =>
  apiRequest('/v1/videos', {
    json: { model: 'm' },
    headers: { 'Idempotency-Key': 'key-1' },
    retry: [IN_FLIGHT_RULE],
    ...extra,
  });

describe('409 idempotency_key_in_flight (decision 640): the first request under the key is awaited', () => {
  it('sends the same request again after its Retry-After (seconds or HTTP-date) and gets the answer', async () => {
    vi.useFakeTimers();
    fetchMock
      .mockResolvedValueOnce(inFlight('2'))
      .mockResolvedValueOnce(inFlight(new Date(Date.now() + 5000).toUTCString()))
      .mockResolvedValueOnce(jsonResponse({ id: 'task_first' }));
    const pending = keyed();
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Not a rate limit: the shell's "rate limited" notice stays away.
    expect(rateLimitWait().until).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3100);
    await expect(pending).resolves.toEqual({ id: 'task_first' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const keys = fetchMock.mock.calls.map((c) => new Headers(c[1]!.headers).get('idempotency-key'));
    expect(keys).toEqual(['key-1', 'key-1', 'key-1']);
    expect(fetchMock.mock.calls.map((c) => c[1]!.body)).toEqual(Array(3).fill('{"model":"m"}'));
  });

  it('a 409 with another code is the caller’s at once', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ error: { message: 'busy', type: 'invalid_request_error', code: 'conflict' } }, 409, {
        'Retry-After': '0',
      }),
    );
    const error = (await keyed().catch((e: unknown) => e)) as ApiRequestError;
    expect(error.status).toBe(409);
    expect(error.code).toBe('conflict');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('gives up after 120 waits with the 409, as the create loop it replaces did', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(inFlight('0')));
    const error = (await keyed().catch((e: unknown) => e)) as ApiRequestError;
    expect(error.code).toBe('idempotency_key_in_flight');
    expect(fetchMock).toHaveBeenCalledTimes(1 + 120);
  });

  it('leaves the 429 budget whole: each rule counts its own waits within one request', async () => {
    for (let i = 0; i < MAX_RATE_LIMIT_RETRIES; i++) {
      fetchMock.mockResolvedValueOnce(inFlight('0'));
      fetchMock.mockResolvedValueOnce(jsonResponse({}, 429, { 'Retry-After': '0' }));
    }
    fetchMock.mockResolvedValueOnce(jsonResponse({ id: 'task_first' }));
    await expect(keyed()).resolves.toEqual({ id: 'task_first' });
    expect(fetchMock).toHaveBeenCalledTimes(2 * MAX_RATE_LIMIT_RETRIES + 1);
  });

  it('is waited out for a batch too, which takes its 429s itself (rateLimitRetries 0)', async () => {
    fetchMock
      .mockResolvedValueOnce(inFlight('0'))
      .mockResolvedValueOnce(jsonResponse({}, 429, { 'Retry-After': '2' }));
    const error = (await keyed({ rateLimitRetries: 0 }).catch((e: unknown) => e)) as ApiRequestError;
    expect(error.status).toBe(429);
    expect(error.retryAfterMs).toBe(2000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['a 409 in flight', () => inFlight('30')],
    ['a 429', () => jsonResponse({}, 429, { 'Retry-After': '30' })],
  ])(
    'an abort during the wait for %s rejects at once with its reason, sending nothing more',
    async (_, answer) => {
      vi.useFakeTimers();
      fetchMock.mockResolvedValueOnce(answer());
      const controller = new AbortController();
      const pending = keyed({ signal: controller.signal }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(0);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      const reason = new DOMException('The page was left.', 'AbortError');
      controller.abort(reason);
      // No clock moved: the rejection does not wait for the Retry-After.
      await expect(pending).resolves.toBe(reason);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(rateLimitWait().until).toBeNull();
      expect(vi.getTimerCount()).toBe(0);
    },
  );
});
