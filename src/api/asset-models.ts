import { useSyncExternalStore } from 'react';
import { isRecord } from '@contract/is-record';

/**
 * Which model this dashboard registered or prepared each asset for. The specification confirms
 * readiness for the model an asset was registered with (POST /v1/assets/uploads, Asset states
 * rule 1) but shows no `model` field on the asset record, so on a deployment that sends none this
 * browser's memory is the only way to know. Kept beside the task registry: it goes into the same
 * export file and comes back with its import. An asset record's own `model` always wins over it.
 *
 * localStorage, not IndexedDB: the composer reads it synchronously on its first paint, and it is
 * small (ids and model names, bounded).
 */
export const ASSET_MODELS_STORAGE_KEY = 'media-studio.asset-models';
/** Oldest entries go first beyond this: a browser registers far fewer assets than that. */
export const MAX_REMEMBERED_ASSETS = 5_000;

const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/;
const MODEL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:/-]{0,127}$/;

export type AssetModelMap = Readonly<Record<string, string>>;

interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function defaultStorage(): StorageLike | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** Entries of untrusted JSON (a stored value, an imported file) that are a valid id and model. */
export function parseAssetModels(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isRecord(value)) return out;
  for (const [id, model] of Object.entries(value)) {
    if (ID_PATTERN.test(id) && typeof model === 'string' && MODEL_PATTERN.test(model)) out[id] = model;
  }
  return out;
}

export class AssetModelMemory {
  private map: AssetModelMap;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly storage: StorageLike | undefined = defaultStorage()) {
    this.map = this.load();
  }

  private load(): Record<string, string> {
    try {
      const raw = this.storage?.getItem(ASSET_MODELS_STORAGE_KEY);
      return raw ? parseAssetModels(JSON.parse(raw)) : {};
    } catch {
      return {};
    }
  }

  private commit(next: Record<string, string>) {
    const ids = Object.keys(next);
    // Insertion order is age: the oldest are dropped first once the bound is passed.
    for (const id of ids.slice(0, Math.max(0, ids.length - MAX_REMEMBERED_ASSETS))) delete next[id];
    this.map = next;
    try {
      this.storage?.setItem(ASSET_MODELS_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Quota or private mode: the memory lasts this visit.
    }
    for (const l of this.listeners) l();
  }

  /** The model this browser registered or prepared the asset for, if any. */
  modelOf = (assetId: string): string | undefined => this.map[assetId];

  snapshot = (): AssetModelMap => this.map;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  remember = (assetId: string, model: string): void => {
    if (!ID_PATTERN.test(assetId) || !MODEL_PATTERN.test(model) || this.map[assetId] === model) return;
    const next = { ...this.map };
    delete next[assetId];
    next[assetId] = model;
    this.commit(next);
  };

  /** Adds what an import brings; what this browser already knows of an asset stays. Returns how many were new. */
  merge = (entries: unknown): number => {
    const fresh = Object.entries(parseAssetModels(entries)).filter(([id]) => !(id in this.map));
    if (fresh.length > 0) this.commit({ ...Object.fromEntries(fresh), ...this.map });
    return fresh.length;
  };
}

let appMemory: AssetModelMemory | undefined;

/** The browser's memory, shared by the whole dashboard. */
export function assetModelMemory(): AssetModelMemory {
  return (appMemory ??= new AssetModelMemory());
}

/** The remembered models; re-renders when one is added. */
export function useRememberedAssetModels(): AssetModelMap {
  const memory = assetModelMemory();
  return useSyncExternalStore(memory.subscribe, memory.snapshot);
}
