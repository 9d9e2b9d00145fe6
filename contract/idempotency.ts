/**
 * What the local server and the dashboard must agree on about `Idempotency-Key` (decision 640):
 * the server keeps an answer under a key by these rules, and a batch row in doubt (decision 670)
 * predicts from the same ones whether its key still holds a task.
 */

/**
 * Answers about the moment or the account, not the request: 401-403, 408, 409, 425, 429 (and every
 * 5xx). The server keeps none of them under the key, so a send after one is a new request.
 */
export const PASSING_STATUSES: ReadonlySet<number> = new Set([401, 402, 403, 408, 409, 425, 429]);

/** A JSON value with every object's keys in order: two bodies that differ only in key order read alike. */
export function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, sortedKeys((value as Record<string, unknown>)[k])]),
  );
}

/** A body as compared between two uses of a key: JSON read alike whatever its spacing or key order. */
export const canonicalJson = (value: unknown): string => JSON.stringify(sortedKeys(value));
