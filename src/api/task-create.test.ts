import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { knownErrorKind } from '@/lib/error-kind';
import { createGenericTask } from './generic-tasks';
import { useConnectionStore } from './connection-store';
import { createTracked, postTask } from './task-create';
import { isAcceptedWithoutTaskId } from './task-create-error';
import { TaskRegistry } from './task-registry';
import { memoryBackend } from './task-registry-storage';
import { createVideo } from './videos';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

// Creation answers the specification allows (the id as `id` or `task_id`, the shape not shown)
// and the local server never sends: it always answers the task record with `id`.
describe('POST /v1/videos and POST /v1/tasks', () => {
  it.each([
    [{ id: 'cgt-1' }],
    [{ task_id: 'cgt-1', status: 'SUBMITTED' }],
    [{ data: { id: 'cgt-1' } }],
    [{ code: 0, data: { task_id: 'cgt-1' } }],
  ])('finds the id in %j', async (answer) => {
    fetchMock.mockResolvedValueOnce(json(answer, 201));
    await expect(createVideo({ model: 'video-2.0-cl' })).resolves.toMatchObject({ id: 'cgt-1' });
    fetchMock.mockResolvedValueOnce(json(answer));
    await expect(createGenericTask({ model: 'music-1' })).resolves.toMatchObject({ id: 'cgt-1' });
  });

  it.each([
    ['an object without id', () => json({ status: 'SUBMITTED' })],
    ['an empty 202', () => new Response(null, { status: 202 })],
    ['a non-JSON 200', () => new Response('OK', { status: 200, headers: { 'content-type': 'text/plain' } })],
  ])('a 2xx with no id (%s) says it was accepted without one, never "try again"', async (_, answer) => {
    fetchMock.mockResolvedValueOnce(answer());
    const error = await createVideo({ model: 'video-2.0-cl' }).catch((e: unknown) => e);
    expect(isAcceptedWithoutTaskId(error)).toBe(true);
    expect((error as Error).message).toBe(
      'The request was accepted, but the deployment returned no task id.',
    );
    expect(knownErrorKind(error)).toBe('acceptedWithoutId');
    // Sent once: a create is never retried.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a 4xx stays a refusal', async () => {
    fetchMock.mockResolvedValueOnce(json({ error: { message: 'model is required' } }, 400));
    const error = await createGenericTask({}).catch((e: unknown) => e);
    expect(isAcceptedWithoutTaskId(error)).toBe(false);
  });
});

describe('createTracked: the one create-and-track', () => {
  it('records the created task at once, with a copy of the exact body and the connection it went to', async () => {
    fetchMock.mockResolvedValueOnce(json({ task_id: 'cgt-7' }, 201));
    const registry = new TaskRegistry(memoryBackend());
    const body = { model: 'music-1', prompt: 'waves' };
    const before = Date.now();
    const id = await createTracked(registry, (b) => postTask('/v1/tasks', b), body, {
      kind: 'music',
      model: 'music-1',
      prompt: 'waves',
      source: 'batch',
      batchId: 'b1',
    });
    expect(id).toBe('cgt-7');
    const [tracked] = registry.list();
    expect(tracked).toMatchObject({
      id: 'cgt-7',
      kind: 'music',
      source: 'batch',
      batchId: 'b1',
      baseUrl: '',
    });
    expect(tracked!.request).toEqual(body);
    expect(tracked!.request).not.toBe(body);
    expect(tracked!.createdAt).toBeGreaterThanOrEqual(before);
  });

  it('records nothing when the deployment refuses the request', async () => {
    fetchMock.mockResolvedValueOnce(
      json({ error: { message: 'model is required', type: 'invalid_request_error' } }, 400),
    );
    const registry = new TaskRegistry(memoryBackend());
    await expect(
      createTracked(registry, (b) => postTask('/v1/videos', b), {}, { kind: 'video', source: 'composer' }),
    ).rejects.toThrow('model is required');
    expect(registry.list()).toEqual([]);
  });

  describe('a send key (decision 640)', () => {
    afterEach(() => useConnectionStore.setState({ baseUrl: '' }));
    const sentKey = () => new Headers(fetchMock.mock.calls[0]![1]!.headers).get('idempotency-key');
    const send = () =>
      createTracked(
        new TaskRegistry(memoryBackend()),
        (b, options) => createVideo(b, undefined, options),
        { model: 'video-2.0-cl' },
        { kind: 'video', source: 'storyboard' },
        'key-1',
      );

    it('goes as Idempotency-Key to the server that serves the dashboard (local or proxy mode)', async () => {
      fetchMock.mockResolvedValueOnce(json({ id: 'cgt-1' }));
      await expect(send()).resolves.toBe('cgt-1');
      expect(String(fetchMock.mock.calls[0]![0])).toBe('/v1/videos');
      expect(sentKey()).toBe('key-1');
    });

    it('never goes to a deployment called directly: a custom header would ask for a CORS preflight', async () => {
      useConnectionStore.setState({ baseUrl: 'https://api.example.com' });
      fetchMock.mockResolvedValueOnce(json({ id: 'cgt-1' }));
      await expect(send()).resolves.toBe('cgt-1');
      expect(String(fetchMock.mock.calls[0]![0])).toBe('https://api.example.com/v1/videos');
      expect(sentKey()).toBeNull();
    });

    it('a 409 "still being processed" is waited out under the same key: the first request’s task', async () => {
      const envelope = {
        error: {
          message: 'still being processed',
          type: 'invalid_request_error',
          code: 'idempotency_key_in_flight',
        },
      };
      fetchMock.mockResolvedValueOnce(
        new Response(JSON.stringify(envelope), {
          status: 409,
          headers: { 'content-type': 'application/json', 'Retry-After': '0' },
        }),
      );
      fetchMock.mockResolvedValueOnce(json({ id: 'cgt-first' }));
      await expect(send()).resolves.toBe('cgt-first');
      expect(fetchMock).toHaveBeenCalledTimes(2);
      const keys = fetchMock.mock.calls.map((c) => new Headers(c[1]!.headers).get('idempotency-key'));
      expect(keys).toEqual(['key-1', 'key-1']);
    });

    it('a create without a key calls its send function as before, with the body alone', async () => {
      const create = vi.fn((_body: object, ...rest: unknown[]) => Promise.resolve({ id: `t${rest.length}` }));
      await expect(
        createTracked(new TaskRegistry(memoryBackend()), create, {}, { kind: 'video', source: 'composer' }),
      ).resolves.toBe('t0');
    });
  });
});
