import { createStore, promisifyRequest, type UseStore } from 'idb-keyval';
import { markBatchRunning } from './batch-active';
import { BatchDeletedError, type Batch } from './batch-model';

/**
 * Batches kept in this browser: one IndexedDB record per batch, written whole (1,000 rows are a
 * few hundred kilobytes). Writes are coalesced: while one is under way only the newest version
 * waits, so a busy run writes as fast as IndexedDB allows and never queues stale copies.
 *
 * Beside each batch, in the same store and the same transaction (decision 700): its summary
 * (`summary:<id>`, what the list shows, read without the rows), and once deleted, a tombstone
 * (`gone:<id>`) that every write looks for first, so no late write of any tab brings it back.
 */
const DB_NAME = 'media-studio-batches';
const STORE_NAME = 'batches';
let store: UseStore | undefined;
const idbStore = () => (store ??= createStore(DB_NAME, STORE_NAME));

const SUMMARY = 'summary:';
const GONE = 'gone:';
const summaryKey = (id: string) => `${SUMMARY}${id}`;
const goneKey = (id: string) => `${GONE}${id}`;
/** Every key under a prefix (keys are strings; U+FFFF sorts after any character an id holds). */
const under = (prefix: string) => IDBKeyRange.bound(prefix, `${prefix}\uffff`);

/** What the list shows of a batch, kept beside it: the list never reads the rows. */
export interface BatchSummary {
  id: string;
  name: string;
  /** Rows not dropped; then by what became of them (as the run panel counts them). */
  rows: number;
  done: number;
  failed: number;
  running: number;
  left: number;
  state: Batch['state'];
  updatedAt: number;
}

const isBatch = (v: unknown): v is Batch =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Batch).id === 'string' &&
  Array.isArray((v as Batch).rows) &&
  Array.isArray((v as Batch).columns);

const isOwnKey = (key: IDBValidKey) =>
  typeof key !== 'string' || (!key.startsWith(SUMMARY) && !key.startsWith(GONE));

export function summaryOf(b: Batch): BatchSummary {
  const counts = { done: 0, failed: 0, running: 0, left: 0 };
  for (const row of b.rows) {
    if (row.state === 'succeeded') counts.done++;
    else if (row.state === 'failed') counts.failed++;
    else if (row.state === 'pending') counts.left++;
    else if (row.state !== 'dropped') counts.running++;
  }
  const rows = counts.done + counts.failed + counts.running + counts.left;
  return { id: b.id, name: b.name, rows, ...counts, state: b.state, updatedAt: b.updatedAt };
}

/** Runs `work` in one transaction of the store; resolves with its result once it has committed. */
function inTransaction<T>(mode: IDBTransactionMode, work: (s: IDBObjectStore, done: (v: T) => void) => void) {
  return idbStore()(
    mode,
    (s) =>
      new Promise<T>((resolve, reject) => {
        let result!: T;
        work(s, (v) => (result = v));
        void promisifyRequest(s.transaction).then(() => resolve(result), reject);
      }),
  );
}

/**
 * The batches, newest change first, from their summaries alone. A batch kept before summaries
 * were (an older build's) gets one now, in a transaction that sees it still there.
 */
export async function listBatches(): Promise<BatchSummary[]> {
  const found = await inTransaction<{ summaries: BatchSummary[]; keys: IDBValidKey[] }>(
    'readonly',
    (s, done) => {
      const summaries = s.getAll(under(SUMMARY));
      const keys = s.getAllKeys();
      keys.onsuccess = () => done({ summaries: summaries.result as BatchSummary[], keys: keys.result });
    },
  );
  const have = new Set(found.summaries.map((x) => x.id));
  const missing = found.keys.filter((k) => isOwnKey(k) && !have.has(String(k)));
  const added =
    missing.length === 0
      ? []
      : await inTransaction<BatchSummary[]>('readwrite', (s, done) => {
          const made: BatchSummary[] = [];
          done(made);
          for (const key of missing) {
            const req = s.get(key);
            req.onsuccess = () => {
              if (!isBatch(req.result)) return;
              const summary = summaryOf(req.result);
              s.put(summary, summaryKey(summary.id));
              made.push(summary);
            };
          }
        });
  return [...found.summaries, ...added].sort((a, b) => b.updatedAt - a.updatedAt);
}

