import { expect } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock';
import { createTestQueryClient, createTestRegistry } from '@/test/render';
import { emptyBatch, starterRequest, type Batch, type BatchKind } from './batch-model';
import { batchRunner } from './batch-session';
import { guessColumns, toRows } from './batch-table';

/**
 * For tests: a batch of `kind` over this table, its columns guessed as the page guesses them, its
 * request the kind's starter unless given.
 */
export function batchOf(
  kind: BatchKind,
  headers: string[],
  rows: string[][],
  request: Record<string, unknown> = starterRequest(kind),
): Batch {
  return {
    ...emptyBatch(Date.now(), kind),
    request,
    headers,
    columns: guessColumns(headers, request, kind),
    rows: toRows(rows),
  };
}

/**
 * For tests: starts `batch` on the page's runner against a server whose POST /v1/tasks answers
 * pending tasks `task_<prefix>N`, and resolves once every row has its task, with what was posted
 * (path and JSON body, in order), the registry and the runner (forget the batch when done).
 */
export async function runTaskRows(batch: Batch, prefix: string) {
  const fetchMock = mockFetch({
    'POST /v1/tasks': () =>
      json({ object: 'task', id: `task_${prefix}${fetchMock.mock.calls.length}`, status: 'pending' }),
    'GET /v1/tasks/:id': () => json({ object: 'task', id: `task_${prefix}`, status: 'pending' }),
  });
  const registry = createTestRegistry();
  const runner = batchRunner(registry, createTestQueryClient());
  runner.start(batch);
  await expect.poll(() => registry.list().length).toBe(batch.rows.length);
  const posts = fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => ({
      path: new URL(String(url), 'http://x').pathname,
      body: JSON.parse(String(init!.body)) as Record<string, unknown>,
    }));
  return { posts, registry, runner };
}
