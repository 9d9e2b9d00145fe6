import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import {
  CONNECTION_STORAGE_KEY,
  connectionStorage,
  DEFAULT_IMAGE_PREFIX,
  normalizeImagePrefix,
  type KeySource,
} from '@/api/connection-storage';

export {
  CONNECTION_STORAGE_KEY,
  connectionStorage,
  DEFAULT_IMAGE_PREFIX,
  normalizeImagePrefix,
  type KeySource,
} from '@/api/connection-storage';

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
  /**
   * Where the image service answers `<prefix>/task/{id}/fetch`: the specification leaves it to each
   * deployment (decision 378). Omitted when saving: unchanged.
   */
  imagePrefix?: string;
}

interface ConnectionState extends ConnectionSettings {
  imagePrefix: string;
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

export const useConnectionStore = create<ConnectionState>()(
  persist(
    (set, get) => ({
      baseUrl: '',
      apiKey: '',
      remember: false,
      imagePrefix: DEFAULT_IMAGE_PREFIX,
      keySource: 'none',
      connectionSaved: ({ baseUrl, apiKey, remember, imagePrefix }) => {
        const key = apiKey.trim();
        set({
          baseUrl: normalizeBaseUrl(baseUrl),
          imagePrefix: normalizeImagePrefix(imagePrefix ?? get().imagePrefix),
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
      partialize: ({ baseUrl, apiKey, remember, keySource, imagePrefix }) => ({
        baseUrl,
        apiKey,
        remember,
        keySource,
        imagePrefix,
      }),
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
export function getConnection(): ConnectionSettings & { imagePrefix: string } {
  const { baseUrl, apiKey, remember, imagePrefix } = useConnectionStore.getState();
  return { baseUrl, apiKey, remember, imagePrefix };
}

export const useBaseUrl = () => useConnectionStore((s) => s.baseUrl);
export const useApiKey = () => useConnectionStore((s) => s.apiKey);
export const useImagePrefix = () => useConnectionStore((s) => s.imagePrefix);

export { apiOrigin } from '@/api/build-url';
