import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
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

const MAX_FIELDS = 50;
const MAX_PARTS = 100;

function tooManyParts(what: string): ApiError {
  return badRequest(
    `The multipart body has ${what}; at most ${MAX_FIELDS} fields and ${MAX_PARTS} parts are read. ` +
      'Send only the file part `file` and the fields of this endpoint.',
    undefined,
    'too_many_parts',
  );
}

/** Room for the form fields and part headers around the file in a multipart body. */
const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;

interface ReceivedFile {
  tempPath: string;
  fileName: string;
  mimeType: string;
  size: number;
}

function tooLarge(maxBytes: number): ApiError {
  return new ApiError(
    413,
    `The file is larger than the upload limit of ${maxBytes} bytes (MAX_UPLOAD_BYTES). ` +
      'Upload a smaller file, or register a large file by its public URL instead.',
    { code: 'payload_too_large', param: 'file' },
  );
}

/**
 * Streams the multipart body: the `file` part goes straight to a temp file (never into memory
 * whole), fields are collected. Past MAX_UPLOAD_BYTES the temp file is removed and a 413 answered
 * at once; the rest of the body is read and discarded so that the client sees the answer.
 */
function receiveMultipart(
  ctx: AppContext,
  request: Request,
  assetId: string,
): Promise<{ fields: Record<string, string>; file?: ReceivedFile }> {
  const maxBytes = ctx.config.maxUploadBytes;
  const contentType = request.headers.get('content-type') ?? '';
  const declaredLength = Number(request.headers.get('content-length'));
  if (Number.isFinite(declaredLength) && declaredLength > maxBytes + MULTIPART_OVERHEAD_BYTES) {
    return Promise.reject(tooLarge(maxBytes));
  }
  if (!request.body)
    return Promise.reject(badRequest('multipart field `file` is required', 'file', 'missing_file'));

  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: ReceivedFile | undefined;
    let out: fs.WriteStream | undefined;
    let writeDone: Promise<void> = Promise.resolve();
    let failed = false;
    const fail = (err: ApiError) => {
      if (failed) return;
      failed = true;
      out?.destroy(); // Its 'close' resolves writeDone, after which the partial file can go.
      void writeDone.finally(() => removeQuietly(file?.tempPath));
      reject(err);
    };

    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        defParamCharset: 'utf8',
        // busboy reports 'limit' once a file *reaches* fileSize, so a file of exactly MAX_UPLOAD_BYTES
        // needs one byte more to pass.
        limits: {
          fileSize: maxBytes + 1,
          fieldSize: 64 * 1024,
          fields: MAX_FIELDS,
          parts: MAX_PARTS,
        },
      });
    } catch (err) {
      reject(
        badRequest(
          `The multipart body cannot be read: ${(err as Error).message}.`,
          undefined,
          'invalid_multipart',
        ),
      );
      return;
    }

    // Past a limit busboy silently drops what follows, which could be the file itself: say which
    // limit was hit rather than that the file is missing.
    parser.on('partsLimit', () => fail(tooManyParts(`more than ${MAX_PARTS} parts`)));
    parser.on('fieldsLimit', () => fail(tooManyParts(`more than ${MAX_FIELDS} form fields`)));
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(badRequest(`Form field ${name} is too long (at most 64 KiB).`, name));
      else if (!(name in fields)) fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || failed) {
        stream.resume(); // Only the `file` part is stored; anything else is read past.
        return;
      }
      if (file) {
        stream.resume();
        fail(
          badRequest('Send exactly one file part named `file` per upload request.', 'file', 'too_many_files'),
        );
        return;
      }
      const received: ReceivedFile = {
        tempPath: tempPathFor(ctx, assetId),
        fileName: info.filename ?? '',
        mimeType: info.mimeType ?? '',
        size: 0,
      };
      file = received;
      const sink = fs.createWriteStream(received.tempPath);
      out = sink;
      writeDone = new Promise<void>((done) => sink.on('close', done));
      // A malformed body errors the part stream too; the parser's 'error' handler reports it.
      stream.on('error', () => sink.destroy());
      stream.on('data', (chunk: Buffer) => (received.size += chunk.length));
      stream.on('limit', () => {
        stream.unpipe(sink);
        stream.resume();
        fail(tooLarge(maxBytes));
      });
      sink.on('error', (err) => {
        stream.resume();
        ctx.log.error('upload write failed', { error: err.message });
        fail(
          new ApiError(500, 'The server could not store the upload. Try again.', { code: 'storage_error' }),
        );
      });
      stream.pipe(sink);
    });
    parser.on('error', (err: Error) =>
      fail(badRequest(`The multipart body is malformed: ${err.message}.`, undefined, 'invalid_multipart')),
    );
    parser.on('close', () => {
      if (!failed) void writeDone.then(() => (failed ? undefined : resolve({ fields, file })));
    });

    const source = Readable.fromWeb(request.body as WebReadableStream);
    source.on('error', () =>
      fail(badRequest('The upload was interrupted before it finished.', 'file', 'upload_aborted')),
    );
    source.pipe(parser);
  });
}

/** POST /v1/assets/uploads with a multipart body (file part `file`, fields type, purpose, …). */
export async function registerUpload(ctx: AppContext, owner: string, request: Request): Promise<AssetRow> {
  const assetId = newId('asset');
  const { fields, file } = await receiveMultipart(ctx, request, assetId);
  if (!file) throw badRequest('multipart field `file` is required', 'file', 'missing_file');
  let storedPath: string | undefined;
  try {
    // Browsers send empty strings for form controls left blank: those mean "not given".
    const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v.trim() !== ''));
    const form = parseOrThrow(UploadAssetFieldsSchema, given);
    const model = checkModel(form.model);
    const groupId = resolveGroup(ctx, owner, form.group_id);
    if (file.size === 0)
      throw badRequest('The uploaded file is empty: choose a file with content.', 'file', 'empty_file');
    const contentType = resolveContentType(file.mimeType, file.fileName);
    const type = resolveAssetType(form.type, contentType);
    const relPath = storedRelPath(owner, assetId, safeFileName(file.fileName, contentType));
    storedPath = await moveIntoStore(ctx, file.tempPath, relPath);
    return createAsset(ctx, {
      id: assetId,
      owner,
      groupId,
      type,
      name: form.name || withoutControlCharacters(file.fileName).trim().slice(0, 200) || 'upload',
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
      faultSource: file.fileName,
    });
  } catch (err) {
    await removeQuietly(file.tempPath);
    if (storedPath) await removeStoredAsset(ctx, owner, assetId);
    throw err;
  }
}
