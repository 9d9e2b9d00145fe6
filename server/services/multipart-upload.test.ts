import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import { tempDir } from '../test/test-media';
import { receiveMultipart } from './multipart-upload';
import { receiveAudioUpload } from './text/audio/audio-upload';

const MAX = 4096;
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function upload(parts: Array<[string, string | Blob, string?]>): Request {
  const form = new FormData();
  for (const [name, value, fileName] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, fileName);
  }
  return new Request('http://localhost/upload', { method: 'POST', body: form });
}

const bytes = (n: number) => new Blob([new Uint8Array(n).fill(7)], { type: 'audio/wav' });
const tooLarge = (max: number) => new ApiError(413, `over ${max}`, { code: 'payload_too_large' });

function target(): string {
  const dir = tempDir('multipart-');
  dirs.push(dir);
  return path.join(dir, 'upload');
}

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe('receiveMultipart', () => {
  it('accepts a file of exactly the maximum and writes every byte', async () => {
    const tempPath = target();
    const got = await receiveMultipart(upload([['file', bytes(MAX), 'a.wav']]), {
      maxBytes: MAX,
      tempPath,
      tooLarge,
    });
    expect(got.file).toMatchObject({ path: tempPath, name: 'a.wav', mimeType: 'audio/wav', size: MAX });
    expect(fs.statSync(tempPath).size).toBe(MAX);
  });

  it('refuses one byte more with the 413 of the endpoint and removes the partial file', async () => {
    const tempPath = target();
    const err = await refusal(
      receiveMultipart(upload([['file', bytes(MAX + 1), 'a.wav']]), { maxBytes: MAX, tempPath, tooLarge }),
    );
    expect(err.status).toBe(413);
    expect(err.message).toBe(`over ${MAX}`);
    await expect.poll(() => fs.existsSync(tempPath)).toBe(false);
  });

  it('keeps every value of a repeated field, and a field named __proto__ is just a field', async () => {
    const got = await receiveMultipart(
      upload([
        ['timestamp_granularities[]', 'word'],
        ['timestamp_granularities[]', 'segment'],
        ['__proto__', 'x'],
      ]),
      { maxBytes: MAX, tempPath: target(), tooLarge },
    );
    expect(got.fields['timestamp_granularities[]']).toEqual(['word', 'segment']);
    expect(got.fields['__proto__']).toEqual(['x']);
    expect(got.file).toBeUndefined();
  });

  it('refuses a second file part and a field past 64 KiB instead of dropping them', async () => {
    const twoFiles = upload([
      ['file', bytes(10), 'a.wav'],
      ['file', bytes(10), 'b.wav'],
    ]);
    const second = await refusal(receiveMultipart(twoFiles, { maxBytes: MAX, tempPath: target(), tooLarge }));
    expect(second.options.code).toBe('too_many_files');
    const longField = upload([['prompt', 'x'.repeat(64 * 1024 + 1)]]);
    const long = await refusal(receiveMultipart(longField, { maxBytes: MAX, tempPath: target(), tooLarge }));
    expect(long.status).toBe(400);
    expect(long.options.param).toBe('prompt');
  });
});

describe('receiveAudioUpload', () => {
  it('accepts an audio file of exactly the maximum and refuses one byte more', async () => {
    const ok = await receiveAudioUpload(
      upload([
        ['model', 'whisper-1'],
        ['file', bytes(MAX), 'a.wav'],
      ]),
      MAX,
    );
    try {
      expect(ok.file).toMatchObject({ name: 'a.wav', size: MAX });
      expect(ok.fields.model).toEqual(['whisper-1']);
    } finally {
      await ok.cleanup();
    }
    expect(fs.existsSync(ok.file!.path)).toBe(false);
    const err = await refusal(receiveAudioUpload(upload([['file', bytes(MAX + 1), 'a.wav']]), MAX));
    expect(err.status).toBe(413);
    expect(err.options.code).toBe('payload_too_large');
  });
});
