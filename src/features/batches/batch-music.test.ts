import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { checkRow } from './batch-check';
import { batchOf, runTaskRows } from './batch-fixtures';
import type { Batch } from './batch-model';
import { guessColumns } from './batch-table';

// Issue 45 §2 for music: a row is a music form's request, checked by its rules and sent as its body.
const musicBatch = (rows: string[][], request?: Record<string, unknown>): Batch =>
  batchOf('music', ['product', 'style', 'title'], rows, request);

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
    const batch = {
      ...musicBatch([
        ['mugs', 'lo-fi', 'Mugs'],
        ['hats', 'jazz', 'Hats'],
      ]),
      concurrency: 2,
    };
    const { posts, registry, runner } = await runTaskRows(batch, 'm');
    expect(posts.map((p) => p.path)).toEqual(['/v1/tasks', '/v1/tasks']);
    expect(posts[0]!.body).toEqual({
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
