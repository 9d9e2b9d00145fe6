import type { Context } from 'hono';
import { type ListEnvelope, PAGE_SIZE } from '@contract/list';
import { PaginationQuerySchema } from '@contract/pagination';
import type { AppEnv } from '../context';
import { parseOrThrow } from '../validation';

/**
 * The query string as single values, with empty ones dropped: `?type=&page=` from a form left on
 * "All" means "not given", not "invalid".
 */
export function queryValues(c: Context<AppEnv>): Record<string, string> {
  return Object.fromEntries(Object.entries(c.req.query()).filter(([, v]) => v.trim() !== ''));
}

/** `page` (default 1) and `page_size` (default 20, capped at 100; the cap shows in the answer). */
export function paging(query: Record<string, string>): { page: number; pageSize: number } {
  const { page, page_size } = parseOrThrow(PaginationQuerySchema, {
    page: query.page,
    page_size: query.page_size,
  });
  return { page: page ?? 1, pageSize: page_size ?? PAGE_SIZE.default };
}

/** The list envelope of the specification, before request_id and trace_id are added. */
export function listEnvelope<T>(data: T[], total: number, page: number, pageSize: number): ListEnvelope<T> {
  return { object: 'list' as const, data, count: data.length, total, page, page_size: pageSize };
}
