import { useStore } from 'zustand';
import { inferAssetType } from '@contract/asset';
import { invalidateAfterAssetCreated, uploadAssetFile, type UploadAssetFieldsInput } from '@/api/assets';
import { createUploadQueue } from './upload-queue';
import { warnOnLeaveWhile, type UploadBatch, type UploadTarget } from './upload-intake';

/** One queue for the whole app: uploads continue while a person visits another page. */
const queue = createUploadQueue({ upload: uploadAssetFile, concurrency: 3 });

// Uploads in flight are lost on leaving too: the same question as for files that wait for this code.
warnOnLeaveWhile(queue.store, ({ items }) =>
  items.some((item) => item.status === 'queued' || item.status === 'uploading'),
);

export function useUploadItems() {
  return useStore(queue.store, (s) => s.items);
}

export const uploadQueueActions = {
  cancel: queue.cancel,
  retry: queue.retry,
  clearFinished: queue.clearFinished,
};

/**
 * Upload fields for a dropped file: type from its MIME type; images and videos are prepared as
 * references (a reference video needs type, purpose and role all `reference_video`, spec rule 2).
 */
export function uploadFieldsFor(file: File, target: UploadTarget): UploadAssetFieldsInput {
  const type = inferAssetType(file.type);
  const reference = type === 'video' ? 'reference_video' : type === 'image' ? 'reference_image' : undefined;
  return {
    type,
    purpose: reference,
    role: reference,
    model: target.model || undefined,
    group_id: target.group,
    name: file.name,
  };
}

/** Adds files to the queue; each success refreshes that group's lists and counts. */
export function addUploads({ files, target, queryClient }: UploadBatch): void {
  queue.add(
    files.map((file) => ({ file, fields: uploadFieldsFor(file, target) })),
    (asset) => void invalidateAfterAssetCreated(queryClient, asset.group_id ?? target.group, target.group),
  );
}
