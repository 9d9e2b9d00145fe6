import { isAssetType, TYPICAL_READY_MS } from '@contract/asset';

/**
 * When to ask again about assets that are still preparing (specification, Asset states rule 3: the
 * client re-queries the same asset_id after a short wait). A pure function of the assets' types and
 * ages, shaped like the task policy (task-poll-policy.ts): aim just past the moment the asset is
 * expected to be ready instead of backing off blindly. Decision 093.
 *
 * - A first look 1 s after creation: a deployment faster than usual is noticed at once.
 * - Before the typical preparation time: 70 % of the time left (1-10 s); within 4 s of it, aim
 *   300 ms past it. A video of the usual 5 s is seen ready at about 5.3 s, not at 7 s as with the
 *   1, 2, 4 s backoff this replaces.
 * - Later than typical (a slow source, a busy server): half of the time overdue, 1-10 s, so an
 *   asset stuck for minutes costs a request per 10 s.
 * - Several assets preparing (a list): the soonest of their delays.
 */

/** An asset whose type the server has not told yet. */
export const UNKNOWN_TYPE_READY_MS = 3_000;
export const FIRST_LOOK_MS = 1_000;
export const MIN_DELAY_MS = 1_000;
export const MAX_DELAY_MS = 10_000;
export const REMAINING_FACTOR = 0.7;
export const CLOSE_TO_END_MS = 4_000;
export const AIM_PAST_END_MS = 300;
export const OVERDUE_FACTOR = 0.5;

export interface PreparingAssetAge {
  type?: string;
  /** ms since the asset was created, on the poller's clock (see `assetAgeMs`). */
  ageMs: number;
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}

/** The delay before the next look at one preparing asset, in ms. */
export function assetPollDelay({ type, ageMs }: PreparingAssetAge): number {
  const age = Math.max(0, ageMs);
  const expected = (isAssetType(type) && TYPICAL_READY_MS[type]) || UNKNOWN_TYPE_READY_MS;
  const remaining = expected - age;
  let delay: number;
  if (remaining > CLOSE_TO_END_MS) delay = clamp(remaining * REMAINING_FACTOR, MIN_DELAY_MS, MAX_DELAY_MS);
  else if (remaining > 0) delay = remaining + AIM_PAST_END_MS;
  else delay = clamp(-remaining * OVERDUE_FACTOR, MIN_DELAY_MS, MAX_DELAY_MS);
  if (age < FIRST_LOOK_MS) delay = Math.min(delay, FIRST_LOOK_MS - age);
  // React Query asks again on every state change of the query: never a burst of requests.
  return Math.round(Math.max(delay, AIM_PAST_END_MS));
}

/** The next look at a set of preparing assets: the soonest any of them needs; `false` for none. */
export function readinessPollDelay(assets: readonly PreparingAssetAge[]): number | false {
  if (assets.length === 0) return false;
  return Math.min(...assets.map(assetPollDelay));
}

/**
 * An asset's creation on the poller's clock: when it was first seen, less the age its own
 * timestamps gave it then (updated_at - created_at, by the server's clock). The browser's clock
 * may be minutes off the server's; reading the server's span instead keeps a skewed clock from
 * making a new asset look long overdue (and polled every 10 s).
 */
export function createdOnOurClock(
  asset: { created_at?: unknown; updated_at?: unknown },
  firstSeen: number,
): number {
  const { created_at: created, updated_at: updated } = asset;
  const span =
    typeof created === 'number' && typeof updated === 'number' && created > 0 && updated >= created
      ? (updated - created) * 1000
      : 0;
  return firstSeen - span;
}
