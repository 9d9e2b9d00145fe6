import { describe, expect, it, vi } from 'vitest';
import { failedChunkUrl, retryableImport } from './chunk-retry';

const chromiumFailure = (url: string) => new TypeError(`Failed to fetch dynamically imported module: ${url}`);

describe('failedChunkUrl', () => {
  it("reads the chunk from Chromium's message, without the query string of an earlier retry", () => {
    expect(failedChunkUrl(chromiumFailure('http://127.0.0.1:8787/assets/task-watcher-B0py.js'))).toBe(
      'http://127.0.0.1:8787/assets/task-watcher-B0py.js',
    );
    expect(failedChunkUrl(chromiumFailure('https://studio.test/assets/w-1.js?retry=17'))).toBe(
      'https://studio.test/assets/w-1.js',
    );
    expect(failedChunkUrl(new Error('Unable to preload CSS for /assets/w.css'))).toBeUndefined();
    expect(failedChunkUrl('offline')).toBeUndefined();
  });
});

describe('retryableImport', () => {
  it('loads once for every caller', async () => {
    const module = { TaskWatcher: () => null };
    const load = vi.fn(() => Promise.resolve(module));
    const get = retryableImport(load);
    expect(await Promise.all([get(), get()])).toEqual([module, module]);
    expect(await get()).toBe(module);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks the loader again after a failure that names no chunk', async () => {
    const module = { TaskWatcher: () => null };
    const load = vi.fn<() => Promise<typeof module>>().mockRejectedValueOnce(new Error('offline'));
    load.mockResolvedValue(module);
    const get = retryableImport(load);
    await expect(get()).rejects.toThrow('offline');
    expect(await get()).toBe(module);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('after a failure that names the chunk, imports that chunk afresh instead of the remembered failure', async () => {
    const url = `${window.location.origin}/assets/missing-chunk.js`;
    const load = vi.fn(() => Promise.reject(chromiumFailure(url)));
    const get = retryableImport(load);
    await expect(get()).rejects.toThrow(url);
    // The fresh URL cannot be fetched here either; what matters is that the loader, whose URL the
    // browser would fail at once, is not asked again.
    await expect(get()).rejects.toThrow();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
