import { createStore, delMany, setMany, values, type UseStore } from 'idb-keyval';
import type { TrackedTask } from '@/api/task-registry-schema';

/**
 * Where tracked tasks are kept between visits. One IndexedDB record per task (decision 045):
 * adding, updating or forgetting a task writes that task only, never the whole registry, so the
 * 10,000th task costs what the first one did.
 */
export interface RegistryBackend {
  readonly kind: 'indexeddb' | 'memory';
  loadAll(): Promise<TrackedTask[]>;
  write(upserts: TrackedTask[], deletes: string[]): Promise<void>;
}

export const REGISTRY_DB_NAME = 'media-studio-tasks';
export const REGISTRY_STORE_NAME = 'tasks';
/** Records per IndexedDB transaction when many change at once (an import). */
const WRITE_SLICE = 500;

export function indexedDbBackend(dbName = REGISTRY_DB_NAME): RegistryBackend {
  let store: UseStore | undefined;
  // Opening lazily: a module that merely imports the registry (the composer) opens nothing.
  const idbStore = () => (store ??= createStore(dbName, REGISTRY_STORE_NAME));
  return {
    kind: 'indexeddb',
    loadAll: () => values<TrackedTask>(idbStore()),
    async write(upserts, deletes) {
      // One transaction per flush in the usual case (a task or two). A bulk import is written in
      // slices that commit one by one: a reload in the middle keeps what was written so far,
      // where one huge transaction would be aborted whole. Every slice's transaction is created
      // now (IndexedDB runs them in that order), none waits for the one before it to finish: a
      // reload right after a change finds its transaction already sent.
      const writes: Promise<void>[] = [];
      for (let i = 0; i < upserts.length; i += WRITE_SLICE) {
        const slice = upserts.slice(i, i + WRITE_SLICE);
        writes.push(
          setMany(
            slice.map((t) => [t.id, t]),
            idbStore(),
          ),
        );
      }
      for (let i = 0; i < deletes.length; i += WRITE_SLICE) {
        writes.push(delMany(deletes.slice(i, i + WRITE_SLICE), idbStore()));
      }
      await Promise.all(writes);
    },
  };
}

/** Private windows of some browsers and sandboxed frames have no IndexedDB: the list lasts the visit. */
export function memoryBackend(
  initial: TrackedTask[] = [],
): RegistryBackend & { records: Map<string, TrackedTask> } {
  const records = new Map(initial.map((t) => [t.id, t]));
  return {
    kind: 'memory',
    records,
    loadAll: () => Promise.resolve([...records.values()]),
    write(upserts, deletes) {
      for (const t of upserts) records.set(t.id, t);
      for (const id of deletes) records.delete(id);
      return Promise.resolve();
    },
  };
}

export function defaultBackend(): RegistryBackend {
  try {
    if (typeof indexedDB !== 'undefined' && indexedDB) return indexedDbBackend();
  } catch {
    // Accessing indexedDB throws in some sandboxed contexts.
  }
  return memoryBackend();
}
