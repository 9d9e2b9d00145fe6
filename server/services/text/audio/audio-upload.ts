import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatBytes } from '@contract/format-bytes';
import { ApiError } from '../../../errors';
import { token } from '../../../ids';
import type { Logger } from '../../../logger';
import { receiveMultipart } from '../../multipart-upload';

/** The hosted API's limit for transcription uploads. */
export const MAX_AUDIO_UPLOAD_BYTES = 25 * 1024 * 1024;

export interface AudioFile {
  path: string;
  name: string;
  size: number;
}

export interface AudioUpload {
  fields: Record<string, string[]>;
  file?: AudioFile;
  /** Removes the temp file; call when done with it. */
  cleanup(): Promise<void>;
}

function tooLarge(max: number): ApiError {
  return new ApiError(
    413,
    `file is larger than ${formatBytes(max, 'en')}: send a shorter or more compressed recording.`,
    { code: 'payload_too_large', param: 'file' },
  );
}

/**
 * Reads a multipart transcription request (services/multipart-upload.ts): `file` is streamed to a
 * temp file of its own folder, a file of exactly `maxBytes` is accepted, and repeated fields such
 * as `timestamp_granularities[]` keep every value.
 */
export async function receiveAudioUpload(
  request: Request,
  maxBytes: number,
  log?: Logger,
): Promise<AudioUpload> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(contentType)) {
    throw new ApiError(415, 'Send the audio as multipart/form-data with a "file" part and a "model" field.', {
      code: 'unsupported_media_type',
    });
  }
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), `audio-upload-${token(8)}-`));
  const cleanup = () => fs.promises.rm(dir, { recursive: true, force: true });
  try {
    const { fields, file } = await receiveMultipart(request, {
      maxBytes,
      tempPath: path.join(dir, 'upload'),
      tooLarge,
      ...(log ? { log } : {}),
    });
    return {
      fields,
      ...(file ? { file: { path: file.path, name: file.name || 'audio', size: file.size } } : {}),
      cleanup,
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}
