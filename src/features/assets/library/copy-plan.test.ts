import { describe, expect, it } from 'vitest';
import type { Asset } from '@/api/assets';
import { copyableUrl, planCopies } from './copy-plan';

const asset = (fields: Partial<Asset>): Asset => ({ id: 'asset_1', ...fields }) as Asset;

describe('copyableUrl', () => {
  it('prefers the public source URL', () => {
    expect(
      copyableUrl(
        asset({
          source_url: 'https://a.test/x.png',
          url: 'https://h.test/files/1',
          oss_url: 'https://h.test/files/1',
        }),
      ),
    ).toBe('https://a.test/x.png');
  });
  it('takes url when it is not the hosted test copy', () => {
    expect(copyableUrl(asset({ url: 'https://a.test/x.png', oss_url: '' }))).toBe('https://a.test/x.png');
  });
  it('names an upload whose only URL is the service-hosted test URL', () => {
    expect(
      copyableUrl(
        asset({ source_url: '', url: 'https://h.test/files/1', oss_url: 'https://h.test/files/1' }),
      ),
    ).toBe('serviceHostedOnly');
  });
  it('names an asset with no URL at all, and never takes a non-http URL', () => {
    expect(copyableUrl(asset({}))).toBe('noUrl');
    expect(copyableUrl(asset({ url: 'javascript:alert(1)' }))).toBe('noUrl');
  });
});

describe('planCopies', () => {
  it('registers each asset in the target group with its model, type and name', () => {
    const [plan] = planCopies(
      [
        asset({
          source_url: 'https://a.test/v.mp4',
          model: 'video-2.0-cl-fast',
          type: 'video',
          name: 'Clip',
        }),
      ],
      'grp_b',
    );
    expect(plan).toMatchObject({
      input: {
        url: 'https://a.test/v.mp4',
        group_id: 'grp_b',
        model: 'video-2.0-cl-fast',
        mode: 'asset',
        type: 'video',
        name: 'Clip',
      },
    });
  });
  it('uploads an upload again: its hosted file is read and sent into the target group', () => {
    const [plan] = planCopies(
      [
        asset({
          oss_url: 'https://h.test/files/o/asset_1/still%20life.png',
          url: 'https://h.test/files/o/asset_1/still%20life.png',
          model: 'video-2.0-cl',
          type: 'image',
          name: 'Still',
        }),
      ],
      'grp_b',
    );
    expect(plan).toEqual({
      asset: expect.anything(),
      reupload: {
        url: 'https://h.test/files/o/asset_1/still%20life.png',
        fileName: 'still life.png',
        fields: { group_id: 'grp_b', model: 'video-2.0-cl', type: 'image', name: 'Still' },
      },
    });
  });
  it('keeps a reason instead of an input for what has nothing to copy', () => {
    const [plan] = planCopies([asset({ name: 'Ghost' })], 'grp_b');
    expect(plan).toMatchObject({ reason: 'noUrl' });
    expect('input' in plan! || 'reupload' in plan!).toBe(false);
  });
});
