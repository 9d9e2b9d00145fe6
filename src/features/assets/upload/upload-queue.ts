import { createStore, type StoreApi } from 'zustand/vanilla';
import type { UploadAssetFieldsInput, UploadOptions } from '@/api/assets';
import { placedElsewhere } from '@/api/created-asset';
import { errorMessage } from '@/lib/notify';

export type UploadStatus = 'queued' | 'uploading' | 'succeeded' | 'failed' | 'cancelled';

/** What a person needs to act on a failed upload: the message and the id to quote to support. */
export interface UploadFailure {
  message: string;
  requestId?: string;
}

export interface UploadItem {
  id: string;
  file: File;
  fields: UploadAssetFieldsInput;
  status: UploadStatus;
  /** Bytes of the file sent so far, and its size: never the multipart request's own byte count. */
  loaded: number;
  total: number;
  /** When the current attempt started (ms), for speed and time left. */
  startedAt?: number;
  error?: UploadFailure;
  assetId?: string;
  /** The group the deployment put the asset in when it is not the one asked for (issue 44). */
  placedIn?: string;
}

export interface UploadQueueState {
  items: UploadItem[];
}

export interface UploadedAsset {
  id: string;
  group_id?: string;
}

export type UploadFn = (
  file: File,
  fields: UploadAssetFieldsInput,
  options: UploadOptions,
) => Promise<UploadedAsset>;

export interface UploadQueue {
  store: StoreApi<UploadQueueState>;
  /** Queues files; returns their queue ids. `onUploaded` runs after each success (and retry success). */
  add(
    entries: Array<{ file: File; fields: UploadAssetFieldsInput }>,
    onUploaded?: (asset: UploadedAsset) => void,
  ): string[];
  cancel(id: string): void;
  retry(id: string): void;
  /** Removes finished rows (succeeded, failed, cancelled); running uploads stay. */
  clearFinished(): void;
}

function toFailure(error: unknown): UploadFailure {
  const e = error as { requestId?: unknown; info?: { requestId?: unknown } } | undefined;
  const requestId = e?.requestId ?? e?.info?.requestId;
  return {
    // The browser's own "Failed to fetch" becomes a sentence in the reader's language.
    message: errorMessage(error),
    requestId: typeof requestId === 'string' ? requestId : undefined,
  };
}

/**
 * A queue of file uploads with per-file progress, cancel and retry, independent of React so that
 * its behaviour is testable and uploads keep running while a person moves between pages. At most
 * `concurrency` files upload at once; dropping a hundred files must not open a hundred requests.
 */
export function createUploadQueue({
  upload,
  concurrency = 3,
}: {
  upload: UploadFn;
  concurrency?: number;
}): UploadQueue {
  const store = createStore<UploadQueueState>(() => ({ items: [] }));
  // Controllers and callbacks are not state a component renders, so they stay out of the store.
  const controllers = new Map<string, AbortController>();
  const callbacks = new Map<string, (asset: UploadedAsset) => void>();
  let sequence = 0;

  const patch = (id: string, change: Partial<UploadItem>) =>
    store.setState((s) => ({
      items: s.items.map((item) => (item.id === id ? { ...item, ...change } : item)),
    }));
  const find = (id: string) => store.getState().items.find((item) => item.id === id);

  function start(item: UploadItem) {
    const controller = new AbortController();
    controllers.set(item.id, controller);
    // A superseded attempt (cancelled, or cancelled then retried) must not write over the current one.
    const current = () => controllers.get(item.id) === controller;
    const size = item.file.size;
    patch(item.id, { status: 'uploading', loaded: 0, total: size, error: undefined, startedAt: Date.now() });
    upload(item.file, item.fields, {
      signal: controller.signal,
      onUploadProgress: ({ loaded, total }) => {
        // The request carries multipart boundaries and the other fields too (a 6-byte file is a
        // ~400-byte request): scale the request's progress onto the file's own size.
        const share = total > 0 ? Math.min(1, loaded / total) : 0;
        if (current()) patch(item.id, { loaded: Math.round(share * size), total: size });
      },
    }).then(
      (asset) => {
        if (!current()) return;
        controllers.delete(item.id);
        const placedIn = placedElsewhere(item.fields.group_id, asset);
        patch(item.id, { status: 'succeeded', loaded: size, total: size, assetId: asset.id, placedIn });
        callbacks.get(item.id)?.(asset);
        pump();
      },
      (error: unknown) => {
        if (!current()) return;
        controllers.delete(item.id);
        patch(item.id, { status: 'failed', error: toFailure(error) });
        pump();
      },
    );
  }

  function pump() {
    const items = store.getState().items;
    let running = items.filter((item) => item.status === 'uploading').length;
    for (const item of items) {
      if (running >= concurrency) break;
      if (item.status === 'queued') {
        start(item);
        running += 1;
      }
    }
  }

  return {
    store,
    add(entries, onUploaded) {
      const added: UploadItem[] = entries.map(({ file, fields }) => ({
        id: `upload-${++sequence}`,
        file,
        fields,
        status: 'queued',
        loaded: 0,
        total: file.size,
      }));
      if (onUploaded) for (const item of added) callbacks.set(item.id, onUploaded);
      store.setState((s) => ({ items: [...s.items, ...added] }));
      pump();
      return added.map((item) => item.id);
    },
    cancel(id) {
      const item = find(id);
      if (!item || (item.status !== 'queued' && item.status !== 'uploading')) return;
      const controller = controllers.get(id);
      controllers.delete(id);
      controller?.abort();
      patch(id, { status: 'cancelled' });
      pump();
    },
    retry(id) {
      const item = find(id);
      if (!item || (item.status !== 'failed' && item.status !== 'cancelled')) return;
      patch(id, { status: 'queued', loaded: 0, error: undefined });
      pump();
    },
    clearFinished() {
      const finished = new Set<UploadStatus>(['succeeded', 'failed', 'cancelled']);
      const removed = store.getState().items.filter((item) => finished.has(item.status));
      for (const item of removed) callbacks.delete(item.id);
      store.setState((s) => ({ items: s.items.filter((item) => !finished.has(item.status)) }));
    },
  };
}
