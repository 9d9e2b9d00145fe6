import type { UploadItem } from './upload-queue';

export interface UploadStats {
  /** Files still to send (waiting or uploading). */
  active: number;
  /** Bytes of all files that are or will be sent in this batch, and how many of them are sent. */
  totalBytes: number;
  sentBytes: number;
  /** Bytes per second over the running uploads; undefined until there is something to measure. */
  bytesPerSecond: number | undefined;
  /** Seconds until the batch is sent at that speed; undefined when unknown. */
  secondsLeft: number | undefined;
}

/** Too little elapsed time makes the first progress event read as an absurd speed. */
const MIN_ELAPSED_MS = 300;

/**
 * Overall progress of the tray. The batch is what is running or waiting plus what has finished
 * alongside it (the succeeded rows), so the bar does not jump back to 0 each time one file ends.
 * Failed and cancelled files are out of the batch until retried.
 */
export function uploadStats(items: UploadItem[], now = Date.now()): UploadStats {
  let totalBytes = 0;
  let sentBytes = 0;
  let active = 0;
  let rate = 0;
  let measured = false;
  for (const item of items) {
    if (item.status === 'failed' || item.status === 'cancelled') continue;
    totalBytes += item.total;
    sentBytes += item.status === 'succeeded' ? item.total : item.loaded;
    if (item.status === 'queued' || item.status === 'uploading') active += 1;
    if (item.status === 'uploading' && item.startedAt !== undefined) {
      const elapsed = now - item.startedAt;
      if (elapsed >= MIN_ELAPSED_MS && item.loaded > 0) {
        rate += item.loaded / (elapsed / 1000);
        measured = true;
      }
    }
  }
  const bytesPerSecond = measured && rate > 0 ? rate : undefined;
  const secondsLeft =
    active > 0 && bytesPerSecond ? Math.ceil((totalBytes - sentBytes) / bytesPerSecond) : undefined;
  return { active, totalBytes, sentBytes, bytesPerSecond, secondsLeft };
}

/** Seconds left as a short phrase's number and unit: 45 s, 3 min, 2 h. */
export function splitDuration(seconds: number): { value: number; unit: 'second' | 'minute' | 'hour' } {
  if (seconds < 60) return { value: Math.max(1, seconds), unit: 'second' };
  if (seconds < 3600) return { value: Math.round(seconds / 60), unit: 'minute' };
  return { value: Math.round(seconds / 360) / 10, unit: 'hour' };
}

/** How a finished batch ended, file by file: the tray says all three, never "done" over a failure. */
export function finishedCounts(items: UploadItem[]): { sent: number; failed: number; cancelled: number } {
  const count = (status: UploadItem['status']) => items.filter((i) => i.status === status).length;
  return { sent: count('succeeded'), failed: count('failed'), cancelled: count('cancelled') };
}
