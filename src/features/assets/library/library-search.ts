import { ASSET_STATUSES, ASSET_TYPES } from '@contract/asset-values';
import { DEFAULT_GROUP_ID, PAGE_SIZE } from '@contract/list';

/*
 * No React here: the early script (src/early.ts, decision 245) builds the first list request from
 * these very functions, before any library has loaded. The hook is in use-library-search.ts.
 */

export const PAGE_SIZES = [20, 50, 100] as const;
export const LIBRARY_VIEWS = ['grid', 'table'] as const;
/** `pages`: one server page at a time; `scroll`: the whole group as one virtual list (decision 020). */
export const LIBRARY_PAGING = ['pages', 'scroll'] as const;

export type LibraryView = (typeof LIBRARY_VIEWS)[number];
export type LibraryPaging = (typeof LIBRARY_PAGING)[number];

/** Everything that decides what the library shows. It lives in the URL so that a view can be shared. */
export interface LibrarySearch {
  group: string;
  type: string;
  status: string;
  domain: string;
  page: number;
  pageSize: number;
  view: LibraryView;
  paging: LibraryPaging;
}

export const LIBRARY_DEFAULTS: LibrarySearch = {
  group: DEFAULT_GROUP_ID,
  type: '',
  status: '',
  domain: '',
  page: 1,
  pageSize: PAGE_SIZE.default,
  view: 'grid',
  paging: 'pages',
};

/** URL parameter of each field: the API's own names where there is one, so URLs read like requests. */
const PARAM: Record<keyof LibrarySearch, string> = {
  group: 'group_id',
  type: 'type',
  status: 'status',
  domain: 'domain',
  page: 'page',
  pageSize: 'page_size',
  view: 'view',
  paging: 'paging',
};

function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

function positiveInt(value: string | null, fallback: number): number {
  const n = value === null ? NaN : Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

/** Reads the library state from search params; anything hand-edited into nonsense falls back. */
export function parseLibrarySearch(params: URLSearchParams): LibrarySearch {
  const group = params.get(PARAM.group)?.trim();
  const domain = params.get(PARAM.domain)?.trim();
  return {
    group: group || DEFAULT_GROUP_ID,
    type: oneOf(params.get(PARAM.type), ['', ...ASSET_TYPES], ''),
    status: oneOf(params.get(PARAM.status), ['', ...ASSET_STATUSES], ''),
    domain: domain ?? '',
    page: positiveInt(params.get(PARAM.page), 1),
    pageSize: Number(oneOf(params.get(PARAM.pageSize), PAGE_SIZES.map(String), String(PAGE_SIZE.default))),
    view: oneOf(params.get(PARAM.view), LIBRARY_VIEWS, 'grid'),
    paging: oneOf(params.get(PARAM.paging), LIBRARY_PAGING, 'pages'),
  };
}

/** Fields whose change makes the current page number meaningless. */
const RESETS_PAGE: ReadonlyArray<keyof LibrarySearch> = [
  'group',
  'type',
  'status',
  'domain',
  'pageSize',
  'paging',
];

/**
 * New search params for a change. Defaults are left out so that URLs stay short; params this
 * module does not own (an open dialog, say) are kept.
 */
export function withLibrarySearch(params: URLSearchParams, patch: Partial<LibrarySearch>): URLSearchParams {
  const next = new URLSearchParams(params);
  const merged: LibrarySearch = { ...parseLibrarySearch(params), ...patch };
  if (RESETS_PAGE.some((k) => k in patch) && !('page' in patch)) merged.page = 1;
  for (const key of Object.keys(PARAM) as Array<keyof LibrarySearch>) {
    const value = merged[key];
    if (value === LIBRARY_DEFAULTS[key] || value === '') next.delete(PARAM[key]);
    else next.set(PARAM[key], String(value));
  }
  return next;
}
