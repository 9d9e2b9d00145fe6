/** Cosine similarity of two vectors of equal length; 0 when either is all zeros. */
export function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

export function similarityMatrix(vectors: readonly (readonly number[])[]): number[][] {
  return vectors.map((a, i) => vectors.map((b, j) => (i === j ? 1 : cosine(a, b))));
}

/** Embeddings arrive as float arrays or, with encoding_format "base64", as little-endian float32. */
export function decodeEmbedding(value: unknown): number[] {
  if (Array.isArray(value)) return value.map(Number);
  if (typeof value !== 'string') return [];
  const bytes = Uint8Array.from(atob(value), (c) => c.charCodeAt(0));
  return Array.from(new Float32Array(bytes.buffer, 0, Math.floor(bytes.length / 4)));
}
