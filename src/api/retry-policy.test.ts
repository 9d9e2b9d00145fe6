import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError, apiRequest } from '@/api/api-client';
import { getRateLimitWait as rateLimitWait } from '@/api/rate-limit';
import {
  MAX_RATE_LIMIT_RETRIES,
  parseRetryAfter,
  rateLimitRule,
  retryDelay,
  shouldRetryRead,
  withRetries,
} from '@/api/retry-policy';
import { IN_FLIGHT_RULE } from '@/api/task-create';
import { createQueryClient } from '@/app/query-client';
import { json as jsonResponse } from '@/test/fetch-mock';
import { stubFetchForEachTest } from '@/test/fetch-stub';

const fetchMock = stubFetchForEachTest();

describe('withRetries: which answers are waited out, and for how long', () => {
  const rules = [rateLimitRule(2), IN_FLIGHT_RULE];
  const refusal = (status: number, code?: string, retryAfterMs?: number) =>
    new ApiRequestError(
      { status, message: 'x', ...(code ? { code } : {}) },
      retryAfterMs === undefined ? {} : { retryAfterMs },
    );
  /** An attempt that fails with `errors` in turn, then answers 'done'. */
  const failing = (...errors: unknown[]) => {
    const attempt = vi.fn(() => Promise.resolve('done'));
    for (const error of errors) attempt.mockImplementationOnce(() => Promise.reject(error));
    return attempt;
  };

  it('waits the answer’s Retry-After, or a second without one, then tries again', async () => {
    vi.useFakeTimers();
    const attempt = failing(refusal(429, undefined, 2500), refusal(429));
    const pending = withRetries(attempt, rules);
    await vi.advanceTimersByTimeAsync(2499);
    expect(attempt).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempt).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(attempt).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toBe('done');
  });

  it('waits out nothing else: another 409, a 422, a 402, a 5xx, a network error, a bug', async () => {
    for (const error of [
      refusal(409, 'conflict', 0),
      refusal(409, undefined, 0),
      refusal(422, 'idempotency_key_reused'),
      refusal(402, 'insufficient_quota'),
      refusal(503, undefined, 0),
      new ApiRequestError({ status: 0, message: 'x' }, { isNetworkError: true }),
      new Error('render bug'),
    ]) {
      const attempt = failing(error);
      await expect(withRetries(attempt, rules)).rejects.toBe(error);
      expect(attempt).toHaveBeenCalledTimes(1);
    }
  });

  it('counts each rule on its own: a spent 429 budget leaves the in-flight waits', async () => {
    const inFlight = refusal(409, 'idempotency_key_in_flight', 0);
    const limited = refusal(429, undefined, 0);
    const attempt = failing(limited, inFlight, limited, inFlight, limited);
    await expect(withRetries(attempt, rules)).rejects.toBe(limited);
    expect(attempt).toHaveBeenCalledTimes(5);
  });

  it('hands a 429 past a minute to the caller, but asks again after a minute for a request in flight', async () => {
    vi.useFakeTimers();
    const long = refusal(429, undefined, 3_600_000);
    await expect(withRetries(failing(long), rules)).rejects.toBe(long);
    const attempt = failing(refusal(409, 'idempotency_key_in_flight', 3_600_000));
    const pending = withRetries(attempt, rules);
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(pending).resolves.toBe('done');
    expect(attempt).toHaveBeenCalledTimes(2);
  });
});

