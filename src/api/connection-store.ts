import { create } from 'zustand';
import { persist, type PersistStorage, type StorageValue } from 'zustand/middleware';

/**
 * Where the dashboard sends its requests, and with which key.
 *
 * The key is a secret: it is written to localStorage only when the person ticked "Remember on this
 * device". Otherwise it lives in sessionStorage (survives a reload of this tab, dies with the tab),
 * and the default key handed out by GET /bootstrap is never remembered at all (decision 003).
 */
export interface ConnectionSettings {
  /** '' means the dashboard's own origin (the local server, or its proxy to a real deployment). */
  baseUrl: string;
  apiKey: string;
  /** Persist the key to localStorage. */
  remember: boolean;
}

/** `bootstrap`: the server's public development key, adopted automatically on first open. */
export type KeySource = 'none' | 'user' | 'bootstrap';

interface ConnectionState extends ConnectionSettings {
  keySource: KeySource;
  /** Settings saved by the person (Settings page). */
  connectionSaved: (settings: ConnectionSettings) => void;
  /** The "Remember on this device" box changed: applies to the key already saved. */
  rememberToggled: (remember: boolean) => void;
  /** GET /bootstrap offered a default key; used only when no key is stored. */
  bootstrapKeyReceived: (apiKey: string) => void;
  /** Forget the key everywhere (memory, sessionStorage, localStorage). */
  keyCleared: () => void;
}

export const CONNECTION_STORAGE_KEY = 'media-studio.connection';

type Persisted = Pick<ConnectionState, 'baseUrl' | 'apiKey' | 'remember' | 'keySource'>;

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

/**
 * A storage that splits the state: everything but the key goes to localStorage; the key goes to
 * localStorage only when `remember` is on and the person typed it, else to sessionStorage.
 */
export const connectionStorage: PersistStorage<Persisted> = {
  getItem(name) {
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
        remember: localState.remember === true,
        apiKey,
        keySource,
      },
      version: 0,
    };
    return value;
  },
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

export const useConnectionStore = create<ConnectionState>()(
  persist(
    (set, get) => ({
      baseUrl: '',
      apiKey: '',
      remember: false,
      keySource: 'none',
      connectionSaved: ({ baseUrl, apiKey, remember }) => {
        const key = apiKey.trim();
        set({
          baseUrl: normalizeBaseUrl(baseUrl),
          apiKey: key,
          remember,
          keySource: key ? 'user' : 'none',
        });
      },
      rememberToggled: (remember) => {
        // A remembered bootstrap key becomes the person's own choice: they asked to keep it.
        const { apiKey, keySource } = get();
        set({ remember, keySource: remember && apiKey && keySource === 'bootstrap' ? 'user' : keySource });
      },
      bootstrapKeyReceived: (apiKey) => {
        if (get().apiKey || !apiKey) return;
        set({ apiKey, keySource: 'bootstrap' });
      },
      keyCleared: () => set({ apiKey: '', keySource: 'none', remember: false }),
    }),
    {
      name: CONNECTION_STORAGE_KEY,
      storage: connectionStorage,
      partialize: ({ baseUrl, apiKey, remember, keySource }) => ({ baseUrl, apiKey, remember, keySource }),
    },
  ),
);

/** Trailing slashes dropped so that `${baseUrl}/v1/...` never doubles them. */
export function normalizeBaseUrl(value: string): string {
  return value.trim().replace(/\/+$/, '');
}

/** '' (same origin) or an absolute http(s) URL without query or fragment. */
export function isValidBaseUrl(value: string): boolean {
  const v = value.trim();
  if (v === '') return true;
  try {
    const url = new URL(v);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.search && !url.hash;
  } catch {
    return false;
  }
}

/** Non-React access for the API client (reads the current values at call time). */
export function getConnection(): ConnectionSettings {
  const { baseUrl, apiKey, remember } = useConnectionStore.getState();
  return { baseUrl, apiKey, remember };
}

export const useBaseUrl = () => useConnectionStore((s) => s.baseUrl);
export const useApiKey = () => useConnectionStore((s) => s.apiKey);

/** The origin requests go to: the saved base URL, or this page's origin when it is '' (same origin). */
export function apiOrigin(baseUrl: string, pageOrigin: string): string {
  return (baseUrl || pageOrigin).replace(/\/+$/, '');
}
