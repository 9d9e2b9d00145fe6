import { assetReference, isGenerationReady } from '@contract/asset';
import type { Asset } from '@/api/assets';
import type { ReferenceDraft } from '@/lib/video-draft/draft';
import { assetType } from '../library-picker/asset-availability';

/** What a reference takes from a library asset, picked or looked up by id: the same either way. */
export function pickedAssetFields(asset: Asset): Partial<ReferenceDraft> {
  const type = assetType(asset);
  return {
    url: assetReference(asset.id),
    mediaType: type === 'video' || type === 'audio' ? type : 'image',
    asset: {
      id: asset.id,
      name: asset.name || undefined,
      type,
      model: asset.model || undefined,
      previewUrl: asset.url || asset.oss_url || asset.source_url || undefined,
      groupId: asset.group_id || undefined,
      ready: isGenerationReady(asset),
    },
  };
}
