import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock';
import { createTestQueryClient, createTestRegistry } from '@/test/render';
import { checkRow } from './batch-check';
import { emptyBatch, type Batch } from './batch-model';
import { batchRunner } from './batch-session';
import { guessColumns, toRows } from './batch-table';

// Issue 45 §2 for music: a row is a music form's request, checked by its rules and sent as its body.
const musicBatch = (rows: string[][], request?: Record<string, unknown>): Batch => {
  const base = emptyBatch(Date.now(), 'music');
  const headers = ['product', 'style', 'title'];
  const req = request ?? base.request;
  return { ...base, request: req, headers, columns: guessColumns(headers, req, 'music'), rows: toRows(rows) };
};

describe('music batches', () => {
  it('maps columns to the music fields and sends the music form’s body', () => {
    const batch = musicBatch([['mugs', 'lo-fi', 'Mug song']]);
    expect(batch.columns).toEqual([{ variable: 'product' }, { field: 'style' }, { field: 'title' }]);
    // A video field is no music field: a "duration" column is ignored, not sent.
    expect(guessColumns(['duration', 'lyrics'], batch.request, 'music')).toEqual([
      { ignore: true },
      { field: 'prompt' },
    ]);
    const check = checkRow(batch, batch.rows[0]!.cells);
    expect(check.ok).toBe(true);
    expect(check.body).toEqual({
      model: 'music-v5.5',
      prompt: 'A short jingle for mugs',
      style: 'lo-fi',
      title: 'Mug song',
      customMode: false,
    });
  });

  it('checks a row with the music form’s rules: custom mode needs a style and a title, on their cells', () => {
    const batch = musicBatch([['mugs', '', 'Mug song']], {
      model: 'music-v5.5',
      prompt: 'la la {{product}}',
      style: '',
      title: '',
      customMode: true,
    });
    const check = checkRow(batch, batch.rows[0]!.cells);
    expect(check.ok).toBe(false);
    expect(check.issues).toEqual([
      { ns: 'batches', code: 'music.styleRequiredCustom', severity: 'error', column: 1 },
    ]);
  });

  it('runs: each row is a music task (POST /v1/tasks), recorded as one of the batch', async () => {
    const fetchMock = mockFetch({
      'POST /v1/tasks': () =>
        json({ object: 'task', id: `task_m${fetchMock.mock.calls.length}`, status: 'pending' }),
      'GET /v1/tasks/:id': () => json({ object: 'task', id: 'task_m', status: 'pending' }),
    });
    const registry = createTestRegistry();
    const runner = batchRunner(registry, createTestQueryClient());
    const batch = {
      ...musicBatch([
        ['mugs', 'lo-fi', 'Mugs'],
        ['hats', 'jazz', 'Hats'],
      ]),
      concurrency: 2,
    };
    runner.start(batch);
    await expect.poll(() => registry.list().length).toBe(2);
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([url]) => new URL(String(url), 'http://x').pathname)).toEqual([
      '/v1/tasks',
      '/v1/tasks',
    ]);
    expect(JSON.parse(String(posts[0]![1]!.body))).toEqual({
      model: 'music-v5.5',
      prompt: 'A short jingle for mugs',
      style: 'lo-fi',
      title: 'Mugs',
      customMode: false,
    });
    expect(registry.list().map((t) => [t.kind, t.source, t.batchId, t.prompt])).toEqual(
      expect.arrayContaining([
        ['music', 'batch', batch.id, 'Mugs'],
        ['music', 'batch', batch.id, 'Hats'],
      ]),
    );
    runner.forget(batch.id);
  });
});
