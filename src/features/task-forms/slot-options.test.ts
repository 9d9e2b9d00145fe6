import { describe, expect, it } from 'vitest';
import { slotOptions } from './slot-options';

describe('the assets a digital-human slot offers', () => {
  it('offers assets without a purpose: the specification’s Asset has no such field', () => {
    const assets: { id: string; purpose?: string }[] = [{ id: 'asset_a' }, { id: 'asset_b' }];
    expect(slotOptions(assets, 'digital_human_avatar').map((a) => a.id)).toEqual(['asset_a', 'asset_b']);
  });

  it('puts the ones registered for this use first, then those that say nothing, then the others', () => {
    const assets = [
      { id: 'asset_other', purpose: 'reference_video' },
      { id: 'asset_plain' },
      { id: 'asset_avatar', purpose: 'digital_human_avatar' },
    ];
    expect(slotOptions(assets, 'digital_human_avatar').map((a) => a.id)).toEqual([
      'asset_avatar',
      'asset_plain',
      'asset_other',
    ]);
  });
});
