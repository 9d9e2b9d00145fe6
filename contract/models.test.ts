import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RegisterAssetByUrlSchema } from './asset-schemas';
import {
  ASSET_MODELS,
  DEFAULT_VIDEO_MODEL,
  DIGITAL_HUMAN_AUDIO_MODELS,
  DIGITAL_HUMAN_VIDEO_MODELS,
  MUSIC_MODELS,
  VIDEO_DURATION,
  VIDEO_MODEL_IDS,
  VIDEO_RESOLUTIONS,
  allowedResolutions,
  isAssetModel,
  isResolutionAllowed,
  isVideoModel,
  parseRatio,
  resolutionDimensions,
} from './models';
import { NASTY_KEYS, junk } from './test-support/arbitraries';

describe('the model table (specification, Limits)', () => {
  it('has the three video models of the line, video-2.0-cl by default', () => {
    expect([...VIDEO_MODEL_IDS].sort()).toEqual(['video-2.0-cl', 'video-2.0-cl-fast', 'video-2.0-cl-mini']);
    expect(DEFAULT_VIDEO_MODEL).toBe('video-2.0-cl');
  });

  it('video-2.0-cl offers 480p, 720p and 1080p; fast and mini only 480p and 720p', () => {
    expect(allowedResolutions('video-2.0-cl')).toEqual(['480p', '720p', '1080p']);
    expect(allowedResolutions('video-2.0-cl-fast')).toEqual(['480p', '720p']);
    expect(allowedResolutions('video-2.0-cl-mini')).toEqual(['480p', '720p']);
    expect(isResolutionAllowed('video-2.0-cl', '1080p')).toBe(true);
    expect(isResolutionAllowed('video-2.0-cl-fast', '1080p')).toBe(false);
    expect(isResolutionAllowed('video-2.0-cl-mini', '1080p')).toBe(false);
    expect(isResolutionAllowed('video-2.0-cl', '4k')).toBe(false);
    expect(isResolutionAllowed('video-2.0-cl', '720P')).toBe(false);
  });

  it('durations are 4 to 15 seconds for all three models', () => {
    expect(VIDEO_DURATION.min).toBe(4);
    expect(VIDEO_DURATION.max).toBe(15);
    expect(VIDEO_DURATION.default).toBeGreaterThanOrEqual(4);
    expect(VIDEO_DURATION.default).toBeLessThanOrEqual(15);
  });

  it('isVideoModel knows only the three names, not prototype keys or near misses', () => {
    for (const m of VIDEO_MODEL_IDS) expect(isVideoModel(m)).toBe(true);
    for (const m of [
      'video-2.0',
      'VIDEO-2.0-CL',
      ' video-2.0-cl',
      'music-v5.5',
      ...NASTY_KEYS,
      undefined,
      1,
      {},
    ])
      expect(isVideoModel(m)).toBe(false);
  });

  it('property: isVideoModel never throws', () => {
    fc.assert(
      fc.property(junk, (v) => {
        expect(typeof isVideoModel(v)).toBe('boolean');
      }),
    );
  });
});

describe('parseRatio (ratio / aspect_ratio: <w>:<h>, any positive numbers)', () => {
  it('parses the examples of the specification', () => {
    expect(parseRatio('16:9')).toEqual({ w: 16, h: 9 });
    expect(parseRatio('9:16')).toEqual({ w: 9, h: 16 });
    expect(parseRatio('1:1')).toEqual({ w: 1, h: 1 });
    expect(parseRatio(' 21:9 ')).toEqual({ w: 21, h: 9 });
  });

  it('parses any positive sides, fractions included (2.39:1), and proportions beyond 4:1', () => {
    expect(parseRatio('2.39:1')).toEqual({ w: 2.39, h: 1 });
    expect(parseRatio('1.85:1')).toEqual({ w: 1.85, h: 1 });
    expect(parseRatio('.5:1')).toEqual({ w: 0.5, h: 1 });
    expect(parseRatio('9999:1')).toEqual({ w: 9999, h: 1 });
    expect(parseRatio('1:50')).toEqual({ w: 1, h: 50 });
  });

  it('rejects what is not of the form <w>:<h> with two positive numbers', () => {
    for (const r of [
      '',
      '16x9',
      '16/9',
      '16:',
      ':9',
      '0:1',
      '1:0',
      '16:9:1',
      '-16:9',
      '0.0:1',
      '1.:1',
      '1e3:1',
      '16 : 9',
      'abc',
      '1234567:1',
    ])
      expect(parseRatio(r), r).toBeUndefined();
  });
});

