import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { assetUploadFormSchema, transcriptionRequestSchema } from './upload-forms';

const refusal = (result: { success: boolean; error?: z.ZodError }) => {
  expect(result.success).toBe(false);
  const issue = result.error!.issues[0]!;
  return {
    path: issue.path.join('.'),
    message: issue.message,
    params: (issue as { params?: unknown }).params,
  };
};
const wav = { name: 'a.wav', size: 3 };

describe('the transcription form', () => {
  const schema = transcriptionRequestSchema<{ name: string; size: number }>('translation');

  it('requires a non-empty file, after the model and the options', () => {
    expect(refusal(schema.safeParse({ file: wav })).message).toBe(
      'model is required for POST /v1/audio/translations: use "transcribe-1".',
    );
    expect(refusal(schema.safeParse({ model: 'transcribe-1', response_format: 'doc' })).path).toBe(
      'response_format',
    );
    for (const file of [undefined, 'a.wav', { name: 'a.wav', size: 0 }]) {
      expect(refusal(schema.safeParse({ model: 'transcribe-1', file }))).toMatchObject({ path: 'file' });
    }
    expect(schema.parse({ model: 'transcribe-1', file: wav }).file.name).toBe('a.wav');
  });

  it('reads timestamp_granularities as a list of word and segment', () => {
    const parse = (timestamp_granularities: unknown) =>
      schema.safeParse({ model: 'transcribe-1', file: wav, timestamp_granularities });
    expect(parse('word').data?.timestamp_granularities).toEqual(['word']);
    expect(parse(['segment', 'word']).data?.timestamp_granularities).toEqual(['segment', 'word']);
    expect(refusal(parse(['word', 'letter']))).toMatchObject({
      path: 'timestamp_granularities.1',
      message: 'timestamp_granularities must be "word", "segment" or both.',
    });
  });
});

describe('the asset upload form', () => {
  const schema = assetUploadFormSchema<{ name: string; size: number; mimeType: string }>();
  const png = { name: 'a.png', size: 10, mimeType: 'image/png' };

  it('judges the file first, telling a missing file from an empty one by code', () => {
    expect(refusal(schema.safeParse({ type: 'x'.repeat(65) }))).toEqual({
      path: 'file',
      message: 'multipart field `file` is required',
      params: { code: 'missing_file' },
    });
    expect(refusal(schema.safeParse({ file: { ...png, size: 0 } }))).toMatchObject({
      path: 'file',
      params: { code: 'empty_file' },
    });
  });

  it('passes the file through with the fields', () => {
    expect(schema.parse({ file: png, type: 'image', name: 'Logo' })).toEqual({
      file: png,
      type: 'image',
      name: 'Logo',
    });
    expect(refusal(schema.safeParse({ file: png, type: 'x'.repeat(65) })).path).toBe('type');
  });
});
