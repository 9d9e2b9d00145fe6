import { describe, expect, it } from 'vitest';
import {
  isGenerationReady,
  isReviewFailed,
  READINESS_CONDITIONS,
  READY_VALUES,
  readinessFailures,
} from './asset';

describe('READY_VALUES (Asset states rule 1)', () => {
  it('names one expected value for each of the five conditions, and together they are ready', () => {
    expect(Object.keys(READY_VALUES).sort()).toEqual([...READINESS_CONDITIONS].sort());
    expect(isGenerationReady(READY_VALUES)).toBe(true);
  });

  it('each condition fails alone when its field differs from the expected value', () => {
    for (const condition of READINESS_CONDITIONS) {
      expect(readinessFailures({ ...READY_VALUES, [condition]: 'other' })).toEqual([condition]);
    }
    // Strict: the text "true" is not the boolean the specification asks for.
    expect(readinessFailures({ ...READY_VALUES, generation_ready: 'true' })).toEqual(['generation_ready']);
  });
});

describe('isReviewFailed', () => {
  it('is true for a failed review and for a finished review that did not pass', () => {
    expect(isReviewFailed({ review_status: 'failed' })).toBe(true);
    expect(isReviewFailed({ review_status: 'failed', review_passed: true })).toBe(true);
    expect(isReviewFailed({ review_status: 'succeeded', review_passed: false })).toBe(true);
  });

  it('is false while the review runs, when it passed, or when nothing is known', () => {
    expect(isReviewFailed({ review_status: 'pending', review_passed: false })).toBe(false);
    expect(isReviewFailed({ review_status: 'succeeded', review_passed: true })).toBe(false);
    expect(isReviewFailed({ review_status: 'unknown' })).toBe(false);
    expect(isReviewFailed({})).toBe(false);
    // Rule 2: a passed review says nothing about preparation.
    expect(
      isReviewFailed({ review_status: 'succeeded', review_passed: true, status: 'failed' } as never),
    ).toBe(false);
  });
});