describe('429 and reads', () => {
  const err = (status: number, retryAfterMs?: number) =>
    new ApiRequestError({ status, message: 'x' }, retryAfterMs === undefined ? {} : { retryAfterMs });

  it('retries reads on network errors and 5xx, not on 4xx (a 429 was retried inside apiRequest)', () => {
    expect(
      shouldRetryRead(0, new ApiRequestError({ status: 0, message: 'x' }, { isNetworkError: true })),
    ).toBe(true);
    expect(shouldRetryRead(0, err(500))).toBe(true);
    expect(shouldRetryRead(0, err(503))).toBe(true);
    for (const status of [400, 401, 402, 403, 404, 422, 429])
      expect(shouldRetryRead(0, err(status))).toBe(false);
    expect(shouldRetryRead(0, new Error('render bug'))).toBe(false);
    expect(shouldRetryRead(3, err(503))).toBe(false);
  });

  it('backs off exponentially with jitter and honours Retry-After', () => {
    for (let i = 0; i < 20; i++) {
      const d1 = retryDelay(1, err(503));
      const d3 = retryDelay(3, err(503));
      expect(d1).toBeGreaterThanOrEqual(500);
      expect(d1).toBeLessThanOrEqual(1000);
      expect(d3).toBeGreaterThanOrEqual(2000);
      expect(d3).toBeLessThanOrEqual(4000);
    }
    expect(retryDelay(1, err(429, 7000))).toBe(7000);
  });

  it('parses Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('keeps the Retry-After of a 429 on the error once the retries are spent', async () => {
    vi.useFakeTimers();
    try {
      fetchMock.mockImplementation(() =>
        Promise.resolve(
          jsonResponse({ error: { message: 'slow down', type: 'rate_limit_error' } }, 429, {
            'Retry-After': '2',
          }),
        ),
      );
      const pending = apiRequest('/v1/assets').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(3 * 2000);
      const error = (await pending) as ApiRequestError;
      expect(error.retryAfterMs).toBe(2000);
      expect(fetchMock).toHaveBeenCalledTimes(1 + MAX_RATE_LIMIT_RETRIES);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends a 429 again after its Retry-After (seconds or HTTP-date), showing the wait, for any method', async () => {
    vi.useFakeTimers();
    try {
      const date = new Date(Date.now() + 3000).toUTCString();
      fetchMock
        .mockResolvedValueOnce(jsonResponse({}, 429, { 'Retry-After': '2' }))
        .mockResolvedValueOnce(jsonResponse({}, 429, { 'Retry-After': date }))
        .mockResolvedValueOnce(jsonResponse({ id: 'task_1' }));
      const pending = apiRequest('/v1/videos', { json: { model: 'm' } });
      await vi.advanceTimersByTimeAsync(0);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(rateLimitWait().until).not.toBeNull();
      await vi.advanceTimersByTimeAsync(1999);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(3100);
      await expect(pending).resolves.toEqual({ id: 'task_1' });
      expect(rateLimitWait().until).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('hands a 429 straight to a caller that holds its own sends (a batch), with its Retry-After', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({}, 429, { 'Retry-After': '2' }));
    const error = (await apiRequest('/v1/videos', { json: {}, rateLimitRetries: 0 }).catch(
      (e: unknown) => e,
    )) as ApiRequestError;
    expect(error.status).toBe(429);
    expect(error.retryAfterMs).toBe(2000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(rateLimitWait().until).toBeNull();
  });

  it('does not sit out a Retry-After past a minute, and never retries a 402', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({}, 429, { 'Retry-After': '3600' }));
    expect(((await apiRequest('/v1/assets').catch((e: unknown) => e)) as ApiRequestError).status).toBe(429);
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ error: { message: 'quota', type: 'quota_error', code: 'insufficient_quota' } }, 402),
    );
    expect(
      ((await apiRequest('/v1/videos', { json: {} }).catch((e: unknown) => e)) as ApiRequestError).status,
    ).toBe(402);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('React Query retries a GET on 503 (and apiRequest a 429) until it succeeds', async () => {
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryDelay: () => 1 } });
    fetchMock
      .mockResolvedValueOnce(new Response('', { status: 503 }))
      .mockResolvedValueOnce(jsonResponse({}, 429, { 'Retry-After': '0' }))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse({ ok: 1 }));
    await expect(
      client.fetchQuery({ queryKey: ['t'], queryFn: ({ signal }) => apiRequest('/v1/assets', { signal }) }),
    ).resolves.toEqual({ ok: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('React Query does not retry a GET on 401', async () => {
    const client = createQueryClient();
    fetchMock.mockResolvedValue(
      jsonResponse({ error: { message: 'no', type: 'authentication_error' } }, 401),
    );
    await expect(
      client.fetchQuery({ queryKey: ['t401'], queryFn: () => apiRequest('/v1/assets') }),
    ).rejects.toBeInstanceOf(ApiRequestError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('never retries a POST mutation, even on 503 or a network error', async () => {
    const client = createQueryClient();
    for (const failure of [
      () => Promise.resolve(new Response('', { status: 503 })),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ]) {
      fetchMock.mockReset();
      fetchMock.mockImplementation(failure);
      const mutation = client.getMutationCache().build(client, {
        mutationFn: () => apiRequest('/v1/videos', { method: 'POST', json: { model: 'video-2.0-cl' } }),
      });
      await expect(mutation.execute(undefined)).rejects.toBeInstanceOf(ApiRequestError);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    }
  });
});
