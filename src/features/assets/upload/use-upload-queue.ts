import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useStore } from 'zustand';
import { inferAssetType } from '@contract/asset';
import { invalidateAfterAssetCreated, uploadAssetFile, type UploadAssetFieldsInput } from '@/api/assets';
import { createUploadQueue } from './upload-queue';

/** One queue for the whole app: uploads continue while a person visits another page. */
const queue = createUploadQueue({ upload: uploadAssetFile, concurrency: 3 });

/*
 * Leaving or reloading the page drops every upload in flight (the browser cannot resume them), so
 * while one runs or waits the browser asks first. The listener exists only then: an idle page
 * leaves without a question, and keeps its eligibility for the back/forward cache.
 */
function warnBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Older Chromium needs returnValue set to show the dialog.
  event.returnValue = '';
}
let warning = false;
queue.store.subscribe(({ items }) => {
  const busy = items.some((item) => item.status === 'queued' || item.status === 'uploading');
  if (busy === warning || typeof window === 'undefined') return;
  warning = busy;
  if (busy) window.addEventListener('beforeunload', warnBeforeUnload);
  else window.removeEventListener('beforeunload', warnBeforeUnload);
});

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
export function uploadFieldsFor(
  file: File,
  options: { group: string; model?: string },
): UploadAssetFieldsInput {
  const type = inferAssetType(file.type);
  const reference = type === 'video' ? 'reference_video' : type === 'image' ? 'reference_image' : undefined;
  return {
    type,
    purpose: reference,
    role: reference,
    model: options.model || undefined,
    group_id: options.group,
    name: file.name,
  };
}

/** Adds files to the queue; each success refreshes that group's lists and counts. */
export function useAddFiles() {
  const queryClient = useQueryClient();
  return useCallback(
    (files: File[], options: { group: string; model?: string }) =>
      queue.add(
        files.map((file) => ({ file, fields: uploadFieldsFor(file, options) })),
        (asset) => void invalidateAfterAssetCreated(queryClient, asset.group_id ?? options.group),
      ),
    [queryClient],
  );
}
