import { z } from 'zod';
import { PAGE_SIZE } from './list';

// Request validation, in full zod: only the server reads query strings with it. Kept apart from
// list.ts so that the browser, which imports list.ts, never pays for full zod.

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
