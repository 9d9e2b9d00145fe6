import { describe, expect, it } from 'vitest';
import { cosine, decodeEmbedding, similarityMatrix } from '@/features/playground/embeddings/cosine';

describe('cosine similarity', () => {
  it('is 1 for equal directions, 0 for orthogonal and for zero vectors', () => {
    expect(cosine([1, 2], [2, 4])).toBeCloseTo(1);
    expect(cosine([1, 0], [0, 1])).toBe(0);
    expect(cosine([0, 0], [1, 1])).toBe(0);
    expect(
      similarityMatrix([
        [1, 0],
        [0, 1],
      ]),
    ).toEqual([
      [1, 0],
      [0, 1],
    ]);
  });

  it('decodes base64 little-endian float32 embeddings', () => {
    const floats = new Float32Array([0.5, -1, 2]);
    const b64 = btoa(String.fromCharCode(...new Uint8Array(floats.buffer)));
    expect(decodeEmbedding(b64)).toEqual([0.5, -1, 2]);
    expect(decodeEmbedding([1, 2])).toEqual([1, 2]);
  });
});
