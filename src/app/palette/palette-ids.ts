/*
 * Which typed text the palette offers to open by id. The specification gives asset ids a form
 * (`asset_<token>`) but task ids none (issue 44): a deployment may answer `cgt-20251228…`, a UUID or
 * anything else, so any single token that is not a plain word may be a task id.
 */

const ASSET_ID = /^asset_[A-Za-z0-9_-]+$/;

export function isAssetIdQuery(query: string): boolean {
  return ASSET_ID.test(query);
}

/** One token of four or more characters holding a digit or punctuation: not a page name or a prompt word. */
export function isTaskIdQuery(query: string): boolean {
  if (query.length < 4 || /\s/.test(query) || isAssetIdQuery(query)) return false;
  return /[\d_.:-]/.test(query);
}
