/**
 * A plain JSON object (not null, not an array): the first check before reading fields of a value
 * that came over the wire or out of storage. One definition for the contract, the server and the SPA.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
