import { describe, expect, it } from 'vitest';
import { READY_ASSET_FIELDS } from '@/test/asset-fixtures';
import { assetAvailability } from './asset-availability';

const ready = {
  id: 'asset_1',
  type: 'image',
  model: 'video-2.0-cl',
  url: 'https://e.com/a.png',
  source_url: 'https://e.com/a.png',
  ...READY_ASSET_FIELDS,
};

describe('assetAvailability', () => {
  it('a ready image prepared for this model serves a first frame', () => {
    expect(assetAvailability(ready, 'first_frame', 'video-2.0-cl')).toEqual({
      usable: true,
      reasons: [],
      warnings: [],
      known: { source: 'record', model: 'video-2.0-cl' },
      canPrepare: false,
    });
  });

  it('names the wrong type for the role', () => {
    const a = assetAvailability(ready, 'reference_video', 'video-2.0-cl');
    expect(a.usable).toBe(false);
    expect(a.reasons).toEqual([{ code: 'wrongType', type: 'image', needed: 'video' }]);
    expect(a.canPrepare).toBe(false);
  });

  it('names each readiness field that fails, with its value', () => {
    const a = assetAvailability(
      { ...ready, status: 'syncing', preparation_status: 'syncing', generation_ready: false },
      'first_frame',
      'video-2.0-cl',
    );
    expect(a.reasons).toEqual([
      {
        code: 'notReady',
        failures: [
          { field: 'status', value: 'syncing' },
          { field: 'preparation_status', value: 'syncing' },
          { field: 'generation_ready', value: 'false' },
        ],
      },
    ]);
  });

  it('an asset ready for another model can be prepared for this one', () => {
    const other = assetAvailability(ready, 'reference_image', 'video-2.0-cl-fast');
    expect(other.reasons).toEqual([
      { code: 'otherModel', assetModel: 'video-2.0-cl', model: 'video-2.0-cl-fast', remembered: false },
    ]);
    expect(other.canPrepare).toBe(true);
  });

  it('without a model on the record (the specification shows none) it is usable, with a warning, and can be prepared', () => {
    const none = assetAvailability({ ...ready, model: undefined }, 'reference_image', 'video-2.0-cl');
    expect(none.usable).toBe(true);
    expect(none.reasons).toEqual([]);
    expect(none.warnings).toEqual([{ code: 'modelUnknown', model: 'video-2.0-cl' }]);
    expect(none.known).toEqual({ source: 'unknown' });
    expect(none.canPrepare).toBe(true);
  });

  it('what this browser remembers registering it for says the model when the record does not', () => {
    const noModel = { ...ready, model: undefined };
    const same = assetAvailability(noModel, 'first_frame', 'video-2.0-cl', 'video-2.0-cl');
    expect(same).toMatchObject({ usable: true, warnings: [], canPrepare: false });
    expect(same.known).toEqual({ source: 'browser', model: 'video-2.0-cl' });
    const other = assetAvailability(noModel, 'first_frame', 'video-2.0-cl-fast', 'video-2.0-cl');
    expect(other.reasons).toEqual([
      { code: 'otherModel', assetModel: 'video-2.0-cl', model: 'video-2.0-cl-fast', remembered: true },
    ]);
    expect(other.canPrepare).toBe(true);
  });

  it("the record's own model wins over what this browser remembers", () => {
    const a = assetAvailability(ready, 'first_frame', 'video-2.0-cl', 'video-2.0-cl-fast');
    expect(a).toMatchObject({ usable: true, known: { source: 'record', model: 'video-2.0-cl' } });
  });

  it('a copy prepared here for this model is never offered for preparing again (no circle)', () => {
    const copy = { ...ready, id: 'asset_copy', model: undefined };
    const a = assetAvailability(copy, 'first_frame', 'video-2.0-cl', 'video-2.0-cl');
    expect(a.canPrepare).toBe(false);
    expect(a.usable).toBe(true);
  });

  it('a failed asset is not offered for preparing again, and says why', () => {
    const a = assetAvailability(
      {
        ...ready,
        model: 'video-2.0-cl-mini',
        status: 'failed',
        preparation_status: 'failed',
        generation_ready: false,
        sync_error: 'policy',
      },
      'first_frame',
      'video-2.0-cl',
    );
    expect(a.reasons[0]).toEqual({ code: 'failed', syncError: 'policy' });
    expect(a.canPrepare).toBe(false);
  });
});