/** What the store keeps under `key` (a batch, its summary or its tombstone), read alone. */
function readKey(key: string): Promise<unknown> {
  return inTransaction<unknown>('readonly', (s, done) => {
    const req = s.get(key);
    req.onsuccess = () => done(req.result);
  });
}

export async function loadBatch(id: string): Promise<Batch | undefined> {
  const v = await readKey(id);
  return isBatch(v) ? v : undefined;
}

/** When the batch was deleted in this browser (its tombstone), or undefined: never, or not here. */
export async function deletedAt(id: string): Promise<number | undefined> {
  const v = await readKey(goneKey(id));
  const at = (v as { deletedAt?: unknown } | undefined)?.deletedAt;
  return typeof at === 'number' ? at : undefined;
}

/** Writes the batch and its summary unless it was deleted; whether it did. */
function writeUnlessGone(batch: Batch): Promise<boolean> {
  return inTransaction<boolean>('readwrite', (s, done) => {
    const gone = s.get(goneKey(batch.id));
    gone.onsuccess = () => {
      done(gone.result === undefined);
      if (gone.result !== undefined) return;
      s.put(batch, batch.id);
      s.put(summaryOf(batch), summaryKey(batch.id));
    };
  });
}

const writing = new Map<string, { latest: Batch; done: Promise<void> }>();

/**
 * Resolves once this version (or a newer one) of the batch is written; rejects with
 * BatchDeletedError when it was deleted meanwhile (by this tab or another): nothing is written.
 */
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
        if (!(await writeUnlessGone(written))) {
          markBatchRunning(batch.id, false);
          throw new BatchDeletedError(batch.id);
        }
      }
    } finally {
      writing.delete(batch.id);
    }
  })();
  writing.set(batch.id, entry);
  return entry.done;
}

/**
 * Tombstones kept, the newest: about 60 bytes each. A tab still writing a batch deleted this many
 * deletions ago would be a tab left running for months; without a bound, the store only grew.
 */
export const TOMBSTONES_KEPT = 1_000;

/**
 * Deletes the batch for good: its record and summary go, and its tombstone stays, so a write of
 * any tab that comes later writes nothing. Resolves with the record as it was kept (for Undo).
 * The oldest tombstones beyond TOMBSTONES_KEPT go in the same transaction.
 */
export async function deleteBatch(id: string, now = Date.now()): Promise<Batch | undefined> {
  markBatchRunning(id, false);
  const was = await inTransaction<unknown>('readwrite', (s, done) => {
    const req = s.get(id);
    req.onsuccess = () => done(req.result);
    s.put({ id, deletedAt: now }, goneKey(id));
    s.delete(id);
    s.delete(summaryKey(id));
    const all = s.getAll(under(GONE));
    all.onsuccess = () => {
      const stones = (all.result as { id?: unknown; deletedAt?: unknown }[])
        .filter((x): x is { id: string; deletedAt: number } => typeof x.id === 'string')
        .sort((a, b) => (Number(b.deletedAt) || 0) - (Number(a.deletedAt) || 0));
      for (const old of stones.slice(TOMBSTONES_KEPT)) s.delete(goneKey(old.id));
    };
  });
  return isBatch(was) ? was : undefined;
}

/** Undo of a delete: the batch is kept again as given (its tombstone goes in the same transaction). */
export async function restoreBatch(batch: Batch): Promise<void> {
  await inTransaction<undefined>('readwrite', (s) => {
    s.delete(goneKey(batch.id));
    s.put(batch, batch.id);
    s.put(summaryOf(batch), summaryKey(batch.id));
  });
  markBatchRunning(batch.id, batch.state === 'running');
}
