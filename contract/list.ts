export const PAGE_SIZE = { default: 20, max: 100 } as const;

/**
 * Every API key has this group; GET /v1/assets without group_id reads it (LOCAL_API.md). Here, with
 * the list's other constants and no schema library, for the dashboard's early script (decision 245).
 */
export const DEFAULT_GROUP_ID = 'grp_default';

/** An item of a list that the dashboard could not read: kept in its place, with its raw JSON. */
export interface UnreadableItem {
  /** Position on its page, from 0. */
  index: number;
  raw: string;
  reason: string;
}

/**
 * The list envelope of the specification (Resources, Asset list response envelope). `page_size`
 * is optional: only some deployments echo it, and paging must work from `count` and `total`.
 */
export interface ListEnvelope<T> {
  object: string;
  data: T[];
  count: number;
  total: number;
  page: number;
  page_size?: number;
  /** Set by the dashboard when the answer had no `total`: counted from what came back (listAnswer). */
  total_derived?: boolean;
  request_id?: string;
  trace_id?: string;
}

const isCount = (n: unknown, min: number) => typeof n === 'number' && Number.isInteger(n) && n >= min;

/**
 * Whether a value has the list envelope's shape, without a schema library: the dashboard's shell
 * uses it to tell "this is the API" from "something else answered" before any page loads. Only a
 * `data` array is required (the dashboard derives `count`, `total` and `page` when absent); those
 * present must be counts.
 */
export function isListEnvelope(value: unknown): value is Pick<ListEnvelope<unknown>, 'data'> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  if (v.object !== undefined && v.object !== 'list') return false;
  const countOrAbsent = (n: unknown, min: number) => n === undefined || isCount(n, min);
  return (
    Array.isArray(v.data) &&
    countOrAbsent(v.count, 0) &&
    countOrAbsent(v.total, 0) &&
    countOrAbsent(v.page, 1)
  );
}

/** What paging reads of a list page: the specification's counts, and `page_size` when echoed. */
export type PageAnswer = Pick<ListEnvelope<unknown>, 'count' | 'total' | 'page' | 'page_size'>;

/**
 * How many items a page of this list holds, by what the server answered rather than what was
 * asked: a deployment may cap pages below the requested size, or not echo `page_size` at all.
 * The answered `page_size` when present; otherwise `count`, unless the page is visibly the last
 * one at the requested size (or full), in which case the requested size stands.
 *
 * A short page after the first says nothing certain on its own: 20 items on page 3 of 120 are
 * the last page of a server that caps at 50, or a full page of one that caps at 20. Page 1 of the
 * same list (same filters, same requested size) tells them apart whenever the list has a second
 * page, so callers that have it pass it as `firstPage`.
 */
export function answeredPageSize(list: PageAnswer, requested: number, firstPage?: PageAnswer): number {
  const echoed = echoedPageSize(list);
  if (echoed !== undefined) return echoed;
  if (firstPage && firstPage.page === 1 && list.page > 1) {
    // Page 1 is full unless it is the only page: then its count is the server's page size.
    if (echoedPageSize(firstPage) !== undefined || firstPage.count < firstPage.total) {
      return answeredPageSize(firstPage, requested);
    }
  }
  if (list.count >= requested || list.count === 0) return requested;
  // A short page that ends the list exactly where the requested size says it should: the last page.
  if ((list.page - 1) * requested + list.count === list.total) return requested;
  return list.count;
}

function echoedPageSize(list: PageAnswer): number | undefined {
  const size = list.page_size;
  return typeof size === 'number' && Number.isInteger(size) && size >= 1 ? size : undefined;
}

/** Whether `answeredPageSize` needs page 1 to read this page right: a short page after the first, without `page_size`. */
export function needsFirstPage(list: PageAnswer, requested: number): boolean {
  return echoedPageSize(list) === undefined && list.page > 1 && list.count > 0 && list.count < requested;
}
