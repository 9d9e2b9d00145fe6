/** Records of the deployment double (spec-deployment.ts), kept apart from its routes. */
export interface DoubleAsset {
  id: string;
  /** Sent with the specification's alternative names (asset_id/asset_type/asset_ref) only. */
  alt: boolean;
  group_id: string;
  type: string;
  name: string;
  url: string;
  content_type: string;
  size: number;
  created_at: number;
  /** ms on the double's clock from which the asset reads as ready. */
  readyAt: number;
  /** When set, the list sends this instead: an item of a shape the dashboard cannot read. */
  unreadable?: Record<string, unknown>;
}

export interface DoubleGroup {
  group_id: string;
  name: string;
  description?: string;
}

export interface DoubleTask {
  id: string;
  model: string;
  createdAt: number;
  resultUrl: string;
  /** Which of the specification's six places carries the result URL. */
  resultPlace: string;
  cancel?: boolean;
  references?: Array<Record<string, unknown>>;
}

/** Assets in the default group: 120 images (three capped pages of 50), one unreadable, a video. */
export const SEEDED_ASSETS = 120;
export const UNREADABLE_INDEX = 7;

export function seedAssets(fixtureOrigin: string): DoubleAsset[] {
  const base = 1_760_000_000;
  const assets: DoubleAsset[] = Array.from({ length: SEEDED_ASSETS }, (_, i) => ({
    id: `asset_seed${String(i).padStart(3, '0')}`,
    alt: i % 2 === 0,
    group_id: 'grp_default',
    type: i === 1 ? 'video' : 'image',
    name: i === 1 ? 'Seed clip' : `Seed image ${i + 1}`,
    url: `${fixtureOrigin}/${i === 1 ? 'sample.mp4' : 'sample.png'}`,
    content_type: i === 1 ? 'video/mp4' : 'image/png',
    size: 1_000 + i,
    created_at: base - i * 60,
    readyAt: 0,
  }));
  assets[UNREADABLE_INDEX]!.unreadable = { name: 'No identifier', kind_of: ['odd'] };
  assets.push({
    id: 'asset_campaign1',
    alt: true,
    group_id: 'grp_campaign',
    type: 'image',
    name: 'Campaign poster',
    url: `${fixtureOrigin}/sample.png`,
    content_type: 'image/png',
    size: 2_048,
    created_at: base,
    readyAt: 0,
  });
  return assets;
}
