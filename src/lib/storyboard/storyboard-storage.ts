import { createStore, del, get, promisifyRequest, set, values, type UseStore } from 'idb-keyval';

/**
 * Storyboards kept in this browser: one IndexedDB record per storyboard, written whole when it
 * changes (a storyboard is a few kilobytes). Here, below the features, so that the command palette
 * lists them without importing the storyboard page.
 */
export interface StoredStoryboard {
  id: string;
  name: string;
  updatedAt: number;
  /** A run was under way when last written: the shell resumes it on whatever page opens first. */
  running?: boolean;
}

const DB_NAME = 'media-studio-storyboards';
const STORE_NAME = 'storyboards';
let store: UseStore | undefined;
// Opened lazily: importing this module opens nothing.
const idbStore = () => (store ??= createStore(DB_NAME, STORE_NAME));

const isStored = (v: unknown): v is StoredStoryboard =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as StoredStoryboard).id === 'string' &&
  typeof (v as StoredStoryboard).name === 'string';

/** Every stored storyboard, newest first (what the palette and the page's list show). */
export async function listStoryboards(): Promise<StoredStoryboard[]> {
  const all = (await values<unknown>(idbStore())).filter(isStored);
  return all
    .map(({ id, name, updatedAt }) => ({ id, name, updatedAt: Number(updatedAt) || 0 }))
    .sort((a, b) => b.updatedAt - a.updatedAt);
}

/** Storyboards kept mid-run (the tab closed or reloaded while they ran). */
export async function runningStoryboardIds(): Promise<string[]> {
  const all = (await values<unknown>(idbStore())).filter(isStored);
  return all.filter((b) => b.running === true).map((b) => b.id);
}

export function loadStoryboard(id: string): Promise<unknown> {
  return get<unknown>(id, idbStore());
}

export function saveStoryboard<T extends StoredStoryboard>(board: T): Promise<void> {
  return set(board.id, board, idbStore());
}

/**
 * Rewrites one storyboard from its record as kept now, in one transaction: two tabs may write the
 * same board (one runs it, the person edits it in the other), and a write based on an older read
 * would undo the other's. `next` gets the record (undefined when there is none, e.g. deleted) and
 * gives what to keep, or undefined to write nothing. Resolves to what is kept after.
 */
export function updateStoryboard<T extends StoredStoryboard>(
  id: string,
  next: (kept: unknown) => T | undefined,
): Promise<T | undefined> {
  return idbStore()('readwrite', (store) => {
    let result: T | undefined;
    const read = store.get(id);
    read.onsuccess = () => {
      result = next(read.result);
      if (result !== undefined) store.put(result, id);
    };
    // Settles when the transaction commits: what it wrote is then what every tab reads.
    return promisifyRequest(store.transaction).then(() => result);
  });
}

export function deleteStoryboard(id: string): Promise<void> {
  return del(id, idbStore());
}
