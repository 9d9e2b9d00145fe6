import { assetReference, isGenerationReady } from '@contract/asset';
import { assetModelMemory } from '@/api/asset-models';
import type { Asset } from '@/api/assets';
import type { ReferenceDraft } from '@/lib/video-draft/draft';
import { assetModelKnowledge, assetSourceUrl, assetType } from './asset-availability';

/** What a reference takes from a library asset, picked or looked up by id: the same either way. */
export function pickedAssetFields(asset: Asset): Partial<ReferenceDraft> {
  const type = assetType(asset);
  const known = assetModelKnowledge(asset, assetModelMemory().modelOf(asset.id));
  return {
    url: assetReference(asset.id),
    mediaType: type === 'video' || type === 'audio' ? type : 'image',
    asset: {
      id: asset.id,
      name: asset.name || undefined,
      type,
      model: known.source === 'unknown' ? undefined : known.model,
      modelSource: known.source === 'unknown' ? undefined : known.source,
      sourceUrl: assetSourceUrl(asset),
      previewUrl: asset.url || asset.oss_url || asset.source_url || undefined,
      groupId: asset.group_id || undefined,
      ready: isGenerationReady(asset),
    },
  };
}
