import type { z } from 'zod';
import type { assetUploadFormSchema } from '@contract/upload-forms';
import { withoutControlCharacters } from '@contract/plain-text';
import type { AppContext } from '../../context';
import { ApiError } from '../../errors';
import { newId, token } from '../../ids';
import type { AssetRow } from '../../store/assets';
import { moveIntoStore, removeQuietly, removeStoredAsset, storedRelPath, tempPathFor } from './asset-files';
import { resolveAssetType, resolveContentType, safeFileName } from './asset-media-types';
import { checkModel, createAsset } from './asset-registration';
import { resolveGroup } from '../groups';
import { receiveMultipart, type MultipartFile, type MultipartUpload } from '../multipart-upload';

function tooLarge(maxBytes: number): ApiError {
  return new ApiError(
    413,
    `The file is larger than the upload limit of ${maxBytes} bytes (MAX_UPLOAD_BYTES). ` +
      'Upload a smaller file, or register a large file by its public URL instead.',
    { code: 'payload_too_large', param: 'file' },
  );
}

/**
 * Streams the multipart body of POST /v1/assets/uploads: the `file` part to a temp file of the
 * asset store (moved into place by registerUpload), removed by `cleanup` unless it was.
 */
export async function receiveAssetUpload(
  ctx: AppContext,
  request: Request,
): Promise<MultipartUpload & { cleanup(): Promise<void> }> {
  const upload = await receiveMultipart(request, {
    maxBytes: ctx.config.maxUploadBytes,
    tempPath: tempPathFor(ctx, `upload-${token(12)}`),
    tooLarge,
    log: ctx.log,
  });
  return { ...upload, cleanup: () => removeQuietly(upload.file?.path) };
}

export type AssetUploadForm = z.output<ReturnType<typeof assetUploadFormSchema<MultipartFile>>>;

/** POST /v1/assets/uploads with a multipart body, its form judged at the route (assetUploadFormSchema). */
export async function registerUpload(
  ctx: AppContext,
  owner: string,
  form: AssetUploadForm,
): Promise<AssetRow> {
  const { file } = form;
  const assetId = newId('asset');
  const model = checkModel(form.model);
  const groupId = resolveGroup(ctx, owner, form.group_id);
  const contentType = resolveContentType(file.mimeType, file.name);
  const type = resolveAssetType(form.type, contentType);
  const relPath = storedRelPath(owner, assetId, safeFileName(file.name, contentType));
  await moveIntoStore(ctx, file.path, relPath);
  try {
    return createAsset(ctx, {
      id: assetId,
      owner,
      groupId,
      type,
      name: form.name || withoutControlCharacters(file.name).trim().slice(0, 200) || 'upload',
      description: form.description ?? '',
      origin: 'upload',
      // The bytes are hosted by this service, as with mode=oss; no public source URL was supplied.
      mode: 'oss',
      sourceUrl: '',
      filePath: relPath,
      contentType,
      size: file.size,
      model,
      purpose: form.purpose,
      role: form.role,
      faultSource: file.name,
    });
  } catch (err) {
    await removeStoredAsset(ctx, owner, assetId);
    throw err;
  }
}
