import { z } from 'zod';

export const PAGE_SIZE = { default: 20, max: 100 } as const;

/** The list envelope of the specification (Resources, Asset list response envelope). */
export function listEnvelopeSchema<T extends z.ZodType>(item: T) {
  return z.looseObject({
    object: z.literal('list').catch('list'),
    data: z.array(item),
    count: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    page_size: z.number().int().positive(),
    request_id: z.string().optional(),
    trace_id: z.string().optional(),
  });
}

export interface ListEnvelope<T> {
  object: 'list';
  data: T[];
  count: number;
  total: number;
  page: number;
  page_size: number;
  request_id?: string;
  trace_id?: string;
}

const PAGE_MESSAGE = 'page must be a whole number of 1 or more';
const PAGE_SIZE_MESSAGE = `page_size must be a whole number from 1 to ${PAGE_SIZE.max}`;

/**
 * `page` and `page_size` from a query string: positive whole numbers written in digits; `page_size`
 * above the maximum (however large) is capped (LOCAL_API.md), anything non-numeric or below 1 is an
 * error the caller reports. A `page` beyond the safe integer range is an error too.
 */
export const PaginationQuerySchema = z.object({
  page: z
    .string({ error: PAGE_MESSAGE })
    .trim()
    .regex(/^\d+$/, PAGE_MESSAGE)
    .transform(Number)
    .refine((n) => n >= 1, PAGE_MESSAGE)
    .refine((n) => Number.isSafeInteger(n), `page must be at most ${Number.MAX_SAFE_INTEGER}`)
    .optional(),
  page_size: z
    .string({ error: PAGE_SIZE_MESSAGE })
    .trim()
    .regex(/^\d+$/, PAGE_SIZE_MESSAGE)
    .transform(Number)
    .refine((n) => n >= 1, PAGE_SIZE_MESSAGE)
    .transform((n) => Math.min(n, PAGE_SIZE.max))
    .optional(),
});
