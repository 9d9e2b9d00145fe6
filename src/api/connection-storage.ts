import type { PersistStorage, StorageValue } from 'zustand/middleware';

/*
 * Where the connection is kept, apart from the store (zustand) so that the early script
 * (src/early.ts, decision 245) reads the stored base URL and key the same way without loading it.
 */

/** `bootstrap`: the server's public development key, adopted automatically on first open. */
export type KeySource = 'none' | 'user' | 'bootstrap';

export const CONNECTION_STORAGE_KEY = 'media-studio.connection';

/** What is kept of the connection (src/api/connection-store.ts). */
interface Persisted {
  baseUrl: string;
  /** The image service's prefix (decision 378); absent in older records: `/mj`. */
  imagePrefix: string;
  apiKey: string;
  remember: boolean;
  keySource: KeySource;
}

function safeStorage(kind: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window[kind];
  } catch {
    // Storage can throw (privacy modes, sandboxed frames): fall back to memory only.
    return undefined;
  }
}

function readJson(storage: Storage | undefined, name: string): Record<string, unknown> | undefined {
  try {
    const raw = storage?.getItem(name);
    const value: unknown = raw ? JSON.parse(raw) : undefined;
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

/** The state as stored: the key from localStorage when remembered, else from sessionStorage. */
function readPersisted(name: string): StorageValue<Persisted> | null {
  const local = readJson(safeStorage('localStorage'), name);
  const session = readJson(safeStorage('sessionStorage'), name);
  const localState = (local?.state ?? {}) as Record<string, unknown>;
  const sessionState = (session?.state ?? {}) as Record<string, unknown>;
  if (!local && !session) return null;
  const apiKey = str(localState.apiKey) || str(sessionState.apiKey);
  const source = str(localState.keySource) || str(sessionState.keySource);
  const keySource: KeySource = !apiKey ? 'none' : source === 'bootstrap' ? 'bootstrap' : 'user';
  const value: StorageValue<Persisted> = {
    state: {
      baseUrl: str(localState.baseUrl),
      imagePrefix: normalizeImagePrefix(str(localState.imagePrefix)),
      remember: localState.remember === true,
      apiKey,
      keySource,
    },
    version: 0,
  };
  return value;
}

/**
 * A storage that splits the state: everything but the key goes to localStorage; the key goes to
 * localStorage only when `remember` is on and the person typed it, else to sessionStorage.
 */
export const connectionStorage: PersistStorage<Persisted> = {
  getItem: readPersisted,
  setItem(name, value) {
    const { apiKey, keySource, ...rest } = value.state;
    const rememberKey = rest.remember && keySource === 'user' && apiKey !== '';
    const local = safeStorage('localStorage');
    const session = safeStorage('sessionStorage');
    try {
      local?.setItem(
        name,
        JSON.stringify({
          state: rememberKey ? { ...rest, apiKey, keySource } : rest,
          version: value.version,
        }),
      );
      if (rememberKey || !apiKey) session?.removeItem(name);
      else session?.setItem(name, JSON.stringify({ state: { apiKey, keySource }, version: value.version }));
    } catch {
      // Quota or privacy errors: the state still lives in memory for this tab.
    }
  },
  removeItem(name) {
    safeStorage('localStorage')?.removeItem(name);
    safeStorage('sessionStorage')?.removeItem(name);
  },
};

/** The prefix the specification's example deployments and this project's server use. */
export const DEFAULT_IMAGE_PREFIX = '/mj';

/** `mj`, `/mj/`, ` /mj ` → `/mj`; empty → the default. */
export function normalizeImagePrefix(value: string): string {
  const trimmed = value.trim().replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}` : DEFAULT_IMAGE_PREFIX;
}

/** The stored base URL and key, as the store starts with them (before any /bootstrap answer). */
export function storedConnection(): { baseUrl: string; apiKey: string } {
  const stored = readPersisted(CONNECTION_STORAGE_KEY)?.state;
  return { baseUrl: stored?.baseUrl ?? '', apiKey: stored?.apiKey ?? '' };
}
