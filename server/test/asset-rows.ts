import { isAssetType, type AssetType } from '@contract/asset';
import { DEFAULT_GROUP_ID } from '@contract/group';
import { newId } from '../ids';
import { READY_STATE } from '../services/assets/asset-lifecycle';
import type { NewAssetRow } from '../store/assets';

const MEDIA: Record<AssetType, { ext: string; contentType: string }> = {
  image: { ext: 'png', contentType: 'image/png' },
  video: { ext: 'mp4', contentType: 'video/mp4' },
  audio: { ext: 'mp3', contentType: 'audio/mpeg' },
  file: { ext: 'bin', contentType: 'application/octet-stream' },
};

/**
 * A fully prepared asset row (all five readiness fields hold, registered by URL in the default
 * group) for writing straight into the store: tests that need assets to exist, and the benches that
 * need thousands, without simulating each preparation. Name, URL and content type follow `type`;
 * anything in `fields` wins.
 */
export function readyAssetRow(fields: Partial<NewAssetRow> & Pick<NewAssetRow, 'owner'>): NewAssetRow {
  const type = fields.type ?? 'image';
  const { ext, contentType } = MEDIA[isAssetType(type) ? type : 'file'];
  const created = fields.created_ms ?? Date.now();
  return {
    id: newId('asset'),
    group_id: DEFAULT_GROUP_ID,
    domain: 'media',
    type,
    name: `asset.${ext}`,
    description: '',
    origin: 'url',
    mode: 'asset',
    source_url: `https://example.com/asset.${ext}`,
    file_path: null,
    content_type: contentType,
    size: 1000,
    duration: 0,
    ...READY_STATE,
    visibility: 'private',
    model: null,
    purpose: null,
    role: null,
    metadata: null,
    fault: null,
    pace: 1,
    work_state: 'done',
    created_ms: created,
    updated_ms: created,
    ...fields,
  };
}
