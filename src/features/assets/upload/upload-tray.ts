/*
 * The upload code a library renders only once files are chosen: the queue, its tray and the tray's
 * rows, one chunk fetched after the first page has settled (upload-tray-host.tsx).
 */
export { UploadList } from './upload-list';
export { addUploads } from './use-upload-queue';
