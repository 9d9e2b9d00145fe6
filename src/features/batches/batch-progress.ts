import Papa from 'papaparse';
import type { Batch } from './batch-model';

/** Where a run stands: rows by state, and the time left at the pace of the rows ended so far. */
export interface BatchProgress {
  total: number;
  done: number;
  running: number;
  failed: number;
  left: number;
  /** ms; undefined until a row has ended (no pace yet) or when nothing is left. */
  timeLeft?: number;
}

export function batchProgress(batch: Batch, now = Date.now()): BatchProgress {
  let done = 0;
  let running = 0;
  let failed = 0;
  let left = 0;
  let firstStart = Infinity;
  let ended = 0;
  for (const row of batch.rows) {
    if (row.state === 'dropped') continue;
    if (row.state === 'succeeded') done++;
    else if (row.state === 'failed') failed++;
    else if (row.state === 'pending') left++;
    else running++;
    if (row.startedAt !== undefined && row.startedAt < firstStart) firstStart = row.startedAt;
    if (row.state === 'succeeded' || row.state === 'failed') ended++;
  }
  const total = done + running + failed + left;
  const remaining = running + left;
  const elapsed = now - firstStart;
  // Rows end at a steady rate once the slots are full: rows ended per ms since the first was sent.
  const timeLeft =
    ended > 0 && remaining > 0 && elapsed > 0 ? Math.round((remaining * elapsed) / ended) : undefined;
  return { total, done, running, failed, left, ...(timeLeft !== undefined ? { timeLeft } : {}) };
}

/** One line per row for the export: the row as typed, then what became of it. */
export interface ExportRow {
  row: number;
  input: Record<string, string>;
  task_id: string;
  state: string;
  result_url: string;
  cost: string;
  error: string;
}

export function exportRows(batch: Batch, costOf: (index: number) => number | undefined): ExportRow[] {
  return batch.rows.map((row, index) => {
    const cost = costOf(index);
    return {
      row: index + 1,
      input: Object.fromEntries(batch.headers.map((h, i) => [h, row.cells[i] ?? ''])),
      task_id: row.taskId ?? '',
      state: row.state,
      result_url: row.resultUrl ?? '',
      cost: cost === undefined ? '' : String(Number(cost.toFixed(6))),
      error: row.error ?? '',
    };
  });
}

/** The export as CSV: the input columns as they were named, then the outcome's. */
export function exportCsv(rows: readonly ExportRow[], headers: readonly string[]): string {
  const fields = ['row', ...headers, 'task_id', 'state', 'result_url', 'cost', 'error'];
  const data = rows.map((r) => [
    String(r.row),
    ...headers.map((h) => r.input[h] ?? ''),
    r.task_id,
    r.state,
    r.result_url,
    r.cost,
    r.error,
  ]);
  return Papa.unparse({ fields, data });
}
