import { describe, expect, it, vi } from 'vitest';
import type { UploadOptions } from '@/api/assets';
import { createUploadQueue, type UploadedAsset } from './upload-queue';

interface Pending {
  file: File;
  options: UploadOptions;
  resolve: (asset: UploadedAsset) => void;
  reject: (error: unknown) => void;
}

/** An upload function whose requests the test settles by hand. */
function controllableUpload() {
  const calls: Pending[] = [];
  const upload = vi.fn(
    (file: File, _fields: object, options: UploadOptions) =>
      new Promise<UploadedAsset>((resolve, reject) => {
        calls.push({ file, options, resolve, reject });
      }),
  );
  return { upload, calls };
}

const file = (name: string, size = 100) => new File(['x'.repeat(size)], name, { type: 'image/png' });
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('upload queue', () => {
  it('reports per-file progress and marks the file uploaded with its asset id', async () => {
    const { upload, calls } = controllableUpload();
    const queue = createUploadQueue({ upload });
    const onUploaded = vi.fn();
    const [id] = queue.add([{ file: file('a.png', 200), fields: { type: 'image' } }], onUploaded);
    const item = () => queue.store.getState().items.find((i) => i.id === id)!;
    expect(item().status).toBe('uploading');

    calls[0]!.options.onUploadProgress!({ loaded: 50, total: 200 });
    expect(item()).toMatchObject({ loaded: 50, total: 200 });

    calls[0]!.resolve({ id: 'asset_1', group_id: 'grp_a' });
    await flush();
    expect(item()).toMatchObject({ status: 'succeeded', loaded: 200, assetId: 'asset_1' });
    expect(onUploaded).toHaveBeenCalledWith({ id: 'asset_1', group_id: 'grp_a' });
  });

  it('notes the group a deployment put the file in when it ignored the one asked for', async () => {
    const { upload, calls } = controllableUpload();
    const queue = createUploadQueue({ upload });
    queue.add([{ file: file('a.png'), fields: { type: 'image', group_id: 'grp_a' } }]);
    queue.add([{ file: file('b.png'), fields: { type: 'image', group_id: 'grp_a' } }]);
    calls[0]!.resolve({ id: 'asset_1', group_id: 'grp_main' });
    calls[1]!.resolve({ id: 'asset_2', group_id: 'grp_a' });
    await flush();
    const [first, second] = queue.store.getState().items;
    expect(first).toMatchObject({ status: 'succeeded', placedIn: 'grp_main' });
    expect(second!.placedIn).toBeUndefined();
  });

  it('counts the bytes of the file, not of the multipart request (a 6-byte file is a larger request)', async () => {
    const { upload, calls } = controllableUpload();
    const queue = createUploadQueue({ upload });
    queue.add([{ file: file('tiny.txt', 6), fields: { type: 'file' } }]);
    const item = () => queue.store.getState().items[0]!;
    calls[0]!.options.onUploadProgress!({ loaded: 199, total: 398 });
    expect(item()).toMatchObject({ loaded: 3, total: 6 });
    calls[0]!.options.onUploadProgress!({ loaded: 398, total: 398 });
    calls[0]!.resolve({ id: 'asset_1' });
    await flush();
    expect(item()).toMatchObject({ status: 'succeeded', loaded: 6, total: 6 });
  });

  it('uploads at most `concurrency` files at once and starts the next when one finishes', async () => {
    const { upload, calls } = controllableUpload();
    const queue = createUploadQueue({ upload, concurrency: 2 });
    queue.add(['1', '2', '3', '4'].map((n) => ({ file: file(`${n}.png`), fields: {} })));
    expect(calls).toHaveLength(2);
    expect(queue.store.getState().items.map((i) => i.status)).toEqual([
      'uploading',
      'uploading',
      'queued',
      'queued',
    ]);
    calls[0]!.resolve({ id: 'asset_1' });
    await flush();
    expect(calls).toHaveLength(3);
    expect(calls[2]!.file.name).toBe('3.png');
  });

  it('cancel aborts the request, ignores its late answer, and lets the next file start', async () => {
    const { upload, calls } = controllableUpload();
    const queue = createUploadQueue({ upload, concurrency: 1 });
    const [first] = queue.add([
      { file: file('a.png'), fields: {} },
      { file: file('b.png'), fields: {} },
    ]);
    const signal = calls[0]!.options.signal!;
    queue.cancel(first!);
    expect(signal.aborted).toBe(true);
    expect(queue.store.getState().items[0]!.status).toBe('cancelled');
    expect(calls).toHaveLength(2);

    calls[0]!.reject(new DOMException('aborted', 'AbortError'));
    calls[0]!.options.onUploadProgress!({ loaded: 99, total: 100 });
    await flush();
    expect(queue.store.getState().items[0]).toMatchObject({ status: 'cancelled', loaded: 0 });
  });

  it('keeps the error and request id of a failed upload, and retry uploads the same file again', async () => {
    const { upload, calls } = controllableUpload();
    const queue = createUploadQueue({ upload });
    const onUploaded = vi.fn();
    const [id] = queue.add(
      [{ file: file('a.png'), fields: { type: 'image', group_id: 'grp_a' } }],
      onUploaded,
    );
    calls[0]!.reject(Object.assign(new Error('File too large'), { requestId: 'req_9' }));
    await flush();
    expect(queue.store.getState().items[0]).toMatchObject({
      status: 'failed',
      error: { message: 'File too large', requestId: 'req_9' },
    });

    queue.retry(id!);
    expect(calls).toHaveLength(2);
    expect(upload.mock.calls[1]![0].name).toBe('a.png');
    expect(upload.mock.calls[1]![1]).toEqual({ type: 'image', group_id: 'grp_a' });
    expect(queue.store.getState().items[0]).toMatchObject({ status: 'uploading', error: undefined });
    calls[1]!.resolve({ id: 'asset_2' });
    await flush();
    expect(queue.store.getState().items[0]!.status).toBe('succeeded');
    expect(onUploaded).toHaveBeenCalledTimes(1);
  });

  it('retries a cancelled upload, ignores retry of a running one, and clears finished rows', async () => {
    const { upload, calls } = controllableUpload();
    const queue = createUploadQueue({ upload });
    const [a, b] = queue.add([
      { file: file('a.png'), fields: {} },
      { file: file('b.png'), fields: {} },
    ]);
    queue.retry(b!);
    expect(calls).toHaveLength(2);
    queue.cancel(a!);
    queue.retry(a!);
    expect(calls).toHaveLength(3);
    calls[2]!.resolve({ id: 'asset_a' });
    await flush();
    queue.clearFinished();
    expect(queue.store.getState().items.map((i) => i.file.name)).toEqual(['b.png']);
  });
});
