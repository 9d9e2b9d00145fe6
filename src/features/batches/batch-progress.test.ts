import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { emptyBatch, type Batch } from './batch-model';
import { batchProgress, exportCsv, exportRows } from './batch-progress';
import { toRows } from './batch-table';

function batchOf(states: Batch['rows'][number]['state'][]): Batch {
  const rows = toRows(states.map((_, i) => [`p${i}`, 'a, "quoted" cell']));
  return {
    ...emptyBatch(),
    headers: ['product', 'note'],
    rows: rows.map((r, i) => ({
      ...r,
      state: states[i]!,
      ...(states[i] !== 'pending' ? { startedAt: 0 } : {}),
    })),
  };
}

describe('batch progress', () => {
  it('counts rows by state, dropped ones apart, and the time left at the pace so far', () => {
    const batch = batchOf([
      'succeeded',
      'succeeded',
      'failed',
      'running',
      'sending',
      'pending',
      'pending',
      'dropped',
    ]);
    // 3 rows ended in 60 s since the first was sent: 4 to go take about 80 s.
    expect(batchProgress(batch, 60_000)).toEqual({
      total: 7,
      done: 2,
      failed: 1,
      running: 2,
      left: 2,
      timeLeft: 80_000,
    });
    expect(batchProgress(batchOf(['pending', 'running']), 1000).timeLeft).toBeUndefined();
  });

  it('exports every row with its input, task, state, result, cost and error, as CSV that reads back', () => {
    const batch = batchOf(['succeeded', 'failed']);
    batch.rows[0] = { ...batch.rows[0]!, taskId: 'task_1', resultUrl: 'https://x/1.mp4' };
    batch.rows[1] = { ...batch.rows[1]!, taskId: 'task_2', error: 'Refused, says why' };
    const rows = exportRows(batch, (i) => (i === 0 ? 0.123456789 : undefined));
    expect(rows[0]).toEqual({
      row: 1,
      input: { product: 'p0', note: 'a, "quoted" cell' },
      task_id: 'task_1',
      state: 'succeeded',
      result_url: 'https://x/1.mp4',
      cost: '0.123457',
      error: '',
    });
    const back = Papa.parse<Record<string, string>>(exportCsv(rows, batch.headers), { header: true }).data;
    expect(back[1]).toEqual({
      row: '2',
      product: 'p1',
      note: 'a, "quoted" cell',
      task_id: 'task_2',
      state: 'failed',
      result_url: '',
      cost: '',
      error: 'Refused, says why',
    });
  });
});
