import {
  assetPhase,
  isReviewFailed,
  isReviewUnknownOtherwiseReady,
  READY_VALUES,
  readinessFailures,
  type ReadinessCondition,
} from '@contract/asset';

export type ReadinessLabel =
  'ready' | 'preparing' | 'failed' | 'review_failed' | 'review_unknown' | 'disabled';

type ReadinessInput = {
  status?: unknown;
  sync_status?: unknown;
  preparation_status?: unknown;
  generation_ready?: unknown;
  review_status?: unknown;
  review_passed?: unknown;
};

/**
 * The label a person sees. A failed review gets its own label because its remedy differs from a
 * failed preparation: replace the media rather than fix its URL.
 */
export function readinessLabel(asset: ReadinessInput): ReadinessLabel {
  const phase = assetPhase(asset);
  if (phase === 'failed' && isReviewFailed(asset)) return 'review_failed';
  if (phase === 'preparing' && isReviewUnknownOtherwiseReady(asset)) return 'review_unknown';
  return phase;
}

export interface ReadinessFailure {
  condition: ReadinessCondition;
  actual: string;
  expected: string;
}

/** The failing conditions with the value each field has now, for tooltips and the detail panel. */
export function describeReadinessFailures(asset: ReadinessInput): ReadinessFailure[] {
  return readinessFailures(asset).map((condition) => {
    const value = (asset as Record<string, unknown>)[condition];
    return {
      condition,
      actual: value === undefined || value === null || value === '' ? '—' : String(value),
      expected: String(READY_VALUES[condition]),
    };
  });
}

/** Rule 2 of the specification: review can pass while preparation fails; say so explicitly. */
export function reviewPassedButNotReady(asset: ReadinessInput): boolean {
  return asset.review_status === 'succeeded' && asset.review_passed === true && assetPhase(asset) !== 'ready';
}
