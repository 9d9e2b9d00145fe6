import type { AppContext } from '../../../context';
import { ApiError, badRequest } from '../../../errors';
import { getAssetForOwner } from '../../../store/assets';
import { assetNotReady } from '../../assets/asset-readiness';
import { checkCallbackUrl } from '../callback-destination';
import type { CreatingRequest } from '../creating-request';
import type { BodyOf, Prepared } from '../prepared-task';
import type { ResourceParams } from './resource-task';
import { assetIdOf, checkMediaUrlField } from '../inputs/task-assets';
import { boundedRunMs } from '../runner/timing';

const RESOURCE_SOURCE = {
  param: 'source_url',
  type: 'image',
  purpose: 'digital_human_avatar',
  role: 'the source',
} as const;

/**
 * The source of a resource task: an asset of the key (any purpose; an image or a video, ready) by
 * id or `Asset://`, or a URL checked like every media URL (the URL guard refuses a private
 * destination now, and the fetch goes through it again when the task runs).
 */
function resourceSource(ctx: AppContext, req: CreatingRequest, value: string): string {
  const id = assetIdOf(value);
  if (id) {
    const asset = getAssetForOwner(ctx.db, req.owner, id);
    if (!asset) {
      throw new ApiError(
        400,
        `source_url: asset ${id} was not found. Use an asset_id of this API key (GET /v1/assets lists them), or a public URL.`,
        { code: 'asset_not_found', param: 'source_url' },
      );
    }
    if (asset.type !== 'image' && asset.type !== 'video') {
      throw badRequest(
        `source_url: asset ${id} is of type ${asset.type}; a thumbnail needs an image or a video asset.`,
        'source_url',
        'asset_type_mismatch',
      );
    }
    const notReady = assetNotReady(asset, 'source_url');
    if (notReady) throw notReady;
    return `Asset://${id}`;
  }
  checkMediaUrlField(ctx, req.owner, req.origin, value, RESOURCE_SOURCE);
  return value;
}

export function resource(ctx: AppContext, req: CreatingRequest, body: BodyOf<'resource'>): Prepared {
  checkCallbackUrl(ctx, req, body.callback_url);
  const sourceUrl = body.source_url.trim();
  const params: ResourceParams = {
    source_url: sourceUrl,
    source: resourceSource(ctx, req, sourceUrl),
    operation: 'thumbnail',
    width: body.width ?? 320,
  };
  return {
    kind: 'resource',
    model: body.model,
    body,
    params,
    tokens: 0,
    callbackUrl: body.callback_url,
    runMs: boundedRunMs(6000),
  };
}
