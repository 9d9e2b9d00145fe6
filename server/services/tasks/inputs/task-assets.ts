import { parseAssetReference } from '@contract/asset';
import { isAcceptedMediaUrl } from '@contract/video-rules';
import type { AppContext } from '../../../context';
import { ApiError, badRequest } from '../../../errors';
import { type AssetRow, getAssetForOwner } from '../../../store/assets';
import { assetNotReady } from '../../assets/asset-readiness';
import { assertUrlFormAllowed } from '../../outbound/url-guard';
import { existingStoredFile } from '../../assets/asset-files';
import { filesRelPath } from './input-sources';
import { quoted } from '@contract/quoted';

/** What a digital-human field needs of the asset it names. */
export interface AssetNeed {
  param: string;
  type: 'image' | 'audio';
  purpose: 'digital_human_avatar' | 'digital_human_voice';
  /** What the asset is for, in words ("the avatar", "the speech audio"). */
  role: string;
}

const ASSET_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** `asset_x` or `Asset://asset_x` → `asset_x`; anything else (a URL, a path) is undefined. */
export function assetIdOf(value: string): string | undefined {
  const text = value.trim();
  return parseAssetReference(text) ?? (ASSET_ID.test(text) ? text : undefined);
}

const article = (type: string) => (type === 'image' ? 'an image' : `a ${type}`);

/**
 * Checks an asset a digital-human field names and returns it (decision 065): it must be the
 * caller's (another key's answers exactly like a missing one), of the right type, registered with
 * any purpose (the field's purpose is only a suggestion), and generation-ready by the specification's five conditions. Unlike the
 * video line, the asset's `model` is not checked: digital-human assets are not prepared per model.
 */
export function checkTaskAsset(ctx: AppContext, owner: string, assetId: string, need: AssetNeed): AssetRow {
  const { param } = need;
  const asset = getAssetForOwner(ctx.db, owner, assetId);
  if (!asset) {
    throw new ApiError(
      400,
      `${param}: asset ${assetId} was not found. Use an asset_id of this API key (GET /v1/assets lists them), or upload ${need.role} with POST /v1/assets/uploads and purpose=${need.purpose}.`,
      { code: 'asset_not_found', param },
    );
  }
  if (asset.type !== need.type) {
    throw badRequest(
      `${param}: asset ${assetId} is ${article(asset.type)}, but ${need.role} must be ${article(need.type)}. Use ${article(need.type)} asset registered with purpose=${need.purpose}.`,
      param,
      'asset_type_mismatch',
    );
  }
  // `purpose` is "intended use, e.g.": any purpose, or none, is accepted (issue 44).
  const notReady = assetNotReady(asset, param);
  if (notReady) throw notReady;
  return asset;
}

/**
 * A media URL field that may also be an `Asset://` reference (`audio_url`): a reference is checked
 * like an asset field (and its asset returned); a `/files/...` URL of this server must exist; otherwise an http(s) URL,
 * which is fetched when the task runs (an unreachable one fails the task, as on the service).
 */
export function checkMediaUrlField(
  ctx: AppContext,
  owner: string,
  origin: string,
  url: string,
  need: AssetNeed,
): AssetRow | undefined {
  const assetId = parseAssetReference(url);
  if (assetId) return checkTaskAsset(ctx, owner, assetId, need);
  if (!isAcceptedMediaUrl(url)) {
    if (/^asset_[A-Za-z0-9_-]+$/.test(url.trim())) {
      throw badRequest(
        `${need.param} takes a URL: write the asset as Asset://${url.trim()} (${article(need.type)} asset registered with purpose=${need.purpose}).`,
        need.param,
      );
    }
    throw badRequest(
      `${need.param} must be an http(s) URL, an Asset://<asset_id> reference or a /files/... URL of this server, got ${quoted(url)}.`,
      need.param,
    );
  }
  const rel = filesRelPath(url, origin);
  if ((url.trim().startsWith('/files/') || rel) && (!rel || !existingStoredFile(ctx, rel))) {
    throw badRequest(
      `${need.param}: no stored file at ${url.slice(0, 200)} on this server. Use the url of an asset (GET /v1/assets), a public URL or Asset://<asset_id>.`,
      need.param,
      'file_not_found',
    );
  }
  // Fetched later: a destination the URL guard refuses by its form is refused now (issue 35).
  if (!rel) assertUrlFormAllowed(ctx.config, url, need.param, ctx.urlGuard);
  return undefined;
}
