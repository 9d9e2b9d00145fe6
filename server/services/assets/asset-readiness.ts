import { assetPhase, readinessFailures } from '@contract/asset';
import { type ApiError, badRequest } from '../../errors';
import type { AssetRow } from '../../store/assets';

/**
 * The refusal of a task input naming an asset that is not generation-ready (specification, Asset
 * states rule 1), or undefined when it is ready: its five conditions as they stand, and what to do
 * in its phase (wait and re-query, use another asset, or register it again).
 */
export function assetNotReady(asset: AssetRow, param: string): ApiError | undefined {
  const state = {
    status: asset.status,
    preparation_status: asset.preparation_status,
    sync_status: asset.sync_status,
    generation_ready: asset.generation_ready === 1,
    review_status: asset.review_status,
    review_passed: asset.review_passed === 1,
  };
  if (readinessFailures(state).length === 0) return undefined;
  const described = `status=${state.status}, preparation_status=${state.preparation_status}, generation_ready=${state.generation_ready}, review_status=${state.review_status}, review_passed=${state.review_passed}`;
  const phase = assetPhase(state);
  const advice =
    phase === 'preparing'
      ? `It is still being prepared: re-query GET /v1/assets/${asset.id} after a short wait and create the task once generation_ready is true; do not register it again to wait.`
      : phase === 'disabled'
        ? 'It is disabled: use another asset.'
        : `It cannot be used${asset.sync_error ? ` (sync_error: ${asset.sync_error})` : ''}: replace it, or make its URL publicly reachable and register it again.`;
  return badRequest(
    `${param}: asset ${asset.id} is not ready (${described}). ${advice}`,
    param,
    'asset_not_ready',
  );
}
