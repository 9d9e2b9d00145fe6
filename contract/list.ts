import type { ListEnvelope } from './list-schema';

// A type-only import, erased at build: the shell's zod-free check below still loads no zod.
export type { ListEnvelope };

export const PAGE_SIZE = { default: 20, max: 100 } as const;

/**
 * Whether a value has the list envelope's shape, without a schema library: the dashboard's shell
 * uses it to tell "this is the API" from "something else answered" before any page loads.
 */
export function isListEnvelope(value: unknown): value is ListEnvelope<unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  const count = (n: unknown, min: number) => typeof n === 'number' && Number.isInteger(n) && n >= min;
  return (
    Array.isArray(v.data) &&
    count(v.count, 0) &&
    count(v.total, 0) &&
    count(v.page, 1) &&
    count(v.page_size, 1)
  );
}
