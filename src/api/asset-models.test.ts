import { describe, expect, it } from 'vitest';
import { ASSET_MODELS_STORAGE_KEY, AssetModelMemory, MAX_REMEMBERED_ASSETS } from './asset-models';
import { TaskRegistry } from './task-registry';
import { memoryBackend } from './task-registry-storage';

function storage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
}

describe('AssetModelMemory', () => {
  it('remembers which model an asset was registered for, through a reload', () => {
    const s = storage();
    new AssetModelMemory(s).remember('asset_1', 'video-2.0-cl');
    expect(new AssetModelMemory(s).modelOf('asset_1')).toBe('video-2.0-cl');
    expect(new AssetModelMemory(s).modelOf('asset_2')).toBeUndefined();
  });

  it('skips stored entries that are not an id and a model, and survives a broken value', () => {
    const s = storage();
    s.setItem(
      ASSET_MODELS_STORAGE_KEY,
      JSON.stringify({ 'bad id/..': 'x', asset_ok: 'video-2.0-cl', asset_n: 3 }),
    );
    expect(new AssetModelMemory(s).snapshot()).toEqual({ asset_ok: 'video-2.0-cl' });
    s.setItem(ASSET_MODELS_STORAGE_KEY, '{not json');
    expect(new AssetModelMemory(s).snapshot()).toEqual({});
  });

  it('is bounded: the oldest entries go first', () => {
    const memory = new AssetModelMemory(storage());
    memory.merge(
      Object.fromEntries(Array.from({ length: MAX_REMEMBERED_ASSETS }, (_, i) => [`asset_${i}`, 'm1'])),
    );
    memory.remember('asset_new', 'm2');
    expect(Object.keys(memory.snapshot())).toHaveLength(MAX_REMEMBERED_ASSETS);
    expect(memory.modelOf('asset_0')).toBeUndefined();
    expect(memory.modelOf('asset_new')).toBe('m2');
  });

  it('goes out with the task export and comes back with its import; what is known stays', async () => {
    const from = new AssetModelMemory(storage());
    from.remember('asset_1', 'video-2.0-cl');
    from.remember('asset_2', 'video-2.0-cl-fast');
    const source = new TaskRegistry(memoryBackend(), { assetModels: from });
    await source.ready;
    const file = source.exportJson();
    expect(JSON.parse(file).assetModels).toEqual({ asset_1: 'video-2.0-cl', asset_2: 'video-2.0-cl-fast' });

    const to = new AssetModelMemory(storage());
    to.remember('asset_2', 'video-2.0-cl-mini');
    const target = new TaskRegistry(memoryBackend(), { assetModels: to });
    await target.ready;
    expect(target.importJson(file).assetModels).toBe(1);
    expect(to.snapshot()).toEqual({ asset_1: 'video-2.0-cl', asset_2: 'video-2.0-cl-mini' });
  });
});
