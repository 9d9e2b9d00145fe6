import { type ListEnvelope, PAGE_SIZE } from '@contract/list';

/**
 * `page` (default 1) and `page_size` (default 20, capped at 100 by the schema; the cap shows in the
 * answer), from a query judged by validQuery with PaginationQuerySchema's fields.
 */
export function paging(query: { page?: number; page_size?: number }): { page: number; pageSize: number } {
  return { page: query.page ?? 1, pageSize: query.page_size ?? PAGE_SIZE.default };
}

/** The list envelope of the specification, before request_id and trace_id are added. */
export function listEnvelope<T>(data: T[], total: number, page: number, pageSize: number): ListEnvelope<T> {
  return { object: 'list' as const, data, count: data.length, total, page, page_size: pageSize };
}
