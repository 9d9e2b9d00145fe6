import { describe, expect, it } from 'vitest';
import { carriesInternals, shownFfmpegText } from './ffmpeg-text';

describe('ffmpeg text shown to callers', () => {
  it('hides what names paths, URLs or a component prefix, and keeps a plain complaint', () => {
    for (const leak of [
      'not readable as media ([hls @ 0x55d1c0a2] URL file:///etc/passwd is not in allowed_segment_extensions)',
      'not readable as media (/srv/data/files/abc/task_1/result.mp4: Invalid data found)',
      'Opening http://127.0.0.1:9/x failed',
      'could not open C:\\data\\x.mp4',
    ])
      expect(carriesInternals(leak), leak).toBe(true);
    const plain = 'not readable as media (Invalid data found when processing input)';
    expect(shownFfmpegText(plain, 'hidden')).toBe(plain);
    expect(shownFfmpegText('[mov,mp4 @ 0x1] moov atom not found', 'hidden')).toBe('hidden');
  });
});
