import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { ApiError, badRequest } from '../../errors';
import { token } from '../../ids';

/** The hosted API's limit for transcription uploads. */
export const MAX_AUDIO_UPLOAD_BYTES = 25 * 1024 * 1024;

export interface AudioUpload {
  fields: Record<string, string[]>;
  file?: { path: string; name: string; size: number };
  /** Removes the temp file; call when done with it. */
  cleanup(): Promise<void>;
}

function tooLarge(max: number): ApiError {
  return new ApiError(
    413,
    `file is larger than ${Math.round(max / 1024 / 1024)} MB: send a shorter or more compressed recording.`,
    {
      code: 'payload_too_large',
      param: 'file',
    },
  );
}

/**
 * Reads a multipart transcription request: `file` is streamed to a temp file (never held in
 * memory whole, cut off at the limit), the other fields are collected (repeated names, such as
 * `timestamp_granularities[]`, keep every value).
 */
export function receiveAudioUpload(request: Request, maxBytes: number): Promise<AudioUpload> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(contentType)) {
    return Promise.reject(
      new ApiError(415, 'Send the audio as multipart/form-data with a "file" part and a "model" field.', {
        code: 'unsupported_media_type',
      }),
    );
  }
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes + 1024 * 1024)
    return Promise.reject(tooLarge(maxBytes));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `audio-upload-${token(8)}-`));
  const cleanup = () => fs.promises.rm(dir, { recursive: true, force: true });
  if (!request.body) {
    void cleanup();
    return Promise.reject(
      badRequest('file is required: attach the audio as the multipart part "file".', 'file'),
    );
  }

  return new Promise((resolve, reject) => {
    // No prototype: a field named `constructor` or `__proto__` is just a field.
    const fields: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
    let file: AudioUpload['file'];
    let writing: Promise<void> = Promise.resolve();
    let failed = false;
    const fail = (err: ApiError) => {
      if (failed) return;
      failed = true;
      void writing.finally(cleanup);
      reject(err);
    };
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        defParamCharset: 'utf8',
        limits: { fileSize: maxBytes, files: 1, fieldSize: 64 * 1024, fields: 50 },
      });
    } catch (err) {
      void cleanup();
      return reject(
        badRequest(
          `The multipart body cannot be read: ${(err as Error).message}.`,
          undefined,
          'invalid_multipart',
        ),
      );
    }
    parser.on('field', (name, value) => (fields[name] ??= []).push(value));
    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || file) {
        stream.resume();
        return;
      }
      const target = path.join(dir, 'upload');
      const out = fs.createWriteStream(target);
      const entry = { path: target, name: info.filename || 'audio', size: 0 };
      file = entry;
      stream.on('data', (chunk: Buffer) => (entry.size += chunk.length));
      stream.on('limit', () => fail(tooLarge(maxBytes)));
      writing = new Promise((done) => out.on('close', () => done()));
      stream.pipe(out);
    });
    parser.on('error', (err: Error) =>
      fail(badRequest(`The multipart body is malformed: ${err.message}.`, undefined, 'invalid_multipart')),
    );
    parser.on('close', () => {
      void writing.then(() => {
        if (!failed) resolve({ fields, file, cleanup });
      });
    });
    Readable.fromWeb(request.body as WebReadableStream<Uint8Array>)
      .on('error', () =>
        fail(badRequest('The upload was interrupted before it finished. Retry.', 'file', 'body_read_error')),
      )
      .pipe(parser);
  });
}
