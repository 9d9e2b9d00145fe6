import type { EmbeddingsRequest } from '@contract/text-requests';
import { countTokens, hasCjk } from './tokens';

/**
 * Deterministic text embeddings: a signed feature-hashing of the text's words (weight 1), its
 * adjacent word pairs (0.5) and the character trigrams of each word (0.35), normalised to unit
 * length. Equal texts get equal vectors; texts sharing words or word stems are closer (higher
 * cosine) than unrelated ones. No model, no network, the same vector on every machine.
 */
export const DEFAULT_EMBEDDING_DIMENSIONS = 1536;

/** FNV-1a over UTF-16 code units, with a seed so that index and sign come from independent hashes. */
function fnv1a(text: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  // Final avalanche so that near-identical features land far apart.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  return h >>> 0;
}

function words(text: string): string[] {
  const out: string[] = [];
  for (const w of text
    .normalize('NFKC')
    .toLowerCase()
    .match(/[\p{L}\p{M}\p{N}_']+/gu) ?? []) {
    if (hasCjk(w)) out.push(...w);
    else out.push(w);
  }
  return out;
}

function add(vec: Float64Array, feature: string, weight: number): void {
  const index = fnv1a(feature, 0x9e37) % vec.length;
  const sign = fnv1a(feature, 0x51ed) & 1 ? 1 : -1;
  vec[index]! += sign * weight;
}

export function embed(text: string, dimensions = DEFAULT_EMBEDDING_DIMENSIONS): number[] {
  const vec = new Float64Array(dimensions);
  const ws = words(text);
  ws.forEach((w, i) => {
    add(vec, `w:${w}`, 1);
    if (i > 0) add(vec, `b:${ws[i - 1]} ${w}`, 0.5);
    const padded = `^${w}$`;
    if ([...w].length > 1)
      for (let j = 0; j + 3 <= padded.length; j++) add(vec, `c:${padded.slice(j, j + 3)}`, 0.35);
  });
  // Text without words (only punctuation or spaces) still gets its own direction.
  if (ws.length === 0) add(vec, `r:${text}`, 1);
  let norm = 0;
  for (const x of vec) norm += x * x;
  norm = Math.sqrt(norm) || 1;
  return Array.from(vec, (x) => x / norm);
}

/** The base64 form the hosted API sends: little-endian float32s. */
export function toBase64(vector: readonly number[]): string {
  const bytes = Buffer.alloc(vector.length * 4);
  vector.forEach((x, i) => bytes.writeFloatLE(x, i * 4));
  return bytes.toString('base64');
}

export function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!;
  return dot;
}

/** POST /v1/embeddings: one vector per text, in the encoding asked for. */
export function embeddingsReply(req: EmbeddingsRequest) {
  const dimensions = req.dimensions ?? DEFAULT_EMBEDDING_DIMENSIONS;
  const base64 = req.encoding_format === 'base64';
  const tokens = req.input.reduce((sum, t) => sum + countTokens(t), 0);
  return {
    object: 'list',
    data: req.input.map((text, index) => {
      const vector = embed(text, dimensions);
      return { object: 'embedding', index, embedding: base64 ? toBase64(vector) : vector };
    }),
    model: req.model,
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  };
}
