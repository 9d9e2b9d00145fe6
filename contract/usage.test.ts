import { describe, expect, it } from 'vitest';
import { estimateVideoTokens, LOCAL_VIDEO_FPS, TOKEN_PIXEL_DIVISOR, VIDEO_INPUT_FACTOR } from './usage';

describe('estimateVideoTokens', () => {
  it('uses the server defaults: 5 s of 1280x720 at 24 fps', () => {
    expect(estimateVideoTokens({})).toBe(
      Math.round((1280 * 720 * LOCAL_VIDEO_FPS * 5) / TOKEN_PIXEL_DIVISOR),
    );
  });

  it('grows with duration and resolution, follows the ratio, and doubles with video input', () => {
    const base = estimateVideoTokens({ duration: 10, resolution: '1080p', ratio: '9:16' })!;
    expect(base).toBe(Math.round((1080 * 1920 * LOCAL_VIDEO_FPS * 10) / TOKEN_PIXEL_DIVISOR));
    expect(estimateVideoTokens({ duration: 4, resolution: '480p' })).toBeLessThan(base);
    const withVideo = {
      duration: 10,
      resolution: '1080p',
      ratio: '9:16',
      references: [{ role: 'reference_video', media_type: 'video', url: 'https://e.com/v.mp4' }],
    };
    expect(estimateVideoTokens(withVideo)).toBe(base * VIDEO_INPUT_FACTOR);
  });

  it('gives no figure for a body the server would refuse', () => {
    expect(estimateVideoTokens({ duration: 3 })).toBeUndefined();
    expect(estimateVideoTokens({ duration: '5' })).toBeUndefined();
    expect(estimateVideoTokens({ resolution: '4k' })).toBeUndefined();
  });
});
