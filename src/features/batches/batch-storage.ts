import { createStore, del, get, set, values, type UseStore } from 'idb-keyval';
import { markBatchRunning } from './batch-active';
import type { Batch } from './batch-model';

/**
 * Batches kept in this browser: one IndexedDB record per batch, written whole (1,000 rows are a
 * few hundred kilobytes). Writes are coalesced: while one is under way only the newest version
 * waits, so a busy run writes as fast as IndexedDB allows and never queues stale copies.
 */
const DB_NAME = 'media-studio-batches';
const STORE_NAME = 'batches';
let store: UseStore | undefined;
const idbStore = () => (store ??= createStore(DB_NAME, STORE_NAME));

export interface BatchSummary {
  id: string;
  name: string;
  rows: number;
  state: Batch['state'];
  updatedAt: number;
}

const isBatch = (v: unknown): v is Batch =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Batch).id === 'string' &&
  Array.isArray((v as Batch).rows) &&
  Array.isArray((v as Batch).columns);

export async function listBatches(): Promise<BatchSummary[]> {
  const all = (await values<unknown>(idbStore())).filter(isBatch);
  return all
    .map((b) => ({ id: b.id, name: b.name, rows: b.rows.length, state: b.state, updatedAt: b.updatedAt }))
    .sort((a, b) => b.updatedAt - a.updatedAt);
}

export async function loadBatch(id: string): Promise<Batch | undefined> {
  const v = await get<unknown>(id, idbStore());
  return isBatch(v) ? v : undefined;
}

const writing = new Map<string, { latest: Batch; done: Promise<void> }>();

/** Resolves once this version (or a newer one) of the batch is written. */
export function saveBatch(batch: Batch): Promise<void> {
  markBatchRunning(batch.id, batch.state === 'running');
  const current = writing.get(batch.id);
  if (current) {
    current.latest = batch;
    return current.done;
  }
  const entry = { latest: batch, done: Promise.resolve() };
  entry.done = (async () => {
    // Yield once so the changes of one turn (a row sent, the next marked) make one write.
    await Promise.resolve();
    let written: Batch | undefined;
    try {
      while (written !== entry.latest) {
        written = entry.latest;
        await set(written.id, written, idbStore());
      }
    } finally {
      writing.delete(batch.id);
    }
  })();
  writing.set(batch.id, entry);
  return entry.done;
}

export async function deleteBatch(id: string): Promise<void> {
  markBatchRunning(id, false);
  await del(id, idbStore());
}
