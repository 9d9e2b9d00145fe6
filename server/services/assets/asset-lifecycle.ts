import { isAssetType, TYPICAL_READY_MS } from '@contract/asset';
import type { AssetPatch, AssetRow } from '../../store/assets';
import { parseDoubleFault, type DoubleAssetFault } from '../double/outcomes';

/**
 * The readiness lifecycle of LOCAL_API.md as pure functions over rows; the worker applies them.
 *
 *   created ──(≈1 s)──▶ syncing ──(until ≈3 s image, 5 s video, 2 s audio/file after creation)──▶ ready
 *                                   └── or failed (unreachable, unreadable, or as the double asks)
 *
 * Times are measured from creation and divided by EMULATOR_SPEED, and multiplied by the row's pace
 * (ten with the `slow` marker). Deadlines are absolute (`next_transition_at`), so a restart simply
 * finds them due. The outcomes the local double asks for (its switch, or the `reject` and
 * `review-fail` markers of the source name) come through double/outcomes.ts (decision 400).
 */
const SYNCING_AFTER_MS = 1_000;

export type Scale = (ms: number) => number;

/** Every file is probed (images too, issue 35); stored copies must be downloaded: the real work of syncing. */
export function needsWork(_type: string, _origin: 'url' | 'upload', _mode: string): boolean {
  return true;
}

export function initialState(
  now: number,
  scaled: Scale,
  init: { type: string; pace: number; work: boolean },
): Pick<
  AssetRow,
  | 'status'
  | 'sync_status'
  | 'preparation_status'
  | 'review_status'
  | 'review_passed'
  | 'generation_ready'
  | 'stage'
  | 'work_state'
  | 'next_transition_at'
> {
  return {
    status: 'created',
    sync_status: 'created',
    preparation_status: 'created',
    review_status: 'pending',
    review_passed: 0,
    generation_ready: 0,
    stage: 'created',
    work_state: init.work ? 'pending' : 'none',
    next_transition_at: now + Math.round(scaled(SYNCING_AFTER_MS * init.pace)),
  };
}

export function syncingPatch(row: AssetRow, scaled: Scale): AssetPatch {
  return {
    status: 'syncing',
    sync_status: 'syncing',
    preparation_status: 'syncing',
    stage: 'syncing',
    next_transition_at:
      row.created_ms +
      Math.round(
        scaled((isAssetType(row.type) ? TYPICAL_READY_MS[row.type] : TYPICAL_READY_MS.file) * row.pace),
      ),
  };
}

export const REJECT_SYNC_ERROR =
  'Preparation was refused by the content policy: the media was flagged as not usable for generation ' +
  '(for example copyrighted or unsafe material). Review passed, but this asset can never become ready: ' +
  'replace it with other media and register that as a new asset.';

export const REVIEW_FAIL_SYNC_ERROR =
  'Review failed: the media did not pass the usability review, so it was not prepared for generation. ' +
  'Replace it with other media and register that as a new asset.';

/** The end of syncing: ready, or the end the local double asked for. */
export function finalPatch(row: AssetRow): AssetPatch {
  const asked = row.fault ? parseDoubleFault(row.fault) : undefined;
  return asked ? askedPatch(asked) : READY_STATE;
}

const DISABLED_SYNC_ERROR =
  'This asset was disabled by the service and cannot be used in generation requests. Register the media again as a new asset, or ask the service why it was disabled.';

/** The ends the local double's switch can ask for (decision 290), each a state the specification lists. */
function askedPatch({ outcome, syncError }: DoubleAssetFault): AssetPatch {
  const end = { stage: 'failed' as const, next_transition_at: null };
  const failed = {
    status: 'failed',
    sync_status: 'failed',
    preparation_status: 'failed',
    generation_ready: 0,
  } as const;
  switch (outcome) {
    case 'failed':
      return {
        ...end,
        ...failed,
        review_status: 'unknown',
        review_passed: 0,
        sync_error: syncError ?? REJECT_SYNC_ERROR,
      };
    case 'prep-failed':
      // Asset states rule 2: review passed, and yet preparation failed.
      return {
        ...end,
        ...failed,
        review_status: 'succeeded',
        review_passed: 1,
        sync_error: syncError ?? REJECT_SYNC_ERROR,
      };
    case 'review-failed':
      return {
        ...end,
        ...failed,
        review_status: 'failed',
        review_passed: 0,
        sync_error: syncError ?? REVIEW_FAIL_SYNC_ERROR,
      };
    case 'review-unknown':
      // Everything prepared, but the review has no result: not safe to use (rule 1).
      return {
        ...READY_STATE,
        review_status: 'unknown',
        review_passed: 0,
        generation_ready: 0,
        stage: 'failed',
      };
    case 'disabled':
      return {
        ...end,
        status: 'disabled',
        sync_status: 'ready',
        preparation_status: 'disabled',
        review_status: 'succeeded',
        review_passed: 1,
        generation_ready: 0,
        sync_error: syncError ?? DISABLED_SYNC_ERROR,
      };
  }
}

/** The state columns of a prepared asset: all five readiness fields of the specification hold. */
export const READY_STATE = {
  status: 'ready',
  sync_status: 'ready',
  preparation_status: 'ready',
  review_status: 'succeeded',
  review_passed: 1,
  generation_ready: 1,
  sync_error: null,
  stage: 'ready',
  next_transition_at: null,
} as const satisfies AssetPatch;

/**
 * A technical failure (unreachable source, unreadable media): nothing was reviewed, so the review
 * result is `unknown`; `sync_error` says what happened and what to do.
 */
export function technicalFailure(syncError: string): AssetPatch {
  return {
    status: 'failed',
    sync_status: 'failed',
    preparation_status: 'failed',
    review_status: 'unknown',
    review_passed: 0,
    generation_ready: 0,
    sync_error: syncError,
    stage: 'failed',
    work_state: 'done',
    next_transition_at: null,
  };
}
