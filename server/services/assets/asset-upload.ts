import { UploadAssetFieldsSchema } from '@contract/asset-schemas';
import { withoutControlCharacters } from '@contract/plain-text';
import type { AppContext } from '../../context';
import { ApiError, badRequest } from '../../errors';
import { newId } from '../../ids';
import type { AssetRow } from '../../store/assets';
import { parseOrThrow } from '../../validation';
import { moveIntoStore, removeQuietly, removeStoredAsset, storedRelPath, tempPathFor } from './asset-files';
import { resolveAssetType, resolveContentType, safeFileName } from './asset-media-types';
import { checkModel, createAsset } from './asset-registration';
import { resolveGroup } from '../groups';
import { receiveMultipart } from '../multipart-upload';

function tooLarge(maxBytes: number): ApiError {
  return new ApiError(
    413,
    `The file is larger than the upload limit of ${maxBytes} bytes (MAX_UPLOAD_BYTES). ` +
      'Upload a smaller file, or register a large file by its public URL instead.',
    { code: 'payload_too_large', param: 'file' },
  );
}

/** POST /v1/assets/uploads with a multipart body (file part `file`, fields type, purpose, …). */
export async function registerUpload(ctx: AppContext, owner: string, request: Request): Promise<AssetRow> {
  const assetId = newId('asset');
  const upload = await receiveMultipart(request, {
    maxBytes: ctx.config.maxUploadBytes,
    tempPath: tempPathFor(ctx, assetId),
    tooLarge,
    log: ctx.log,
  });
  const file = upload.file;
  if (!file) throw badRequest('multipart field `file` is required', 'file', 'missing_file');
  // A repeated field counts once, by its first value.
  const fields = Object.fromEntries(
    Object.entries(upload.fields).map(([name, values]) => [name, values[0]!]),
  );
  let storedPath: string | undefined;
  try {
    // Browsers send empty strings for form controls left blank: those mean "not given".
    const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v.trim() !== ''));
    const form = parseOrThrow(UploadAssetFieldsSchema, given);
    const model = checkModel(form.model);
    const groupId = resolveGroup(ctx, owner, form.group_id);
    if (file.size === 0)
      throw badRequest('The uploaded file is empty: choose a file with content.', 'file', 'empty_file');
    const contentType = resolveContentType(file.mimeType, file.name);
    const type = resolveAssetType(form.type, contentType);
    const relPath = storedRelPath(owner, assetId, safeFileName(file.name, contentType));
    storedPath = await moveIntoStore(ctx, file.path, relPath);
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
    await removeQuietly(file.path);
    if (storedPath) await removeStoredAsset(ctx, owner, assetId);
    throw err;
  }
}
