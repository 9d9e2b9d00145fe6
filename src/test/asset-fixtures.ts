/**
 * The five fields that make an asset usable for generation (the specification's readiness rule,
 * `isGenerationReady` in contract/asset.ts), for tests that need a ready asset of any kind.
 */
export const READY_ASSET_FIELDS = {
  status: 'ready',
  preparation_status: 'ready',
  generation_ready: true,
  review_status: 'succeeded',
  review_passed: true,
} as const;
