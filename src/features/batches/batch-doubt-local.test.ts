import 'fake-indexeddb/auto';
import { afterEach, expect, it, vi } from 'vitest';
import { useConnectionStore } from '@/api/connection-store';
import { json, mockFetch } from '@/test/fetch-mock';
import { createTestQueryClient, createTestRegistry } from '@/test/render';
import { checkRow } from './batch-check';
import { batchOf } from './batch-fixtures';
import { batchRunner } from './batch-session';

afterEach(() => vi.unstubAllGlobals());

// Decision 670 through the page's own path (postTask, apiRequest, createTracked): the local server
// answers another body under a used key with its 422 envelope, and the body that holds the key
// with the task it made.
it('a row edited while its send was in doubt follows the task its first send made, under its key', async () => {
  useConnectionStore.setState({ baseUrl: '', apiKey: 'sk-local' });
  const batch = { ...batchOf('video', ['product'], [['cat']]), state: 'paused' as const };
  const check = checkRow(batch, ['cat'], []);
  if (!check.ok) throw new Error('the fixture row must pass');
  const first = JSON.stringify(check.body);
  const posts: { key: string | null; body: string }[] = [];
  mockFetch({
    'POST /v1/videos': (_url, init) => {
      const post = { key: new Headers(init?.headers).get('Idempotency-Key'), body: String(init?.body) };
      posts.push(post);
      if (post.key === 'key-1' && post.body !== first)
        return json(
          {
            error: {
              message: 'This Idempotency-Key was already used for a different request.',
              type: 'invalid_request_error',
              code: 'idempotency_key_reused',
            },
          },
          422,
        );
      return json({ id: 'task_cat', object: 'video', status: 'queued' }, 200, {
        'Idempotent-Replayed': 'true',
      });
    },
    'GET /v1/videos/:id': () => json({ id: 'task_cat', object: 'video', status: 'queued' }),
  });
  const registry = createTestRegistry();
  const runner = batchRunner(registry, createTestQueryClient());
  runner.follow({
    ...batch,
    rows: batch.rows.map((r) => ({
      ...r,
      state: 'sending' as const,
      startedAt: 1,
      sendKey: 'key-1',
      sentBodies: [check.body as Record<string, unknown>],
    })),
  });
  runner.edit(batch.id, (b) => ({ ...b, rows: b.rows.map((r) => ({ ...r, cells: ['dog'] })) }));
  runner.resume(batch.id);
  await vi.waitFor(() => expect(runner.get(batch.id)!.rows[0]!.state).toBe('running'));
  expect(runner.get(batch.id)!.rows[0]).toMatchObject({ taskId: 'task_cat', note: 'sentBeforeEdit' });
  expect(posts.map((p) => [p.key, p.body.includes('dog')])).toEqual([
    ['key-1', true],
    ['key-1', false],
  ]);
  expect(registry.list().map((t) => t.id)).toEqual(['task_cat']);
  runner.forget(batch.id);
});
