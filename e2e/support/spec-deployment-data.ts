/** Records of the deployment double (spec-deployment.ts), kept apart from its routes. */
export interface DoubleAsset {
  id: string;
  group_id: string;
  type: string;
  name: string;
  url: string;
  content_type: string;
  size: number;
  created_at: number;
  /** ms on the double's clock from which the asset reads as ready. */
  readyAt: number;
  /**
   * A state other than ready-once-`readyAt`-passed: preparation failed after review passed
   * (Asset states rule 2), disabled, or review failed.
   */
  state?: 'rejected' | 'disabled' | 'review-failed';
  syncError?: string;
  /** When set, the list sends this instead: an item of a shape the dashboard cannot read. */
  unreadable?: Record<string, unknown>;
  /** Sent or not as drawn (`purpose:<id>`): not a field of the specification's Asset. */
  purpose?: string;
  /** An asset no journey names: its record is drawn odd (spare shape). */
  spare?: boolean;
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
  /** `stuck`: stays in a state the specification does not list; `no-result`: succeeds with no result URL. */
  outcome: 'succeed' | 'fail' | 'cancel' | 'stuck' | 'no-result';
  references?: Array<Record<string, unknown>>;
  /** A task of the image-generation capability: followed at the style's image prefix. */
  image?: boolean;
}

/**
 * Assets in the default group: 120 (three capped pages of 50), one unreadable, one a video, twenty
 * spare ones (Seed image 61-80, named by no journey) whose records are drawn odd; before them the
 * three digital-human assets (`DH_ASSETS`), newest. In the Campaign group: a ready poster and three
 * that cannot be used (rule 2, disabled, review failed).
 */
export const SEEDED_ASSETS = 120;
export const UNREADABLE_INDEX = 7;
const SPARE = { from: 60, to: 79 };

/** Library assets the digital-human journey picks: `purpose` present or absent, as drawn. */
export const DH_ASSETS = [
  {
    id: 'asset_dhface',
    name: 'Presenter face',
    type: 'image',
    purpose: 'digital_human_avatar',
    file: 'sample.png',
  },
  {
    id: 'asset_dhvoice',
    name: 'Presenter voice',
    type: 'audio',
    purpose: 'digital_human_voice',
    file: 'sample.mp3',
  },
  {
    id: 'asset_dhconsent',
    name: 'Presenter consent',
    type: 'image',
    purpose: 'digital_human_authorization',
    file: 'sample.png',
  },
] as const;

export function seedAssets(fixtureOrigin: string, defaultGroup: string): DoubleAsset[] {
  const base = 1_760_000_000;
  const assets: DoubleAsset[] = Array.from({ length: SEEDED_ASSETS }, (_, i) => ({
    id: `asset_seed${String(i).padStart(3, '0')}`,
    group_id: defaultGroup,
    spare: i >= SPARE.from && i <= SPARE.to,
    type: i === 1 ? 'video' : 'image',
    name: i === 1 ? 'Seed clip' : `Seed image ${i + 1}`,
    url: `${fixtureOrigin}/${i === 1 ? 'sample.mp4' : 'sample.png'}`,
    content_type: i === 1 ? 'video/mp4' : 'image/png',
    size: 1_000 + i,
    created_at: base - i * 60,
    readyAt: 0,
  }));
  assets[UNREADABLE_INDEX]!.unreadable = { name: 'No identifier', kind_of: ['odd'] };
  assets.unshift(
    ...DH_ASSETS.map((a, i) => ({
      id: a.id,
      group_id: defaultGroup,
      type: a.type,
      name: a.name,
      purpose: a.purpose,
      url: `${fixtureOrigin}/${a.file}`,
      content_type: a.type === 'audio' ? 'audio/mpeg' : 'image/png',
      size: 3_000 + i,
      created_at: base + 600 - i,
      readyAt: 0,
    })),
  );
  const campaign = (id: string, name: string, extra: Partial<DoubleAsset>): DoubleAsset => ({
    id,
    group_id: 'grp_campaign',
    type: 'image',
    name,
    url: `${fixtureOrigin}/sample.png`,
    content_type: 'image/png',
    size: 2_048,
    created_at: base,
    readyAt: 0,
    ...extra,
  });
  assets.push(
    campaign('asset_rejected', 'Rejected poster', {
      state: 'rejected',
      syncError: 'input image rejected by a copyright policy',
    }),
    campaign('asset_disabled', 'Disabled poster', { state: 'disabled' }),
    campaign('asset_reviewfail', 'Review failed poster', { state: 'review-failed' }),
  );
  assets.push({
    id: 'asset_campaign1',
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
