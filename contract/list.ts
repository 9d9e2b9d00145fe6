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

/**
 * `page` and `page_size` from a query string: positive integers; `page_size` above the maximum is
 * capped (LOCAL_API.md), anything non-numeric or below 1 is an error the caller reports.
 */
export const PaginationQuerySchema = z.object({
  page: z
    .string()
    .regex(/^\d+$/, 'page must be a whole number of 1 or more')
    .transform(Number)
    .pipe(z.number().int().min(1, 'page must be a whole number of 1 or more'))
    .optional(),
  page_size: z
    .string()
    .regex(/^\d+$/, 'page_size must be a whole number from 1 to 100')
    .transform(Number)
    .pipe(z.number().int().min(1, 'page_size must be a whole number from 1 to 100'))
    .transform((n) => Math.min(n, PAGE_SIZE.max))
    .optional(),
});