describe('resolutionDimensions (LOCAL_API.md: the resolution is the short side)', () => {
  it('720p: 16:9 is 1280x720, 9:16 is 720x1280, 1:1 is 720x720', () => {
    expect(resolutionDimensions('720p', '16:9')).toEqual({ width: 1280, height: 720 });
    expect(resolutionDimensions('720p', '9:16')).toEqual({ width: 720, height: 1280 });
    expect(resolutionDimensions('720p', '1:1')).toEqual({ width: 720, height: 720 });
  });

  it('1080p at 21:9 is 2520x1080; 480p at 16:9 rounds to even 854x480', () => {
    expect(resolutionDimensions('1080p', '21:9')).toEqual({ width: 2520, height: 1080 });
    expect(resolutionDimensions('1080p', '16:9')).toEqual({ width: 1920, height: 1080 });
    expect(resolutionDimensions('480p', '16:9')).toEqual({ width: 854, height: 480 });
  });

  it('2.39:1 at 1080p is 2582x1080; an extreme ratio shrinks the frame to at most 4320 pixels wide', () => {
    expect(resolutionDimensions('1080p', '2.39:1')).toEqual({ width: 2582, height: 1080 });
    expect(resolutionDimensions('1080p', '4:1')).toEqual({ width: 4320, height: 1080 });
    expect(resolutionDimensions('1080p', '8:1')).toEqual({ width: 4320, height: 540 });
    expect(resolutionDimensions('720p', '1:9999')).toEqual({ width: 16, height: 4320 });
  });

  it('falls back to 16:9 for a ratio it cannot read', () => {
    expect(resolutionDimensions('720p', 'wide')).toEqual({ width: 1280, height: 720 });
  });

  it('property: even sides, the short side is the resolution, the ratio is kept within a pixel', () => {
    const ratio = fc
      .tuple(fc.integer({ min: 1, max: 64 }), fc.integer({ min: 1, max: 64 }))
      .filter(([w, h]) => Math.max(w, h) <= 4 * Math.min(w, h));
    fc.assert(
      fc.property(fc.constantFrom(...VIDEO_RESOLUTIONS), ratio, (res, [w, h]) => {
        const { width, height } = resolutionDimensions(res, `${w}:${h}`);
        const short = Number.parseInt(res, 10);
        expect(width % 2).toBe(0);
        expect(height % 2).toBe(0);
        expect(Math.min(width, height)).toBe(short);
        expect(width >= height).toBe(w >= h);
        const exactLong = (short * Math.max(w, h)) / Math.min(w, h);
        expect(Math.abs(Math.max(width, height) - exactLong)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('property: any positive ratio stays within 16..4320 pixels a side, keeping its orientation', () => {
    const side = fc.double({ min: 0.001, max: 999999, noNaN: true });
    fc.assert(
      fc.property(fc.constantFrom(...VIDEO_RESOLUTIONS), side, side, (res, w, h) => {
        const { width, height } = resolutionDimensions(res, `${w.toFixed(3)}:${h.toFixed(3)}`);
        for (const s of [width, height]) {
          expect(s % 2).toBe(0);
          expect(s).toBeGreaterThanOrEqual(16);
          expect(s).toBeLessThanOrEqual(4320);
        }
        if (Number(w.toFixed(3)) > Number(h.toFixed(3))) expect(width).toBeGreaterThanOrEqual(height);
      }),
    );
  });
});

describe('ASSET_MODELS (what an asset may be prepared for; decision 080)', () => {
  it('is the video line, the digital-human models and the music models, each once', () => {
    expect([...ASSET_MODELS].sort()).toEqual(
      [
        ...VIDEO_MODEL_IDS,
        ...DIGITAL_HUMAN_VIDEO_MODELS,
        ...DIGITAL_HUMAN_AUDIO_MODELS,
        ...MUSIC_MODELS,
      ].sort(),
    );
    expect(new Set(ASSET_MODELS).size).toBe(ASSET_MODELS.length);
  });

  it('isAssetModel accepts exactly those names', () => {
    for (const m of ASSET_MODELS) expect(isAssetModel(m)).toBe(true);
    for (const m of ['service-chat', 'VIDEO-2.0-CL', ' video-2.0-cl', '', 'constructor', 5, null]) {
      expect(isAssetModel(m)).toBe(false);
    }
  });

  it('every known model passes the register schema, which also lets unknown names through', () => {
    for (const model of [...ASSET_MODELS, 'video-3.0-future']) {
      expect(RegisterAssetByUrlSchema.safeParse({ url: 'https://e.com/a.png', model }).success, model).toBe(
        true,
      );
    }
  });
});
