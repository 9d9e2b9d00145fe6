import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { ApiError, badRequest } from '../errors';
import type { Logger } from '../logger';
import { removeQuietly } from './assets/asset-files';

const MAX_FIELDS = 50;
const MAX_PARTS = 100;
const MAX_FIELD_BYTES = 64 * 1024;
/** Room for the form fields and part headers around the file in a multipart body. */
const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;

export interface MultipartFile {
  path: string;
  /** As the client named it; may be empty. */
  name: string;
  mimeType: string;
  size: number;
}

export interface MultipartUpload {
  /** Every value of each field, in order (repeated names such as `timestamp_granularities[]`). */
  fields: Record<string, string[]>;
  /** The part named `file`; absent when the body had none. */
  file?: MultipartFile;
}

export interface MultipartOptions {
  /** The largest file accepted: a file of exactly this size passes. */
  maxBytes: number;
  /** Where the `file` part is written; removed again if the upload is refused. */
  tempPath: string;
  /** The 413 answer, worded for the endpoint (which limit, what to do instead). */
  tooLarge: (maxBytes: number) => ApiError;
  /** Where a failed write of the temp file is reported. */
  log?: Logger;
}

function tooManyParts(what: string): ApiError {
  return badRequest(
    `The multipart body has ${what}; at most ${MAX_FIELDS} fields and ${MAX_PARTS} parts are read. ` +
      'Send only the file part `file` and the fields of this endpoint.',
    undefined,
    'too_many_parts',
  );
}

/**
 * Streams a multipart body: the `file` part goes straight to `tempPath` (never into memory whole),
 * fields are collected. Past `maxBytes` the temp file is removed and a 413 answered at once; the
 * rest of the body is read and discarded so that the client sees the answer.
 */
export function receiveMultipart(request: Request, options: MultipartOptions): Promise<MultipartUpload> {
  const { maxBytes, tempPath, tooLarge, log } = options;
  const contentType = request.headers.get('content-type') ?? '';
  const declaredLength = Number(request.headers.get('content-length'));
  if (Number.isFinite(declaredLength) && declaredLength > maxBytes + MULTIPART_OVERHEAD_BYTES) {
    return Promise.reject(tooLarge(maxBytes));
  }
  // No prototype: a field named `constructor` or `__proto__` is just a field.
  const fields = Object.create(null) as Record<string, string[]>;
  if (!request.body) return Promise.resolve({ fields });

  return new Promise((resolve, reject) => {
    let file: MultipartFile | undefined;
    let out: fs.WriteStream | undefined;
    let writeDone: Promise<void> = Promise.resolve();
    let failed = false;
    const fail = (err: ApiError) => {
      if (failed) return;
      failed = true;
      out?.destroy(); // Its 'close' resolves writeDone, after which the partial file can go.
      void writeDone.finally(() => removeQuietly(file?.path));
      reject(err);
    };

    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        defParamCharset: 'utf8',
        // busboy reports 'limit' once a file *reaches* fileSize, so a file of exactly maxBytes
        // needs one byte more to pass.
        limits: { fileSize: maxBytes + 1, fieldSize: MAX_FIELD_BYTES, fields: MAX_FIELDS, parts: MAX_PARTS },
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
      else (fields[name] ??= []).push(value);
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
      const received: MultipartFile = {
        path: tempPath,
        name: info.filename ?? '',
        mimeType: info.mimeType ?? '',
        size: 0,
      };
      file = received;
      const sink = fs.createWriteStream(tempPath);
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
        log?.error('upload write failed', { error: err.message });
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
      fail(badRequest('The upload was interrupted before it finished. Retry.', 'file', 'upload_aborted')),
    );
    source.pipe(parser);
  });
}
