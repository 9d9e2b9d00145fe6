import { DEFAULT_GROUP_ID } from '@contract/list';

/*
 * The asset list's request, without the query library or the parser: the early script
 * (src/early.ts, decision 245) asks for the library's first list with the very URL assetQueries.list
 * builds from this, so that the app can take that answer over instead of asking again.
 */

export const ASSET_LIST_PATH = '/v1/assets';

export interface AssetListParams {
  /** The connection's base URL ('' = same origin): two deployments never share cached lists. */
  baseUrl?: string;
  /** Resolved group id; the default group is `DEFAULT_GROUP_ID`, never undefined, so keys match. */
  group: string;
  type?: string;
  status?: string;
  domain?: string;
  page: number;
  pageSize: number;
}

/**
 * Specification, GET /v1/assets: "when omitted the default group is queried". Omitting it for the
 * default group keeps the dashboard working against deployments whose default group has another id.
 */
export function groupQuery(group: string | undefined): string | undefined {
  return group && group !== DEFAULT_GROUP_ID ? group : undefined;
}

/** The query string of GET /v1/assets for a list. */
export function assetListQuery(p: AssetListParams) {
  return {
    group_id: groupQuery(p.group),
    type: p.type || undefined,
    status: p.status || undefined,
    domain: p.domain || undefined,
    page: p.page,
    page_size: p.pageSize,
  };
}
