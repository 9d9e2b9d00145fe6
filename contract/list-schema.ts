import * as z from 'zod/mini';

/**
 * The list envelope of the specification (Resources, Asset list response envelope). `zod/mini`,
 * since the browser parses every list with it; `item` may be any zod schema (mini or full).
 */
export function listEnvelopeSchema<T extends z.core.$ZodType>(item: T) {
  return z.looseObject({
    object: z.catch(z.literal('list'), 'list'),
    data: z.array(item),
    count: z.int().check(z.nonnegative()),
    total: z.int().check(z.nonnegative()),
    page: z.int().check(z.positive()),
    page_size: z.int().check(z.positive()),
    request_id: z.optional(z.string()),
    trace_id: z.optional(z.string()),
  });
}

/**
 * The list envelope of items of type `T`, inferred from the schema above so that the two cannot
 * drift; `contract/list.ts` re-exports it for code that must not load zod.
 */
export type ListEnvelope<T> = z.output<ReturnType<typeof listEnvelopeSchema<z.ZodMiniType<T>>>>;
