import type { Asset, RegisterAssetInput, UploadAssetFieldsInput } from '@/api/assets';

/** Why an asset cannot be copied at all: nothing to register again or to read. */
export type NotCopyable = 'noUrl';

/**
 * How one asset is copied: registered again by its public URL; or, for an upload (its only URL the
 * service-hosted test copy), its bytes read by this browser and uploaded again into the target
 * group; or not at all, with the reason, shown before anything is sent.
 */
export type CopyPlan =
  | { asset: Asset; input: RegisterAssetInput }
  | { asset: Asset; reupload: { url: string; fileName: string; fields: UploadAssetFieldsInput } }
  | { asset: Asset; reason: NotCopyable };

/**
 * The URL an asset can be registered again by. The specification has no move and no copy: a group
 * is set when an asset is registered (POST /v1/assets/uploads), so a "copy" registers the same
 * public URL again in the target group. `oss_url`, and a `url` equal to it, is a service-hosted
 * test URL "not guaranteed to stay valid": registering it would make an asset that may break later,
 * so an upload whose only URL is that one is named as not copyable instead.
 */
export function copyableUrl(asset: Asset): string | 'serviceHostedOnly' | NotCopyable {
  const hosted = asset.oss_url?.trim() || undefined;
  for (const candidate of [asset.source_url, asset.url]) {
    const url = candidate?.trim();
    if (url && url !== hosted && /^https?:\/\//i.test(url)) return url;
  }
  return hosted ? 'serviceHostedOnly' : 'noUrl';
}

/**
 * One registration per asset: its URL, the model it was prepared for (readiness is per model, the
 * specification's rule 1, so the copy is prepared for the same one), its type, purpose, role and name.
 */
export function planCopies(assets: readonly Asset[], groupId: string): CopyPlan[] {
  return assets.map((asset) => {
    const url = copyableUrl(asset);
    if (url === 'noUrl') return { asset, reason: url };
    if (url === 'serviceHostedOnly') {
      // Uploads are the common case: the hosted copy is readable now, so its bytes travel again.
      const hosted = asset.oss_url!.trim();
      return {
        asset,
        reupload: {
          url: hosted,
          fileName: fileNameOf(asset, hosted),
          fields: {
            group_id: groupId,
            model: asset.model,
            type: asset.type ?? asset.asset_type,
            purpose: asset.purpose,
            role: asset.role,
            name: asset.name,
          },
        },
      };
    }
    return {
      asset,
      input: {
        url,
        group_id: groupId,
        model: asset.model,
        // A video-line asset is registered with mode=asset (rule 1): a reference, no hosted copy.
        mode: 'asset',
        type: asset.type ?? asset.asset_type,
        purpose: asset.purpose,
        role: asset.role,
        name: asset.name,
      },
    };
  });
}

/** A file name for the upload: the URL's last segment when it has one, else the asset's name or id. */
function fileNameOf(asset: Asset, url: string): string {
  let last = '';
  try {
    last = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  } catch {
    last = '';
  }
  return last || asset.name || asset.id;
}
